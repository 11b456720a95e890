import ColdiffFormats

/// How values, keys and field paths are spelled for people: in messages
/// and in the text report.
enum ReportText {
  private static let style = JSONStyle(
    indent: .none, colon: Array(": ".utf8), comma: Array(", ".utf8), finalNewline: false)

  /// A value on one line, as JSON with a space after `:` and `,`; numbers
  /// and strings as written.
  static func value(_ value: JSONValue) -> String {
    var out: [UInt8] = []
    JSONWriter.write(value, style: style, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// A record's key: a plain string without quotes when that cannot be
  /// mistaken (no spaces, quotes or control characters, not empty), any
  /// other value as JSON, a composite key's parts in parentheses.
  static func key(_ key: JSONValue) -> String {
    switch key {
    case .string(let string):
      let plain =
        !string.value.isEmpty
        && string.value.allSatisfy { $0 > 0x20 && $0 != UInt8(ascii: "\"") && $0 != 0x7F }
      return plain ? string.string : value(key)
    case .array(let parts):
      return "(" + parts.map { Self.key($0) }.joined(separator: ", ") + ")"
    default:
      return value(key)
    }
  }

  /// A field path in `--ignore`'s FIELD syntax: names joined by `.`, or a
  /// JSON Pointer when a name holds a `.` or starts with `/`.
  static func field(_ path: [[UInt8]]) -> String {
    let dotted = path.allSatisfy {
      !$0.isEmpty && !$0.contains(UInt8(ascii: ".")) && $0.first != UInt8(ascii: "/")
    }
    if dotted { return path.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".") }
    return JSONPointer(tokens: path).description
  }

  /// `text` cut to at most `width` characters, ending with `…` when cut.
  static func shorten(_ text: String, to width: Int?) -> String {
    guard let width, text.count > width else { return text }
    guard width > 1 else { return "…" }
    return String(text.prefix(width - 1)) + "…"
  }
}
