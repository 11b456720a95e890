extension JSONStyle {
  /// Detects the style of a validated JSON document.
  ///
  /// The first container whose content starts on its own line gives the
  /// indentation (its width divided by the nesting level); a container
  /// whose content starts on the same line makes the style compact. The
  /// first `:` and the first `,` not followed by a line break give `colon`
  /// and `comma`; what is not seen gets the usual partner (`": "` goes
  /// with `", "`, `":"` with `","`).
  ///
  /// - Parameter bytes: a document the reader accepts.
  /// - Returns: its style.
  /// - Complexity: O(n) at most; stops once everything is known.
  public static func detect(in bytes: UnsafeBufferPointer<UInt8>) -> JSONStyle {
    var detector = StyleDetector()
    let start = JSONReader.byteOrderMarkLength(bytes)
    detector.examine(bytes, range: start..<bytes.count, depth: 0)
    return detector.style(document: bytes, fallbackIndent: .none)
  }

  /// Detects how the records of a scanned collection are written: the
  /// records are examined at their nesting depth (1 in an array or
  /// object, 0 in JSON Lines), the first ones first, up to a thousand.
  ///
  /// - Parameters:
  ///   - bytes: the scanned buffer.
  ///   - index: its records.
  /// - Returns: the style in which to write a record of this collection.
  /// - Complexity: O(n) in the examined records.
  public static func detect(in bytes: UnsafeBufferPointer<UInt8>, index: JSONCollectionIndex)
    -> JSONStyle
  {
    var detector = StyleDetector()
    let depth = index.form == .jsonLines ? 0 : 1
    for record in 0..<min(index.count, 1000) where !detector.isComplete {
      if index.form == .jsonObject {
        detector.examineColon(bytes, from: index.nameEnds[record] + 1)
      }
      detector.examine(bytes, range: index.recordRange(record), depth: depth)
    }
    if detector.comma == nil, index.form != .jsonLines, index.count > 1 {
      // Scalar records in compact text: the bytes between the first two.
      let gap = bytes[index.entryRange(0).upperBound..<index.entryRange(1).lowerBound]
      if !gap.contains(0x0A) { detector.comma = Array(gap) }
    }
    var fallback = Indent.none
    if index.form != .jsonLines, index.count > 0 {
      // Scalar records in indented text: the indentation before the first.
      var position = index.entryRange(0).lowerBound
      var width = 0
      var tabs = false
      while position > 0, bytes[position - 1] == 0x20 || bytes[position - 1] == 0x09 {
        tabs = bytes[position - 1] == 0x09
        width += 1
        position -= 1
      }
      if width > 0, position > 0, bytes[position - 1] == 0x0A {
        fallback = tabs ? .tab : .spaces(width)
      }
    }
    return detector.style(document: bytes, fallbackIndent: fallback)
  }
}

/// Gathers what the examined values tell of their style.
private struct StyleDetector {
  var indent: JSONStyle.Indent?
  var colon: [UInt8]?
  var comma: [UInt8]?

  /// Whether nothing more is to be learnt.
  var isComplete: Bool {
    guard let indent, colon != nil else { return false }
    return indent != .none || comma != nil
  }

  /// Learns `colon` from the bytes after a member name's closing quote.
  mutating func examineColon(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
    guard colon == nil else { return }
    var end = start
    while bytes[end] != UInt8(ascii: ":") { end += 1 }
    end += 1
    while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
    colon = Array(bytes[start..<end])
  }

  /// Learns from the validated value at `range`, nested `depth` levels
  /// deep in its document.
  mutating func examine(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, depth: Int) {
    var level = 0
    var index = range.lowerBound
    while index < range.upperBound && !isComplete {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        var escaped = false
        let end = ValidatedJSON(bytes).endOfString(index, escaped: &escaped)
        if level > 0 { examineColonAfterName(bytes, end) }
        index = end
        continue
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        level += 1
        let next = skipBlanks(bytes, index + 1)
        if indent == nil, next < range.upperBound, !isLineBreak(bytes[next]),
          !isClosing(bytes[next])
        {
          indent = JSONStyle.Indent.none
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): level -= 1
      case UInt8(ascii: ","):
        let next = skipBlanks(bytes, index + 1)
        if comma == nil, next < range.upperBound, !isLineBreak(bytes[next]) {
          comma = Array(bytes[index..<next])
        }
      case 0x0A:
        if indent == nil { examineIndent(bytes, lineStart: index + 1, level: level, depth: depth) }
      default: break
      }
      index += 1
    }
  }

  /// Learns `colon` when the string ending at `end` is a member name.
  private mutating func examineColonAfterName(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) {
    guard colon == nil else { return }
    var next = end
    while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
    if next < bytes.count, bytes[next] == UInt8(ascii: ":") { examineColon(bytes, from: end) }
  }

  /// Learns `indent` from the line starting at `lineStart`, `level` levels
  /// inside the examined value.
  private mutating func examineIndent(
    _ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, level: Int, depth: Int
  ) {
    let next = skipBlanks(bytes, lineStart)
    let width = next - lineStart
    guard width > 0, next < bytes.count else { return }
    let nesting = level - (isClosing(bytes[next]) ? 1 : 0)
    guard nesting >= 1 else { return }
    if bytes[lineStart] == 0x09 {
      indent = .tab
    } else if width % (depth + nesting) == 0 {
      indent = .spaces(width / (depth + nesting))
    } else if width % nesting == 0 {
      indent = .spaces(width / nesting)
    } else {
      indent = .spaces(width)
    }
  }

  /// The style learnt, with the usual partners for what was not seen.
  func style(document bytes: UnsafeBufferPointer<UInt8>, fallbackIndent: JSONStyle.Indent)
    -> JSONStyle
  {
    let indent = indent ?? fallbackIndent
    let spaced = colon.map { $0.last == 0x20 } ?? comma.map { $0.last == 0x20 } ?? (indent != .none)
    var lineEnding: [UInt8] = [0x0A]
    var index = 0
    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    if index > 0, index < bytes.count, bytes[index - 1] == 0x0D { lineEnding = [0x0D, 0x0A] }
    return JSONStyle(
      indent: indent, colon: colon ?? Array((spaced ? ": " : ":").utf8),
      comma: comma ?? Array((spaced ? ", " : ",").utf8), lineEnding: lineEnding,
      finalNewline: bytes.last == 0x0A)
  }

  /// The first index at or after `index` that is not a space or tab.
  private func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
    var index = index
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    return index
  }

  /// Whether `byte` is CR or LF.
  private func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

  /// Whether `byte` closes a container.
  private func isClosing(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
  }
}
