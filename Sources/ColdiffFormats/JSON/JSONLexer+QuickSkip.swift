extension JSONLexer {
  /// How far before the end of the input the quick skip gives up: between
  /// two checks of its position it reads fewer bytes ahead than this.
  static let quickMargin = 64

  /// Validates the object or array at `position` as the token loop of
  /// `skipValue` does, in one tight loop over the shapes records usually
  /// have, or gives up.
  ///
  /// It reads the value's bytes through a pointer with its state in
  /// locals (no throwing calls, no stack array), the kinds of the open
  /// containers as bits of one word. It gives up at the first thing it
  /// does not take, among them every error: a byte that breaks the
  /// grammar, a control character or invalid UTF-8 in a string, an escape
  /// that is not valid, a line feed in a JSON Lines record, nesting over
  /// 63 levels or `JSONReader.maximumDepth`, and any position within
  /// ``quickMargin`` bytes of the end of the input (so the last records
  /// of an input are always read by the token loop): a string's stops are
  /// read only from blocks with that margin after them
  /// (`StringStops.reach`), so that a string ended at its closing quote
  /// needs no check. Whatever it takes, the token loop takes too, with
  /// the same end and the same key range.
  ///
  /// - Parameters:
  ///   - depth: how many containers already enclose the value.
  ///   - key: the member name to note the value of at the top level.
  ///   - found: set to the range of the value of the last member named
  ///     `key` at the value's top level, or `nil`, when it takes the
  ///     value.
  /// - Returns: the position just after the value, or -1 when it gives
  ///   up (then `found` is untouched).
  /// - Complexity: O(n) in the bytes read; where the strings' plain runs
  ///   end is read from the bits of 64-byte blocks made ahead
  ///   (`StringStops`), plain numbers at once (`ByteClassifier`), and
  ///   members `"name":value` with a string, number or literal value
  ///   follow one another in a loop of their own.
  ///
  /// Long by design: hot scanner loop (the validator of every record, its
  /// containers and states kept in locals, as `skipValue`'s).
  func quickSkip(depth: Int, key: QuickKey, found: inout Range<Int>?) -> Int {
    let margin = JSONLexer.quickMargin
    guard let base = bytes.baseAddress, position &+ StringStops.reach <= end else { return -1 }
    let end = self.end
    let lineFeedIsSpace = !stopsAtNewline
    var index = position
    let first = base[index]
    guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return -1 }
    // How many containers may be open (`JSONReader.maximumDepth`, and the
    // bits of `kinds`).
    let openLimit = min(63, JSONReader.maximumDepth &- depth)
    // The open containers, and their kinds (bit 0: whether the innermost
    // is an object; the outer ones in the bits above).
    var open = 0
    var kinds: UInt64 = 0
    // Where the key member's value starts, or -1; and the range of the
    // last one read (-1 for none).
    var keyStart = -1
    var foundStart = -1
    var foundEnd = -1
    // Whether `index` is at a member name (or the whitespace before it),
    // else at a value (the whitespace before it passed over).
    var atName = false
    // Where the strings' plain runs stop.
    var stops = StringStops(base, at: index, end: end)
    nextToken: while true {
      // Whether the member loop read a value, which `index` is just after.
      var valueRead = false
      if atName {
        atName = false
        if base[index] <= 0x20 {
          index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
          guard index >= 0 else { return -1 }
        }
        guard base[index] == UInt8(ascii: "\"") else { return -1 }
        // Members `"name":value` with a string, number or literal value
        // and no whitespace around the colon, one after the other in one
        // loop; the key member, and the rest, below.
        members: while true {
          // `index` is at the name's opening quote.
          let opening = index
          index = stops.stop(base, from: opening &+ 1, end: end)
          guard index >= 0 else { return -1 }
          // A name with an escape or non-ASCII text is compared decoded.
          let escaped = base[index] != UInt8(ascii: "\"")
          if escaped {
            index = JSONLexer.withinMargin(JSONLexer.quickString(base, from: index, end: end), end)
            guard index >= 0 else { return -1 }
          } else {
            // (The stops leave the margin after the closing quote.)
            index &+= 1
          }
          let isKey =
            open == 1
            && key.matches(
              base, start: opening &+ 1, count: index &- opening &- 2, escaped: escaped)
          if !isKey && base[index] == UInt8(ascii: ":") {
            var valueEnd = -1
            switch base[index &+ 1] {
            case UInt8(ascii: "\""):
              valueEnd = stops.stringEnd(base, at: index &+ 1, end: end)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
              valueEnd = JSONLexer.withinMargin(
                JSONLexer.quickNumber(base, at: index &+ 1, end: end), end)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
              valueEnd = JSONLexer.withinMargin(JSONLexer.quickLiteral(base, at: index &+ 1), end)
            default: break
            }
            // (A string's end has the margin after it, as `stringEnd` gives it.)
            if valueEnd >= 0 {
              index = valueEnd
              // `,"`: the next member's name.
              if UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt16.self)
                == 0x222C
              {
                index &+= 1
                continue members
              }
              valueRead = true
              break members
            }
          }
          if base[index] != UInt8(ascii: ":") {
            index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
            guard index >= 0, base[index] == UInt8(ascii: ":") else { return -1 }
          }
          index &+= 1
          if base[index] <= 0x20 {
            index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
            guard index >= 0 else { return -1 }
          }
          if isKey { keyStart = index }
          break members
        }
      }
      if !valueRead {
        let byte = base[index]
        switch byte {
        case UInt8(ascii: "\""):
          index = stops.stringEnd(base, at: index, end: end)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          index = JSONLexer.quickNumber(base, at: index, end: end)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
          index = JSONLexer.quickLiteral(base, at: index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard open < openLimit else { return -1 }
          index &+= 1
          guard index &+ margin <= end else { return -1 }
          if base[index] <= 0x20 {
            index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
            guard index >= 0 else { return -1 }
          }
          // `}` is `{` + 2, and `]` is `[` + 2.
          if base[index] == byte &+ 2 {
            index &+= 1
          } else {
            let isObject: UInt64 = byte == UInt8(ascii: "{") ? 1 : 0
            kinds = kinds &<< 1 | isObject
            open &+= 1
            atName = isObject == 1
            continue nextToken
          }
        default: return -1
        }
        guard index >= 0, index &+ margin <= end else { return -1 }
      }
      // Close the containers this value completes.
      while open > 0 {
        if keyStart >= 0 && open == 1 {
          foundStart = keyStart
          foundEnd = index
          keyStart = -1
        }
        var next = base[index]
        if next <= 0x20 {
          index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
          guard index >= 0 else { return -1 }
          next = base[index]
        }
        let inObject = kinds & 1 == 1
        if next == UInt8(ascii: ",") {
          index &+= 1
          atName = inObject
          if !inObject && base[index] <= 0x20 {
            index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
            guard index >= 0 else { return -1 }
          }
          continue nextToken
        }
        guard next == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return -1 }
        index &+= 1
        guard index &+ margin <= end else { return -1 }
        open &-= 1
        kinds &>>= 1
      }
      found = foundStart >= 0 ? foundStart..<foundEnd : nil
      return index
    }
  }

  /// `index` when ``quickMargin`` bytes follow it, else -1 (-1 too).
  @inline(__always)
  static func withinMargin(_ index: Int, _ end: Int) -> Int {
    index >= 0 && index &+ quickMargin <= end ? index : -1
  }

  /// The position just after the string in which `index` is the first
  /// byte that is not plain ASCII (`quickStringRest`), or -1.
  @inline(never)
  static func quickString(_ base: UnsafePointer<UInt8>, from index: Int, end: Int) -> Int {
    var escaped = false
    return quickStringRest(base, from: index, end: end, escaped: &escaped)
  }

  /// The first position at or after `index` that is not whitespace (a
  /// line feed is whitespace when `lineFeedIsSpace`), or -1 when it comes
  /// within ``quickMargin`` bytes of `end`.
  @inline(__always)
  static func quickSpace(
    _ base: UnsafePointer<UInt8>, _ index: Int, _ end: Int, _ lineFeedIsSpace: Bool
  ) -> Int {
    var index = index
    while true {
      switch base[index] {
      case 0x20, 0x09, 0x0D: break
      case 0x0A where lineFeedIsSpace: break
      default: return index
      }
      index &+= 1
      guard index &+ quickMargin <= end else { return -1 }
    }
  }

  /// The position just after the string in which `index` is the first
  /// byte that is not plain ASCII (not its closing quote), validated as
  /// `scanString` does, or -1 at anything `scanString` rejects or too near
  /// `end` for a block of sixteen bytes; `escaped` is set when the string
  /// holds an escape.
  @inline(never)
  static func quickStringRest(
    _ base: UnsafePointer<UInt8>, from index: Int, end: Int, escaped: inout Bool
  ) -> Int {
    let width = ByteClassifier.width
    var index = index
    while true {
      let byte = base[index]
      if byte == UInt8(ascii: "\"") { return index &+ 1 }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        index = quickEscape(base, at: index, end: end)
        guard index >= 0 else { return -1 }
      } else if byte >= 0x80 {
        let length = UTF8Validation.sequenceLength(
          UnsafeBufferPointer(start: base, count: end), at: index, limit: end)
        guard length > 0 else { return -1 }
        index &+= length
      } else {
        return -1
      }
      while true {
        guard index &+ width <= end else { return -1 }
        let run = ByteClassifier.firstStringSpecial(UnsafeRawPointer(base), index)
        index &+= run
        if run < width { break }
      }
    }
  }

  /// The position just after the valid escape at `index` (a backslash),
  /// or -1.
  @inline(__always)
  static func quickEscape(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> Int {
    guard index &+ 6 <= end else { return -1 }
    switch base[index &+ 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index &+ 2
    case UInt8(ascii: "u"):
      for offset in 2..<6 where hexValue(base[index &+ offset]) == nil { return -1 }
      return index &+ 6
    default: return -1
    }
  }

  /// The position just after the number at `index`, validated as
  /// `scanNumber` does, or -1 where it would throw.
  @inline(__always)
  static func quickNumber(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> Int {
    // A plain number, or `-` and one: the block fits (the margin).
    let digits = base[index] == UInt8(ascii: "-") ? index &+ 1 : index
    let length = ByteClassifier.plainNumberLength(UnsafeRawPointer(base), digits)
    if length > 0 { return digits &+ length }
    return quickNumberByBytes(base, at: index, end: end)
  }

  /// The position just after the number at `index` read a byte at a time,
  /// with the grammar of `scanNumber`, or -1 where it would throw.
  @inline(never)
  static func quickNumberByBytes(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> Int {
    var index = index
    func digitAt(_ index: Int) -> Bool { index < end && isDigit(base[index]) }
    func skipDigits() { while digitAt(index) { index += 1 } }
    if base[index] == UInt8(ascii: "-") { index += 1 }
    guard digitAt(index) else { return -1 }
    if base[index] == UInt8(ascii: "0") {
      index += 1
      if digitAt(index) { return -1 }
    } else {
      skipDigits()
    }
    if index < end, base[index] == UInt8(ascii: ".") {
      index += 1
      guard digitAt(index) else { return -1 }
      skipDigits()
    }
    if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < end, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digitAt(index) else { return -1 }
      skipDigits()
    }
    if index < end, isWordByte(base[index]) || base[index] == UInt8(ascii: ".") { return -1 }
    return index
  }

  /// The position just after `true`, `false` or `null` at `index` (not
  /// followed by a letter, digit, `_` or non-ASCII byte), or -1; the
  /// margin leaves room for the word and the byte after it.
  @inline(__always)
  static func quickLiteral(_ base: UnsafePointer<UInt8>, at index: Int) -> Int {
    let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt32.self)
    let length =
      word == trueWord || word == nullWord
      ? 4 : word == falsWord && base[index &+ 4] == UInt8(ascii: "e") ? 5 : 0
    guard length > 0, !isWordByte(base[index &+ length]) else { return -1 }
    return index &+ length
  }
}

