extension JSONWriter {
  /// Writes the validated JSON value `bytes[range]` as ``write(_:style:depth:to:)``
  /// writes its parsed value, without parsing it: its tokens are copied as
  /// written (strings and numbers keep their text there too) with the
  /// style's separators and indentation in place of its whitespace. Each
  /// value that starts at the start of a range of `replacing` is written
  /// as that replacement's validated JSON text instead, in the same way.
  ///
  /// - Parameters:
  ///   - bytes: the buffer.
  ///   - range: a validated value, no whitespace around it.
  ///   - replacing: values of `bytes` (by their ranges) and what to write
  ///     in their place.
  ///   - style: how to write it.
  ///   - depth: the nesting depth of the value in the document.
  ///   - out: where to append.
  /// - Complexity: O(n) in the length of the text and the replacements.
  public static func write(
    text bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    replacing: [(value: Range<Int>, json: [UInt8])] = [], style: JSONStyle, depth: Int,
    to out: inout [UInt8]
  ) {
    if style.indentUnit.isEmpty {
      CompactTextWriter(bytes: bytes, comma: style.comma, colon: style.colon)
        .write(range, replacing: replacing, to: &out)
      return
    }
    TextWriter(writer: Writer(style: style), bytes: bytes, replacing: replacing)
      .write(range, depth: depth, to: &out)
  }
}

/// One write of validated text (``JSONWriter/write(text:_:replacing:style:depth:to:)``).
private struct TextWriter {
  let writer: Writer
  let bytes: UnsafeBufferPointer<UInt8>
  let replacing: [(value: Range<Int>, json: [UInt8])]

  /// Writes the value at `range` and everything in it.
  func write(_ range: Range<Int>, depth: Int, to out: inout [UInt8]) {
    // The open containers: whether each is an object, its depth, and how
    // many of its elements are written.
    var frames: [(isObject: Bool, depth: Int, written: Int)] = []
    var index = range.lowerBound
    // The depth of the value at `index` still to write, if one is.
    var next: Int? = depth
    while true {
      if let depth = next {
        next = nil
        if let replacement = replacing.first(where: { $0.value.lowerBound == index }) {
          replacement.json.withUnsafeBufferPointer { json in
            TextWriter(writer: writer, bytes: json, replacing: [])
              .write(0..<json.count, depth: depth, to: &out)
          }
          index = replacement.value.upperBound
        } else {
          let byte = bytes[index]
          if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            out.append(byte)
            frames.append((byte == UInt8(ascii: "{"), depth, 0))
            index += 1
          } else {
            let end = scalarEnd(from: index)
            out += UnsafeBufferPointer(rebasing: bytes[index..<end])
            index = end
          }
        }
      }
      guard var frame = frames.popLast() else { return }
      index = nonSpace(from: index)
      if bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]") {
        writer.close(bytes[index], empty: frame.written == 0, depth: frame.depth, to: &out)
        index += 1
        continue
      }
      if frame.written > 0 { index = nonSpace(from: index + 1) }
      writer.separate(first: frame.written == 0, depth: frame.depth + 1, to: &out)
      if frame.isObject {
        let nameEnd = scalarEnd(from: index)
        out += UnsafeBufferPointer(rebasing: bytes[index..<nameEnd])
        out += writer.style.colon
        index = nonSpace(from: nonSpace(from: nameEnd) + 1)
      }
      next = frame.depth + 1
      frame.written += 1
      frames.append(frame)
    }
  }

  /// Where the string, number or literal at `index` ends.
  private func scalarEnd(from index: Int) -> Int {
    var end = index + 1
    if bytes[index] == UInt8(ascii: "\"") {
      while bytes[end] != UInt8(ascii: "\"") {
        end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
      }
      return end + 1
    }
    // A number or a literal: up to a separator, a closing bracket,
    // whitespace or the end.
    while end < bytes.count {
      switch bytes[end] {
      case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
        return end
      default: end += 1
      }
    }
    return end
  }

  /// The first byte at or after `index` that is not whitespace.
  private func nonSpace(from index: Int) -> Int {
    var index = index
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
    {
      index += 1
    }
    return index
  }
}
