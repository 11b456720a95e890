/// Reads the tokens of JSON text from a byte buffer (whitespace, strings,
/// numbers, literals, punctuation) and validates each against RFC 8259.
///
/// The lexer reads `bytes[position..<end]`; errors are located in the whole
/// buffer, so a record's error names its line in the file.
struct JSONLexer {
  /// The whole input (errors are located in it).
  let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  var position: Int
  /// Where reading stops.
  let end: Int
  /// Whether a line feed ends the input (JSON Lines: a record is one line).
  var stopsAtNewline: Bool

  /// Creates a lexer over `bytes[range]`, in which a line feed is
  /// whitespace.
  ///
  /// - Parameters:
  ///   - bytes: the whole input.
  ///   - range: the part to read.
  init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
    self.bytes = bytes
    self.position = range.lowerBound
    self.end = range.upperBound
    self.stopsAtNewline = false
  }

  /// Whether the input is exhausted (in JSON Lines, also at a line feed).
  var atEnd: Bool {
    position >= end || (stopsAtNewline && bytes[position] == 0x0A)
  }

  /// The byte at `position`; only valid when not `atEnd`.
  var current: UInt8 { bytes[position] }

  /// Skips spaces, tabs, carriage returns and line feeds (not a line feed
  /// when `stopsAtNewline`).
  @inline(__always)
  mutating func skipWhitespace() {
    // Most tokens follow one another without whitespace.
    if position < end && bytes[position] > 0x20 { return }
    while position < end {
      switch bytes[position] {
      case 0x20, 0x09, 0x0D: position += 1
      case 0x0A:
        if stopsAtNewline { return }
        position += 1
      default: return
      }
    }
  }

  /// Makes a located error.
  @inline(never)
  func error(_ message: String, at offset: Int) -> InputError {
    InputError(message, offset: offset, in: bytes)
  }

  /// An error saying what was expected and what was found at `position`.
  @inline(never)
  func unexpected(_ expectation: String) -> InputError {
    error("\(expectation), found \(describeCurrent())", at: position)
  }

  /// Describes the byte at `position` for a message: `'x'`, `end of input`,
  /// `control character 0x0B`, `'é' (U+00E9)` or `invalid UTF-8 byte 0xFF at
  /// byte offset 12`.
  func describeCurrent() -> String {
    if position >= end { return stopsAtNewline ? "end of line" : "end of input" }
    let byte = bytes[position]
    if byte == 0x0A && stopsAtNewline { return "end of line" }
    if byte < 0x20 || byte == 0x7F { return "control character \(JSONLexer.hex(byte))" }
    if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
    let length = utf8SequenceLength(at: position, limit: bytes.count)
    guard length > 0 else {
      return "invalid UTF-8 byte \(JSONLexer.hex(byte)) at byte offset \(position)"
    }
    let scalar = JSONLexer.decodeScalar(bytes, at: position, length: length)
    return "'\(Character(scalar))' (U+\(JSONLexer.hexDigits(scalar.value, width: 4)))"
  }

  /// `0xAB` for a byte.
  static func hex(_ byte: UInt8) -> String {
    "0x" + hexDigits(UInt32(byte), width: 2)
  }

  /// Upper-case hexadecimal digits of `value`, padded to `width`.
  static func hexDigits(_ value: UInt32, width: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  /// Expects `byte` at `position` and steps over it.
  ///
  /// - Throws: `InputError` naming `expectation` and what was found.
  @inline(__always)
  mutating func expect(_ byte: UInt8, _ expectation: StaticString) throws(InputError) {
    // `byte` is never a line feed, so `atEnd` reduces to the bound.
    guard position < end, bytes[position] == byte else {
      throw unexpected("\(expectation)")
    }
    position += 1
  }

  /// Reads `true`, `false` or `null` at `position`.
  ///
  /// - Returns: the literal's first byte (`t`, `f` or `n`).
  /// - Throws: `InputError` when the word is not one of the three.
  mutating func scanLiteral() throws(InputError) -> UInt8 {
    let first = bytes[position]
    // The common case: the whole word, then a delimiter, in one load.
    if position + 4 < end, let base = bytes.baseAddress {
      let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: position, as: UInt32.self)
      let length =
        word == JSONLexer.trueWord || word == JSONLexer.nullWord
        ? 4 : word == JSONLexer.falsWord && bytes[position + 4] == UInt8(ascii: "e") ? 5 : 0
      if length > 0, position + length == end || !JSONLexer.isWordByte(bytes[position + length]) {
        position += length
        return first
      }
    }
    let word: StaticString
    switch first {
    case UInt8(ascii: "t"): word = "true"
    case UInt8(ascii: "f"): word = "false"
    default: word = "null"
    }
    for index in 0..<word.utf8CodeUnitCount {
      guard position < end, bytes[position] == word.utf8Start[index] else {
        throw unexpected("expected '\(word)' (literals are lower case)")
      }
      position += 1
    }
    if position < end, JSONLexer.isWordByte(bytes[position]) {
      throw unexpected("unexpected character after '\(word)'")
    }
    return first
  }

  /// `true`, `null` and `fals`, as little-endian 32-bit words.
  static let trueWord = UInt32(littleEndian: 0x6575_7274)
  static let nullWord = UInt32(littleEndian: 0x6C6C_756E)
  static let falsWord = UInt32(littleEndian: 0x736C_6166)

  /// Whether `byte` could continue a word (a letter, a digit, `_`, or a
  /// non-ASCII byte), which makes `truex` or `1x` one bad token.
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
      return true
    default: return false
    }
  }

  /// Reads a number at `position` (a `-` or a digit), validating the RFC
  /// 8259 grammar: no leading zeros, no `+`, digits after `.` and after
  /// `e`.
  ///
  /// - Throws: `InputError` at the first byte that breaks the grammar.
  /// - Complexity: O(n); a plain number and the byte after it within
  ///   sixteen bytes are read at once (`ByteClassifier.plainNumberLength`).
  @inline(__always)
  mutating func scanNumber() throws(InputError) {
    if position &+ ByteClassifier.width <= end, let base = bytes.baseAddress {
      let length = ByteClassifier.plainNumberLength(UnsafeRawPointer(base), position)
      if length > 0 {
        position &+= length
        return
      }
    }
    try scanNumberByBytes()
  }

  /// Reads a number at `position` a byte at a time; see `scanNumber()`.
  ///
  /// - Throws: `InputError` at the first byte that breaks the grammar.
  @inline(never)
  private mutating func scanNumberByBytes() throws(InputError) {
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < end, JSONLexer.isDigit(bytes[position]) else {
      throw unexpected("expected a digit after '-'")
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < end, JSONLexer.isDigit(bytes[position]) {
        throw error("leading zeros are not allowed in numbers", at: position)
      }
    } else {
      while position < end, JSONLexer.isDigit(bytes[position]) { position += 1 }
    }
    if position < end, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < end, JSONLexer.isDigit(bytes[position]) else {
        throw unexpected("expected a digit after the decimal point")
      }
      while position < end, JSONLexer.isDigit(bytes[position]) { position += 1 }
    }
    if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < end,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard position < end, JSONLexer.isDigit(bytes[position]) else {
        throw unexpected("expected a digit in the exponent")
      }
      while position < end, JSONLexer.isDigit(bytes[position]) { position += 1 }
    }
    if position < end, JSONLexer.isWordByte(bytes[position]) || bytes[position] == 0x2E {
      throw unexpected("unexpected character in number")
    }
  }

  /// Whether `byte` is an ASCII digit.
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}