/// The member name `skipValue` notes the value of, ready for the quick
/// skip: a name of up to eight bytes compared as one masked word.
struct QuickKey {
  /// The name (decoded), or empty when there is none.
  let name: [UInt8]
  /// Its length, or `Int.max` when there is no name (nothing matches).
  let count: Int
  /// Its first eight bytes as a little-endian word, and the mask of
  /// those it has.
  let word: UInt64
  let mask: UInt64

  /// The key that matches nothing.
  static let none = QuickKey(nil)

  /// The key for `name`, or one that matches nothing.
  init(_ name: [UInt8]?) {
    self.name = name ?? []
    count = name?.count ?? Int.max
    var word: UInt64 = 0
    for (offset, byte) in self.name.prefix(8).enumerated() {
      word |= UInt64(byte) << (8 * offset)
    }
    self.word = word
    mask = count >= 8 ? ~0 : (1 << (8 * UInt64(count))) - 1
  }

  /// Whether a name without an escape of `count` bytes, at most eight,
  /// whose first eight bytes are `word` (little-endian; the bytes past
  /// the name are masked off), is `name`.
  @inline(__always)
  func matches(word: UInt64, count: Int) -> Bool { count == self.count && holds(word) }

  /// Whether the bytes of `word` that ``mask`` keeps are ``word``'s: the
  /// name, for a name of its length (at most eight bytes).
  @inline(__always)
  private func holds(_ word: UInt64) -> Bool { word & mask == self.word }

  /// Whether the member name written at `start..<start + count` decodes
  /// to `name` (`JSONText.string`); a name without escapes of up to eight
  /// bytes is compared as one word, read within the quick skip's margin.
  @inline(__always)
  func matches(_ base: UnsafePointer<UInt8>, start: Int, count: Int, escaped: Bool) -> Bool {
    if !escaped {
      guard count == self.count else { return false }
      if count <= 8 {
        return holds(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: start, as: UInt64.self))
      }
    } else if count < self.count {
      return false
    }
    return JSONText.string(
      UnsafeBufferPointer(start: base, count: start &+ count), range: start..<(start &+ count),
      equals: name)
  }
}
