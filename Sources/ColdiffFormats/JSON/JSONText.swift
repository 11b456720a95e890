import Glibc

/// Helpers on validated JSON text in a byte buffer.
public enum JSONText {
  /// The character that the escape of `code` stands for when it is one
  /// of one character (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`), else
  /// `nil` (`\u`, or not an escape).
  @inline(__always)
  public static func simpleEscape(_ code: UInt8) -> UInt8? {
    switch code {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return code
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "t"): return 0x09
    default: return nil
    }
  }

  /// Decodes the text between a validated string's quotes: escapes become
  /// their characters (as UTF-8), a lone surrogate escape U+FFFD.
  ///
  /// - Parameters:
  ///   - bytes: the buffer.
  ///   - range: the bytes between the quotes, as `JSONCollectionIndex`
  ///     gives a member's name.
  /// - Returns: the decoded characters as UTF-8.
  /// - Complexity: O(range.count).
  public static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>)
    -> [UInt8]
  {
    JSONLexer.decodeString(bytes, range)
  }

  /// Whether the decoded form of a validated string equals `name`
  /// (UTF-8), without allocating when the string holds no escape.
  ///
  /// - Parameters:
  ///   - bytes: the buffer.
  ///   - range: the bytes between the string's quotes.
  ///   - name: decoded UTF-8 to compare with.
  /// - Returns: whether they are the same characters.
  /// - Complexity: O(range.count).
  public static func string(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, equals name: [UInt8]
  ) -> Bool {
    // Escapes only make the written text longer than what it decodes to.
    if range.count < name.count { return false }
    let start = bytes.baseAddress! + range.lowerBound
    // The first character is written as itself or escaped.
    if let first = name.first, start.pointee != first, start.pointee != UInt8(ascii: "\\") {
      return false
    }
    let escaped = memchr(start, Int32(UInt8(ascii: "\\")), range.count) != nil
    if range.count > name.count { return escaped && decodeString(bytes, range: range) == name }
    if escaped { return false }
    return name.withUnsafeBufferPointer { name in
      name.isEmpty || memcmp(start, name.baseAddress!, name.count) == 0
    }
  }

}
