/// Text made safe for a GitHub-flavoured Markdown table cell, so that any
/// value renders as the same text: nothing in it can end the cell, start
/// a code span, emphasis, a link, an HTML tag or entity, math or a
/// mention, or break the line.
enum MarkdownText {
  /// `text` escaped for a table cell: the ASCII punctuation that means
  /// something inline (`` \ ` * _ [ ] < > & | ~ ! $ # @ ``) gets a
  /// backslash, and control characters are written as JSON writes them
  /// (`\n`, `\t`, `\u0001`), visibly.
  static func cell(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "~", "!", "$", "#", "@":
        out.append("\\")
        out.unicodeScalars.append(scalar)
      case "\n": out += "\\\\n"
      case "\r": out += "\\\\r"
      case "\t": out += "\\\\t"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F
        || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16, uppercase: false)
        out += "\\\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
