extension JSONValue {
  /// Appends the value on one line, the way the documents write values:
  /// `{"id": 7, "tags": ["a", "b"]}`, members in their order, numbers
  /// and strings with their original text.
  ///
  /// - Parameter out: the buffer to append to.
  /// - Complexity: O(n) in the size of the value.
  package func writeInline(to out: inout [UInt8]) {
    JSONWriter.write(self, style: .documentInline, to: &out)
  }

  /// The value on one line, as ``writeInline(to:)`` writes it, as a
  /// string, shortened to about `limit` characters with `…` for messages.
  ///
  /// - Parameter limit: the most characters kept before the ellipsis.
  /// - Returns: the text for a message.
  func shortText(limit: Int = 60) -> String {
    var bytes: [UInt8] = []
    writeInline(to: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.count > limit else { return text }
    return String(text.prefix(limit)) + "…"
  }
}

extension JSONStyle {
  /// One line, `": "` and `", "`, as the documents write their values.
  static let documentInline = JSONStyle(
    indent: .none, colon: Array(": ".utf8), comma: Array(", ".utf8))
}
