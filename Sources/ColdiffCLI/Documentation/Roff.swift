/// Escaping of text for roff (the `man` macro package).
enum Roff {
  /// Running text with the inline markup of ``ManualBlock``: backquoted
  /// spans become bold literals that do not break across lines.
  ///
  /// - Parameter text: The marked-up text.
  /// - Returns: Roff text that is safe at the start of a line.
  static func text(_ text: String) -> String {
    var output = ""
    var literal = false
    for character in text {
      if character == "`" {
        output += literal ? "\\fR" : "\\fB"
        literal.toggle()
      } else if literal && character == " " {
        output += "\\ "
      } else {
        output += escape(character, literal: literal)
      }
    }
    return guardLineStart(output)
  }

  /// Text shown as typed: every hyphen is a minus sign, nothing is marked
  /// up.
  ///
  /// - Parameter text: The literal text.
  /// - Returns: Roff text that is safe at the start of a line.
  static func literal(_ text: String) -> String {
    guardLineStart(text.map { escape($0, literal: true) }.joined())
  }

  /// A synopsis: option names bold, placeholders (words in capitals)
  /// italic, brackets and bars plain.
  ///
  /// - Parameter synopsis: The usage form (`[OPTIONS] OLD NEW`).
  /// - Returns: Roff text.
  static func synopsis(_ synopsis: String) -> String {
    let words = synopsis.split(separator: " ").map { word -> String in
      let opening = word.prefix { $0 == "[" }
      let closing = word.reversed().prefix { $0 == "]" || $0 == "." }
      let core = word.dropFirst(opening.count).dropLast(closing.count)
      let font: String
      if core.hasPrefix("-") {
        font = "\\fB"
      } else if core.allSatisfy({ $0.isUppercase }) && !core.isEmpty {
        font = "\\fI"
      } else {
        font = ""
      }
      let body = literal(String(core))
      let styled = font.isEmpty || body.isEmpty ? body : font + body + "\\fR"
      return opening + styled + String(closing.reversed())
    }
    return guardLineStart(words.joined(separator: " "))
  }

  private static func escape(_ character: Character, literal: Bool) -> String {
    switch character {
    case "\\": return "\\e"
    case "-": return literal ? "\\-" : "-"
    case "→": return "\\(->"
    default:
      guard let scalar = character.unicodeScalars.first, !character.isASCII else {
        return String(character)
      }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
    }
  }

  /// Protects a line that starts with `.` or `'` from being read as a
  /// request.
  private static func guardLineStart(_ line: String) -> String {
    line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
  }
}
