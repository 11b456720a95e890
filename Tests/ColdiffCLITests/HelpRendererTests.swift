import ColdiffCLI
import Testing

@Suite struct HelpRendererTests {
  static let commands: [CommandDescription] =
    [ColdiffArguments.command, ColpatchArguments.command] + ColpatchArguments.command.subcommands

  @Test(arguments: commands.map(\.name))
  func helpListsEverythingInTheTable(name: String) throws {
    let command = try #require(Self.commands.first { $0.name == name })
    let text = HelpRenderer.render(command)
    #expect(text.hasPrefix(command.usage + "\n\n"))
    #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
    for flag in command.flags {
      #expect(text.contains(flag.longSpelling), "\(flag.long)")
      if let short = flag.shortSpelling { #expect(text.contains(short + ", " + flag.longSpelling)) }
      for choice in flag.choices { #expect(text.contains(choice)) }
      #expect(text.contains(String(flag.summary.prefix(20))))
    }
    for category in Set(command.flags.map(\.category)) {
      #expect(text.contains("\n" + category.title + ":\n"))
    }
    #expect(text.contains("\nExit status:\n"))
    for status in command.exitStatuses {
      #expect(text.contains("  \(status.code)  " + status.meaning.prefix(20)))
    }
    for subcommand in command.subcommands {
      #expect(text.contains("  " + (subcommand.subcommand ?? "") + " "))
    }
    #expect(!text.contains("`"))
  }

  @Test(arguments: commands.map(\.name))
  func linesFitInSeventyNineColumns(name: String) throws {
    let command = try #require(Self.commands.first { $0.name == name })
    for line in HelpRenderer.render(command).split(separator: "\n") {
      #expect(line.count <= HelpRenderer.width, "\(line)")
      #expect(!line.hasSuffix(" "), "trailing space: \(line)")
    }
  }

  @Test func summariesAlignInOneColumn() {
    let text = HelpRenderer.render(ColdiffArguments.command)
    #expect(
      text.contains(
        "\n  -f, --format FORMAT   output format (text, json, patch, stat, markdown, html;\n"
          + "                        default text)\n"))
    #expect(
      text.contains(
        "\n      --unordered       treat the collection as unordered: report no moves\n")
    )
    #expect(text.contains("\n  -h, --help            print this help and exit\n"))
  }
}
