/// A JSON string: its text as written between the quotes, and its decoded
/// characters.
///
/// Two strings are equal when their decoded characters are, whatever their
/// escapes (`"\u00e9"` equals `"é"`); the written text is kept so that a
/// record written back unchanged is byte-identical. A lone UTF-16 surrogate
/// escape decodes to U+FFFD.
public struct JSONString: Sendable {
  /// The text between the quotes, exactly as written (escapes kept).
  public let raw: [UInt8]
  /// The decoded characters, as UTF-8.
  public let value: [UInt8]

  /// Creates a string from its written text and its decoded characters.
  ///
  /// - Parameters:
  ///   - raw: the bytes between the quotes, escapes kept.
  ///   - value: the decoded characters as UTF-8.
  public init(raw: [UInt8], value: [UInt8]) {
    self.raw = raw
    self.value = value
  }

  /// Creates a string from decoded UTF-8, escaping only what JSON requires
  /// (`"`, `\` and control characters).
  public init(utf8 value: [UInt8]) {
    self.value = value
    self.raw = JSONString.escape(value)
  }

  /// Creates a string from a Swift string.
  public init(_ string: String) {
    self.init(utf8: Array(string.utf8))
  }

  /// The decoded characters as a Swift string.
  public var string: String { String(decoding: value, as: UTF8.self) }

  /// Escapes decoded UTF-8 for writing between quotes: `"` and `\` get a
  /// backslash, control characters their short escape or `\u00XX`, all
  /// other bytes (non-ASCII included) stay as they are.
  ///
  /// - Complexity: O(n).
  public static func escape(_ value: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(value.count)
    value.withUnsafeBufferPointer { appendEscaped($0, to: &out) }
    return out
  }

  /// Appends decoded UTF-8 escaped as ``escape(_:)`` escapes it, the runs
  /// that need no escape copied whole.
  ///
  /// - Parameters:
  ///   - value: the decoded characters.
  ///   - out: where to append.
  /// - Complexity: O(n).
  static func appendEscaped(_ value: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    var index = 0
    while index < value.count {
      let run = index
      while index < value.count, isPlain(value[index]) { index += 1 }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: value[run..<index]))
      guard index < value.count else { return }
      writeEscape(of: value[index]) { out.append($0) }
      index += 1
    }
  }

  /// Whether `byte` stands for itself in a string's text: not `"`, `\`
  /// or a control character.
  @inline(__always)
  static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }

  /// Writes, byte by byte, the escape of one byte that needs one: `"` and
  /// `\` after a backslash, a control character's short escape or
  /// `\u00XX` (lowercase hex).
  @inline(__always)
  static func writeEscape(of byte: UInt8, _ write: (UInt8) -> Void) {
    write(UInt8(ascii: "\\"))
    switch byte {
    case 0x0A: write(UInt8(ascii: "n"))
    case 0x0D: write(UInt8(ascii: "r"))
    case 0x09: write(UInt8(ascii: "t"))
    case 0x08: write(UInt8(ascii: "b"))
    case 0x0C: write(UInt8(ascii: "f"))
    case 0..<0x20:
      let low = byte & 0x0F
      write(UInt8(ascii: "u"))
      write(UInt8(ascii: "0"))
      write(UInt8(ascii: "0"))
      write(UInt8(ascii: "0") + byte >> 4)
      write(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
    default: write(byte)
    }
  }
}

extension JSONString: Hashable {
  /// Strings are equal when their decoded characters are.
  public static func == (lhs: JSONString, rhs: JSONString) -> Bool {
    lhs.value == rhs.value
  }

  /// Hashes the decoded characters.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}
