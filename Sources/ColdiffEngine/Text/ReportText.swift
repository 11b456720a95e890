import ColdiffFormats

/// How values, keys and field paths are spelled for people: in messages
/// and in the text report.
package enum ReportText {
  private static let style = JSONStyle(
    indent: .none, colon: Array(": ".utf8), comma: Array(", ".utf8), finalNewline: false)

  /// A value on one line, as JSON with a space after `:` and `,`; numbers
  /// and strings as written.
  package static func value(_ value: JSONValue) -> String {
    var out: [UInt8] = []
    JSONWriter.write(value, style: style, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The value of one key field: a plain string without quotes when that
  /// cannot be mistaken (no spaces, quotes or control characters, not
  /// empty), any other value (an array too) as JSON.
  package static func key(_ key: JSONValue) -> String {
    guard case .string(let string) = key else { return value(key) }
    let plain =
      !string.value.isEmpty
      && string.value.allSatisfy { $0 > 0x20 && $0 != UInt8(ascii: "\"") && $0 != 0x7F }
    return plain ? string.string : value(key)
  }

  /// A record's key from the values of its key fields: one field as
  /// `key(_:)` writes it, a composite key's parts in parentheses.
  package static func key(parts: [JSONValue]) -> String {
    guard parts.count != 1 else { return key(parts[0]) }
    return "(" + parts.map { key($0) }.joined(separator: ", ") + ")"
  }

  /// A field path in `--ignore`'s FIELD syntax: names joined by `.`, or a
  /// JSON Pointer when a name holds a `.` or starts with `/`.
  package static func field(_ path: [[UInt8]]) -> String {
    let dotted = path.allSatisfy {
      !$0.isEmpty && !$0.contains(UInt8(ascii: ".")) && $0.first != UInt8(ascii: "/")
    }
    if dotted { return path.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".") }
    return JSONPointer(tokens: path).description
  }

  /// `text` cut to at most `width` characters, ending with `…` when cut.
  package static func shorten(_ text: String, to width: Int?) -> String {
    guard let width, text.count > width else { return text }
    guard width > 1 else { return "…" }
    return String(text.prefix(width - 1)) + "…"
  }

  /// Two values that differ (an old and a new one, or what a target holds
  /// and what a patch expects), each cut to at most `width` characters so
  /// that the first characters that differ stay visible on both sides:
  /// what both share at the start is cut (`…`) but for a little context
  /// before the difference, then the end is cut when still too long. A
  /// side that is `nil` (a field added or removed) stays `nil`.
  package static func shorten(
    _ old: String?, _ new: String?, to width: Int?
  ) -> (old: String?, new: String?) {
    guard let width else { return (old, new) }
    let shared = zip(old ?? "", new ?? "").prefix { $0 == $1 }.count
    return (
      old.map { shorten($0, keeping: shared, to: width) },
      new.map { shorten($0, keeping: shared, to: width) }
    )
  }

  /// `text` cut to `width` characters so that the character at `offset`
  /// (the first one that differs from the other side) is shown, with up
  /// to a third of the width of what comes before it.
  private static func shorten(_ text: String, keeping offset: Int, to width: Int) -> String {
    guard text.count > width else { return text }
    // The difference already shows (a few characters of it) when the end
    // alone is cut.
    guard width > 4, offset + 3 > width else { return shorten(text, to: width) }
    let context = (width - 2) / 3
    let start = offset - context
    let tail = "…" + text.dropFirst(start)
    return shorten(tail, to: width)
  }
}
