/// Renders a bash completion script from a command's flag table.
///
/// The script completes flag names, the choices of choice flags, file
/// names for file values and operands, nothing for field values, and for a
/// tool with subcommands the subcommand names and each one's flags. It
/// handles `--flag=value` whether or not `=` splits words.
public enum BashCompletionRenderer {
  /// The bash script for `command`, beginning with the generated-file
  /// comment.
  ///
  /// - Parameter command: The tool's description.
  /// - Returns: The script, to be sourced (`complete -F _TOOL TOOL`).
  public static func render(_ command: CommandDescription) -> String {
    let function = "_" + command.tool
    var lines = [
      "# " + GeneratedFiles.notice,
      "",
      "\(function)() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=",
      "  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD-1]}",
      "  # Split --flag=value, whether or not = breaks words.",
      "  if [[ $cur == --*=* ]]; then",
      "    prev=${cur%%=*} cur=${cur#*=}",
      "  elif [[ $cur == = ]]; then",
      "    cur=",
      "  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then",
      "    prev=${COMP_WORDS[COMP_CWORD-2]}",
      "  fi",
    ]
    if command.subcommands.isEmpty {
      lines += completions(flags: command.flags, operands: .files, indent: "  ")
    } else {
      let names = command.subcommands.compactMap(\.subcommand).joined(separator: " ")
      lines += [
        "  local i command=",
        "  for ((i = 1; i < COMP_CWORD; i++)); do",
        "    if [[ ${COMP_WORDS[i]} != -* ]]; then",
        "      command=${COMP_WORDS[i]}",
        "      break",
        "    fi",
        "  done",
        "  case $command in",
        "  '')",
      ]
      lines += completions(flags: command.flags, operands: .words(names), indent: "    ")
      lines.append("    ;;")
      for subcommand in command.subcommands {
        lines.append("  \(subcommand.subcommand ?? ""))")
        let operands: Operands = subcommand.subcommand == "help" ? .words(names) : .files
        lines += completions(flags: subcommand.flags, operands: operands, indent: "    ")
        lines.append("    ;;")
      }
      lines.append("  esac")
    }
    lines += ["}", "", "complete -F \(function) \(command.tool)"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// What operands complete to.
  private enum Operands {
    case files
    case words(String)
  }

  private static func completions(flags: [Flag], operands: Operands, indent: String) -> [String] {
    var lines = [indent + "case $prev in"]
    for flag in flags where flag.takesValue {
      let names = ([flag.shortSpelling].compactMap { $0 } + [flag.longSpelling])
      lines.append(indent + names.joined(separator: "|") + ")")
      switch flag.completion {
      case .choice:
        lines.append(indent + "  " + reply(words: flag.choices.joined(separator: " ")))
      case .file:
        lines.append(indent + "  " + replyFiles)
      case .field, .text, .none:
        lines.append(indent + "  COMPREPLY=()")
      }
      lines.append(indent + "  return 0")
      lines.append(indent + "  ;;")
    }
    lines.append(indent + "esac")
    let names = flags.flatMap { [$0.longSpelling] + [$0.shortSpelling].compactMap { $0 } }
    lines += [
      indent + "if [[ $cur == -* ]]; then",
      indent + "  " + reply(words: names.joined(separator: " ")),
      indent + "  return 0",
      indent + "fi",
    ]
    switch operands {
    case .files: lines.append(indent + replyFiles)
    case .words(let words): lines.append(indent + reply(words: words))
    }
    return lines
  }

  private static func reply(words: String) -> String {
    "COMPREPLY=($(compgen -W '\(words)' -- \"$cur\"))"
  }

  private static let replyFiles =
    "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"
}
