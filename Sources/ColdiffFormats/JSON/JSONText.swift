/// Helpers on validated JSON text in a byte buffer.
public enum JSONText {
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
    var escaped = false
    for index in range where bytes[index] == UInt8(ascii: "\\") {
      escaped = true
      break
    }
    if escaped { return decodeString(bytes, range: range) == name }
    guard range.count == name.count else { return false }
    return name.withUnsafeBufferPointer { name in
      var offset = 0
      for index in range {
        if bytes[index] != name[offset] { return false }
        offset += 1
      }
      return true
    }
  }
}
