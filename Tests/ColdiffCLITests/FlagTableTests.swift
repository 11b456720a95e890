import ColdiffCLI
import ColdiffEngine
import ColdiffFormats
import Testing

/// The flag tables themselves: names, value names, summaries, choices.
@Suite struct FlagTableTests {
  static let commands: [CommandDescription] =
    [ColdiffArguments.command, ColpatchArguments.command] + ColpatchArguments.command.subcommands

  @Test(arguments: commands.map(\.name))
  func namesAreUnique(command name: String) throws {
    let command = try #require(Self.commands.first { $0.name == name })
    let longs = command.flags.map(\.long)
    let shorts = command.flags.compactMap(\.short)
    #expect(Set(longs).count == longs.count, "duplicate long name in \(name)")
    #expect(Set(shorts).count == shorts.count, "duplicate short name in \(name)")
    #expect(command.flags.contains(CommonFlags.help))
    #expect(command.flags.contains(CommonFlags.version))
  }

  @Test(arguments: commands.flatMap(\.flags).map(\.long))
  func flagIsWellFormed(long: String) throws {
    let flag = try #require(Self.commands.flatMap(\.flags).first { $0.long == long })
    #expect(flag.long.allSatisfy { ("a"..."z").contains($0) || $0 == "-" })
    #expect(!flag.long.hasPrefix("-") && flag.long.count > 1)
    if let short = flag.short { #expect(short.isLetter && short.isASCII) }
    // A value flag names its value and says how to complete it; a switch
    // does neither.
    if let valueName = flag.valueName {
      #expect(!valueName.isEmpty && valueName.allSatisfy { $0.isUppercase || $0 == "/" })
      #expect(flag.completion != .none)
    } else {
      #expect(flag.completion == .none)
      #expect(!flag.repeatable)
    }
    #expect(flag.choices.isEmpty == (flag.completion != .choice))
    #expect(Set(flag.choices).count == flag.choices.count)
    if let defaultChoice = flag.defaultChoice { #expect(flag.choices.contains(defaultChoice)) }
    #expect(!flag.summary.isEmpty && flag.summary.count <= 79)
    #expect(!flag.summary.hasSuffix(".") && !flag.summary.contains("\n"))
    #expect(flag.discussion.count > flag.summary.count)
    #expect(flag.discussion.hasSuffix("."))
  }

  @Test func sameLongNameMeansSameFlag() {
    let flags = Self.commands.flatMap(\.flags)
    for flag in flags {
      let namesakes = flags.filter { $0.long == flag.long }
      #expect(namesakes.allSatisfy { $0.short == flag.short && $0.valueName == flag.valueName })
    }
  }

  @Test func optionEnumsMatchTheChoices() {
    #expect(InputFormat.allCases.map(\.rawValue) == ColdiffFlags.input.choices)
    #expect(InputFormat.allCases.map(\.rawValue) == ColpatchFlags.input.choices)
    #expect(OutputFormatOption.allCases.map(\.rawValue) == ColdiffFlags.format.choices)
    #expect(ColorOption.allCases.map(\.rawValue) == ColdiffFlags.color.choices)
    #expect(ColdiffFlags.format.defaultChoice == ColdiffOptions().outputFormat.rawValue)
    #expect(ColdiffFlags.color.defaultChoice == ColdiffOptions().color.rawValue)
  }

  @Test func coldiffTableHasTheSpecifiedFlags() {
    let names = ColdiffFlags.all.map(\.names)
    #expect(
      names == [
        "-k, --key", "--ignore", "--compare", "--array-key", "--unordered", "--tree", "--root",
        "--input", "--delimiter", "-f, --format", "--no-test", "--limit", "--color", "-q, --quiet",
        "--memory", "--temp-dir", "--shard", "--combine", "--textconv", "-h, --help", "--version",
      ])
    #expect(ColdiffFlags.ignore.repeatable)
    #expect(
      ColdiffFlags.all.filter(\.repeatable) == [
        ColdiffFlags.ignore, ColdiffFlags.compare, ColdiffFlags.arrayKey,
      ])
  }

  @Test func colpatchTablesHaveTheSpecifiedFlags() {
    #expect(
      ColpatchArguments.command.subcommands.compactMap(\.subcommand) == [
        "apply", "check", "merge", "reverse", "help",
      ])
    #expect(
      ColpatchArguments.merge.flags.map(\.names) == [
        "-k, --key", "--ignore", "--compare", "--array-key", "--unordered", "--tree", "--input",
        "-o, --output", "-i, --in-place", "--conflicts", "--path", "-h, --help", "--version",
      ])
    #expect(
      ColpatchArguments.apply.flags.map(\.names) == [
        "-o, --output", "-i, --in-place", "--input", "--delimiter", "--memory", "--temp-dir",
        "-h, --help", "--version",
      ])
    #expect(
      ColpatchArguments.check.flags.map(\.names) == [
        "--input", "--delimiter", "--memory", "--temp-dir", "-h, --help", "--version",
      ])
    #expect(ColpatchArguments.reverse.flags.map(\.names) == ["-h, --help", "--version"])
  }

  @Test func versionIsSemantic() {
    let parts = ToolVersion.current.split(separator: ".")
    #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    #expect(ToolVersion.current == "0.1.0")
  }
}
