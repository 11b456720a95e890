/// Renders a fish completion script from a command's flag table.
///
/// The script completes flags with their summaries, choices, file names
/// (fish's default for operands and file values), nothing for field
/// values, and for a tool with subcommands the subcommand names and each
/// one's flags.
public enum FishCompletionRenderer {
  /// The fish script for `command`, beginning with the generated-file
  /// comment.
  ///
  /// - Parameter command: The tool's description.
  /// - Returns: The script, to be put in fish's completions folder as
  ///   `TOOL.fish`.
  public static func render(_ command: CommandDescription) -> String {
    let tool = command.tool
    var lines = ["# " + GeneratedFiles.notice, ""]
    if command.subcommands.isEmpty {
      lines += command.flags.map { line(tool: tool, condition: nil, flag: $0) }
    } else {
      let names = command.subcommands.compactMap(\.subcommand).joined(separator: " ")
      let before = "not __fish_seen_subcommand_from \(names)"
      lines.append("complete -c \(tool) -n '\(before)' -f")
      for subcommand in command.subcommands {
        lines.append(
          "complete -c \(tool) -n '\(before)' -a \(subcommand.subcommand ?? "") -d "
            + quoted(subcommand.abstract))
      }
      lines += command.flags.map { line(tool: tool, condition: before, flag: $0) }
      for subcommand in command.subcommands {
        let name = subcommand.subcommand ?? ""
        let condition = "__fish_seen_subcommand_from \(name)"
        lines.append("")
        if name == "help" {
          lines.append("complete -c \(tool) -n '\(condition)' -f -a '\(names)'")
        }
        lines += subcommand.flags.map { line(tool: tool, condition: condition, flag: $0) }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func line(tool: String, condition: String?, flag: Flag) -> String {
    var words = ["complete", "-c", tool]
    if let condition { words += ["-n", "'\(condition)'"] }
    if let short = flag.short { words += ["-s", String(short)] }
    words += ["-l", flag.long]
    if flag.takesValue {
      switch flag.completion {
      case .choice: words += ["-x", "-a", "'" + flag.choices.joined(separator: " ") + "'"]
      case .file: words += ["-r", "-F"]
      case .field, .text, .none: words += ["-x"]
      }
    }
    words += ["-d", quoted(flag.summary)]
    return words.joined(separator: " ")
  }

  /// `text` in single quotes, as fish reads them.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
