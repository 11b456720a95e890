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
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    for byte in value {
      switch byte {
      case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
      case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
      case 0..<0x20:
        out += Array("\\u00".utf8)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0x0F)])
      default: out.append(byte)
      }
    }
    return out
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
