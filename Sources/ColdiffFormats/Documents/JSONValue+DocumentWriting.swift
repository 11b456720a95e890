extension JSONValue {
  /// Appends the value on one line, the way the documents write values:
  /// `{"id": 7, "tags": ["a", "b"]}`, members in their order, numbers
  /// and strings with their original text.
  ///
  /// - Parameter out: the buffer to append to.
  /// - Complexity: O(n) in the size of the value.
  func writeInline(to out: inout [UInt8]) {
    switch self {
    case .null: out += "null".utf8
    case .bool(let value): out += (value ? "true" : "false").utf8
    case .number(let number): out += number.text
    case .string(let string): string.writeQuoted(to: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { out += ", ".utf8 }
        element.writeInline(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      out.append(UInt8(ascii: "{"))
      for (position, member) in object.members.enumerated() {
        if position > 0 { out += ", ".utf8 }
        member.name.writeQuoted(to: &out)
        out += ": ".utf8
        member.value.writeInline(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
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

extension JSONString {
  /// Appends the string between quotes, with its original text.
  ///
  /// - Parameter out: the buffer to append to.
  func writeQuoted(to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    out += raw
    out.append(UInt8(ascii: "\""))
  }
}
