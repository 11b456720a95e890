extension JSONLexer {
  /// Reads a string at `position` (its opening quote) and steps past the
  /// closing quote, validating escapes, control characters and UTF-8.
  ///
  /// A lone or misordered UTF-16 surrogate escape (`"\uD800"`) is accepted
  /// (it decodes to U+FFFD); raw bytes that are not UTF-8 are rejected.
  ///
  /// - Returns: whether the string holds a backslash escape.
  /// - Throws: `InputError` at the offending byte.
  /// - Complexity: O(n); plain ASCII runs are checked sixteen bytes at a
  ///   time.
  @inline(__always)
  mutating func scanString() throws(InputError) -> Bool {
    // Most strings are plain ASCII up to their closing quote.
    let stop = JSONLexer.skipPlainASCII(bytes, from: position + 1, to: end)
    if stop < end && bytes[stop] == UInt8(ascii: "\"") {
      position = stop + 1
      return false
    }
    return try scanStringRest(openingAt: position, from: stop)
  }

  /// Reads the rest of the string whose opening quote is at `start` from
  /// `index`, where a byte other than plain ASCII was found.
  ///
  /// - Returns: whether the string holds a backslash escape.
  /// - Throws: `InputError` at the offending byte.
  @inline(never)
  mutating func scanStringRest(openingAt start: Int, from index: Int) throws(InputError)
    -> Bool
  {
    position = index
    var escaped = false
    while true {
      position = JSONLexer.skipPlainASCII(bytes, from: position, to: end)
      guard position < end else {
        throw error("unterminated string (no closing '\"')", at: start)
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return escaped
      }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        try scanEscape()
      } else if byte < 0x20 {
        if byte == 0x0A && stopsAtNewline {
          throw error("unterminated string (no closing '\"' on this line)", at: start)
        }
        throw error(
          "control character \(JSONLexer.hex(byte)) must be escaped in a string", at: position)
      } else {
        let length = utf8SequenceLength(at: position, limit: end)
        guard length > 0 else {
          throw error(
            "invalid UTF-8 byte \(JSONLexer.hex(byte)) at byte offset \(position)", at: position)
        }
        position += length
      }
    }
  }

  /// Validates the escape at `position` (a backslash) and steps past it.
  private mutating func scanEscape() throws(InputError) {
    let backslash = position
    position += 1
    guard position < end else { throw error("unterminated string escape", at: backslash) }
    switch bytes[position] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      position += 1
    case UInt8(ascii: "u"):
      position += 1
      for _ in 0..<4 {
        guard position < end, JSONLexer.hexValue(bytes[position]) != nil else {
          throw unexpected("expected four hexadecimal digits after '\\u'")
        }
        position += 1
      }
    default:
      throw unexpected(
        "invalid escape in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
    }
  }

  /// The value of a hexadecimal digit, or `nil`.
  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// The first index at or after `from` whose byte is a quote, a backslash,
  /// a control character or non-ASCII (or `to`).
  ///
  /// - Complexity: O(n), sixteen bytes per step (`ByteClassifier`); the
  ///   last bytes before `to`, fewer than sixteen, one at a time.
  @inline(__always)
  static func skipPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
    var index = from
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index &+ ByteClassifier.width <= end {
        let found = ByteClassifier.firstStringSpecial(raw, index)
        index &+= found
        if found < ByteClassifier.width { return index }
      }
    }
    while index < end {
      let byte = bytes[index]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { return index }
      index += 1
    }
    return index
  }

  /// The length (1…4) of the well-formed UTF-8 sequence at `index`, or 0
  /// when the bytes there are not UTF-8 (overlong forms, surrogates, code
  /// points above U+10FFFF, truncated sequences).
  func utf8SequenceLength(at index: Int, limit: Int) -> Int {
    UTF8Validation.sequenceLength(bytes, at: index, limit: limit)
  }

  /// The scalar of the well-formed UTF-8 sequence of `length` bytes at
  /// `index`.
  static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int)
    -> Unicode.Scalar
  {
    var value = UInt32(bytes[index])
    switch length {
    case 2: value &= 0x1F
    case 3: value &= 0x0F
    case 4: value &= 0x07
    default: break
    }
    for offset in 1..<max(length, 1) {
      value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }

  /// Decodes the text between a string's quotes (already validated):
  /// escapes become their characters, as UTF-8; a lone surrogate escape
  /// becomes U+FFFD.
  ///
  /// - Complexity: O(n).
  static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        index += 1
        continue
      }
      let code = bytes[index + 1]
      index += 2
      if let character = JSONText.simpleEscape(code) {
        out.append(character)
        continue
      }
      // (A validated string's only other escape is `\u`.)
      var scalar = hex4(bytes, at: index)
      index += 4
      if scalar >= 0xD800 && scalar < 0xDC00 {
        if index + 6 <= range.upperBound, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        {
          let low = hex4(bytes, at: index + 2)
          if low >= 0xDC00 && low < 0xE000 {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          } else {
            scalar = 0xFFFD
          }
        } else {
          scalar = 0xFFFD
        }
      } else if scalar >= 0xDC00 && scalar < 0xE000 {
        scalar = 0xFFFD
      }
      appendUTF8(scalar, to: &out)
    }
    return out
  }

  /// The value of the four hexadecimal digits at `index`.
  private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
    var value: UInt32 = 0
    for offset in 0..<4 { value = value << 4 | (hexValue(bytes[index + offset]) ?? 0) }
    return value
  }

  /// Appends the UTF-8 form of a scalar value (not a surrogate).
  static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80: out.append(UInt8(scalar))
    case 0x80..<0x800:
      out.append(0xC0 | UInt8(scalar >> 6))
      out.append(0x80 | UInt8(scalar & 0x3F))
    case 0x800..<0x10000:
      out.append(0xE0 | UInt8(scalar >> 12))
      out.append(0x80 | UInt8(scalar >> 6 & 0x3F))
      out.append(0x80 | UInt8(scalar & 0x3F))
    default:
      out.append(0xF0 | UInt8(scalar >> 18))
      out.append(0x80 | UInt8(scalar >> 12 & 0x3F))
      out.append(0x80 | UInt8(scalar >> 6 & 0x3F))
      out.append(0x80 | UInt8(scalar & 0x3F))
    }
  }
}
