/// Renders a zsh completion function (`_TOOL`) from a command's flag
/// table.
///
/// The function completes flags with their summaries, choices, file
/// names, a hint for field values, and for a tool with subcommands the
/// subcommand names and each one's flags. Its first line is `#compdef
/// TOOL`, as `compinit` requires, so the generated-file comment is the
/// second line. Sourced directly after `compinit`, the file registers
/// itself with `compdef`.
public enum ZshCompletionRenderer {
  /// The zsh completion file for `command`.
  ///
  /// - Parameter command: The tool's description.
  /// - Returns: The file, to be put in a folder of `$fpath` as `_TOOL`.
  public static func render(_ command: CommandDescription) -> String {
    let function = "_" + command.tool
    var lines = ["#compdef " + command.tool, "# " + GeneratedFiles.notice, "", "\(function)() {"]
    if command.subcommands.isEmpty {
      lines.append("  _arguments -s -S \\")
      lines += specs(command.flags).map { "    " + $0 + " \\" }
      lines.append("    '*:file:_files'")
    } else {
      lines += [
        "  local curcontext=$curcontext state line ret=1",
        "  _arguments -C \\",
      ]
      lines += specs(command.flags).map { "    " + $0 + " \\" }
      lines += [
        "    '1: :->command' \\",
        "    '*:: :->argument' && ret=0",
        "  case $state in",
        "  command)",
        "    local -a commands=(",
      ]
      for subcommand in command.subcommands {
        lines.append("      " + quoted((subcommand.subcommand ?? "") + ":" + subcommand.abstract))
      }
      let names = command.subcommands.compactMap(\.subcommand).joined(separator: " ")
      lines += [
        "    )",
        "    _describe -t commands '\(command.tool) command' commands && ret=0",
        "    ;;",
        "  argument)",
        "    curcontext=${curcontext%:*:*}:\(command.tool)-$line[1]:",
        "    case $line[1] in",
      ]
      for subcommand in command.subcommands {
        let name = subcommand.subcommand ?? ""
        lines.append("    \(name))")
        lines.append("      _arguments -s -S \\")
        lines += specs(subcommand.flags).map { "        " + $0 + " \\" }
        let operands = name == "help" ? "'1:command:(\(names))'" : "'*:file:_files'"
        lines.append("        \(operands) && ret=0")
        lines.append("      ;;")
      }
      lines += ["    esac", "    ;;", "  esac", "  return ret"]
    }
    lines += [
      "}",
      "",
      "if [[ $funcstack[1] == \(function) ]]; then",
      "  \(function) \"$@\"",
      "else",
      "  compdef \(function) \(command.tool)",
      "fi",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One `_arguments` spec per flag, quoted for the shell.
  private static func specs(_ flags: [Flag]) -> [String] {
    flags.map { flag in
      let stops = flag == CommonFlags.help || flag == CommonFlags.version
      var argument = ""
      if let valueName = flag.valueName {
        switch flag.completion {
        case .choice: argument = ":\(valueName):(\(flag.choices.joined(separator: " ")))"
        case .file: argument = ":\(valueName):_files"
        case .field, .text, .none: argument = ":\(valueName): "
        }
      }
      let description = "[" + escaped(flag.summary) + "]" + argument
      let exclusions: String
      if stops {
        exclusions = "(- *)"
      } else if flag.repeatable {
        exclusions = "*"
      } else if let short = flag.shortSpelling {
        exclusions = "(\(short) \(flag.longSpelling))"
      } else {
        exclusions = ""
      }
      let longName = flag.longSpelling + (flag.takesValue ? "=" : "")
      guard let short = flag.shortSpelling else {
        return quoted(exclusions + longName + description)
      }
      let shortName = short + (flag.takesValue ? "+" : "")
      return quoted(exclusions) + "{\(shortName),\(longName)}" + quoted(description)
    }
  }

  /// `text` with the characters `_arguments` reads specially escaped.
  private static func escaped(_ text: String) -> String {
    var output = ""
    for character in text {
      if "\\[]:".contains(character) { output.append("\\") }
      output.append(character)
    }
    return output
  }

  /// `text` in single quotes.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
