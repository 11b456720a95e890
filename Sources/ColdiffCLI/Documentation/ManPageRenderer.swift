/// Renders a man page in roff (`man(7)` macros) from a command's flag
/// table, its manual prose and the version constant.
///
/// The page holds NAME, SYNOPSIS, the leading prose sections, COMMANDS
/// (for a tool with subcommands: each one's synopsis, overview and own
/// options), OPTIONS grouped by category with each flag's discussion, the
/// trailing prose sections, EXIT STATUS and SEE ALSO.
public enum ManPageRenderer {
  /// The man page of `manual`'s command, beginning with the generated-file
  /// comment.
  ///
  /// - Parameter manual: The command and its prose.
  /// - Returns: The roff source.
  public static func render(_ manual: Manual) -> String {
    let command = manual.command
    var lines = [
      ".\\\" " + GeneratedFiles.notice,
      ".TH \(command.tool.uppercased()) 1 \"\" \"\(command.tool) \(ToolVersion.current)\" "
        + "\"User Commands\"",
      ".nh",
      ".ad l",
      ".SH NAME",
      command.tool + " \\- " + Roff.text(command.abstract),
      ".SH SYNOPSIS",
    ]
    for (index, synopsis) in command.synopses.enumerated() {
      if index > 0 { lines.append(".br") }
      lines += [".B " + command.tool, Roff.synopsis(synopsis)]
    }
    lines += manual.leadingSections.flatMap(section)
    if !command.subcommands.isEmpty {
      lines.append(".SH COMMANDS")
      for subcommand in command.subcommands {
        lines += [".SS \"" + Roff.synopsis(subcommand.name + " " + subcommand.synopses[0]) + "\""]
        lines += [Roff.text(subcommand.overview)]
        lines += subcommand.flags.filter { $0.category != .general }.flatMap(flagEntry)
      }
    }
    lines.append(".SH OPTIONS")
    if !command.subcommands.isEmpty {
      lines.append("These options are accepted before and after every command.")
    }
    for category in FlagCategory.allCases {
      let flags = command.flags.filter { $0.category == category }
      if flags.isEmpty { continue }
      lines.append(".SS \"" + category.title + "\"")
      lines += flags.flatMap(flagEntry)
    }
    lines += manual.trailingSections.flatMap(section)
    lines.append(".SH \"EXIT STATUS\"")
    for status in command.exitStatuses {
      lines += [".TP", ".B \(status.code)", Roff.text(status.meaning)]
    }
    lines.append(".SH \"SEE ALSO\"")
    lines.append(
      manual.seeAlso.map { page in
        let parts = page.split(separator: "(", maxSplits: 1)
        return ".BR " + parts[0] + " (" + (parts.count > 1 ? parts[1] : "")
      }.joined(separator: " ,\n"))
    return lines.joined(separator: "\n") + "\n"
  }

  private static func section(_ section: ManualSection) -> [String] {
    let title = section.title.contains(" ") ? "\"" + section.title + "\"" : section.title
    var lines = [".SH " + title]
    for (index, block) in section.blocks.enumerated() {
      switch block {
      case .paragraph(let text):
        if index > 0 { lines.append(".PP") }
        lines.append(Roff.text(text))
      case .example(let exampleLines):
        lines += [".PP", ".RS 4", ".nf"]
        lines += exampleLines.map(Roff.literal)
        lines += [".fi", ".RE"]
      case .definitions(let definitions):
        for definition in definitions {
          lines += [".TP", Roff.text(definition.term), Roff.text(definition.text)]
        }
      }
    }
    return lines
  }

  private static func flagEntry(_ flag: Flag) -> [String] {
    var heading = flag.shortSpelling.map { "\\fB" + Roff.literal($0) + "\\fR, " } ?? ""
    heading += "\\fB" + Roff.literal(flag.longSpelling) + "\\fR"
    if let valueName = flag.valueName { heading += " \\fI" + valueName + "\\fR" }
    var text = Roff.text(flag.discussion)
    if !flag.choices.isEmpty {
      let choices = flag.choices.map { "\\fB" + Roff.literal($0) + "\\fR" }
      text +=
        "\n.br\n\\fI" + (flag.valueName ?? "VALUE") + "\\fR is one of "
        + choices.joined(separator: ", ")
      if let defaultChoice = flag.defaultChoice {
        text += "; the default is \\fB" + Roff.literal(defaultChoice) + "\\fR"
      }
      text += "."
    }
    return [".TP", heading, text]
  }
}
