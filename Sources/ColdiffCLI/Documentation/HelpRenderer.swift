/// Renders a command's `--help` text from its description and flag table.
///
/// The text holds the usage lines, the overview paragraph, the
/// subcommands (if any), the flags grouped by category with their
/// summaries and choices, and the exit statuses, in lines of at most 79
/// columns.
public enum HelpRenderer {
  /// The widest line of help text.
  public static let width = 79

  /// The help text of `command`, ending with a newline.
  ///
  /// - Parameter command: The command or subcommand.
  /// - Returns: The text `--help` prints.
  public static func render(_ command: CommandDescription) -> String {
    var lines = command.usage.split(separator: "\n").map(String.init)
    lines.append("")
    lines += TextWrapper.wrap(plain(command.overview), width: width, firstIndent: "", indent: "")
    if !command.subcommands.isEmpty {
      lines += ["", "Commands:"]
      let rows = command.subcommands.map { ($0.subcommand ?? "", $0.abstract) }
      lines += table(rows, termWidth: rows.map(\.0.count).max() ?? 0)
    }
    let flagColumn = command.flags.map { column(for: $0).count }.max() ?? 0
    for category in FlagCategory.allCases {
      let flags = command.flags.filter { $0.category == category }
      if flags.isEmpty { continue }
      lines += ["", category.title + ":"]
      lines += table(flags.map { (column(for: $0), summary(of: $0)) }, termWidth: flagColumn)
    }
    lines += ["", "Exit status:"]
    lines += table(command.exitStatuses.map { (String($0.code), $0.meaning) }, termWidth: 1)
    if !command.subcommands.isEmpty {
      lines += ["", "See '\(command.tool) help COMMAND' for the options of a command."]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `-k, --key FIELDS`, or `    --ignore FIELD` aligned under the long
  /// names of flags with a short name.
  static func column(for flag: Flag) -> String {
    let names = flag.shortSpelling.map { $0 + ", " } ?? "    "
    return names + flag.longSpelling + (flag.valueName.map { " " + $0 } ?? "")
  }

  /// The summary, followed by the choices and the default if there are
  /// any.
  static func summary(of flag: Flag) -> String {
    guard !flag.choices.isEmpty else { return flag.summary }
    let defaultNote = flag.defaultChoice.map { "; default " + $0 } ?? ""
    return flag.summary + " (" + flag.choices.joined(separator: ", ") + defaultNote + ")"
  }

  /// The text without the backquotes that mark literals in the man page.
  static func plain(_ text: String) -> String {
    text.filter { $0 != "`" }
  }

  /// Two columns: terms indented by two spaces, descriptions aligned and
  /// wrapped; a term wider than `termWidth` (or than 24 columns) puts its
  /// description on the next line.
  private static func table(_ rows: [(term: String, text: String)], termWidth: Int) -> [String] {
    let termWidth = min(termWidth, 24)
    let indent = String(repeating: " ", count: 2 + termWidth + 2)
    var lines: [String] = []
    for row in rows {
      let padded = "  " + row.term
      if row.term.count > termWidth {
        lines.append(padded)
        lines += TextWrapper.wrap(row.text, width: width, firstIndent: indent, indent: indent)
      } else {
        let first = padded + String(repeating: " ", count: indent.count - padded.count)
        lines += TextWrapper.wrap(row.text, width: width, firstIndent: first, indent: indent)
      }
    }
    return lines
  }
}
