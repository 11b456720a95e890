import ColdiffCLI
import ColdiffEngine
import ColdiffFormats
import Testing

@Suite struct ColpatchArgumentsTests {
  /// The command of a command line that must parse.
  func command(_ arguments: [String]) throws -> ColpatchCommand? {
    let invocation = try ColpatchArguments.parse(arguments).get()
    guard case .run(let command) = invocation else {
      Issue.record("expected a command for \(arguments), got \(invocation)")
      return nil
    }
    return command
  }

  /// The error of a command line that must fail.
  func failure(_ arguments: [String]) -> UsageError? {
    switch ColpatchArguments.parse(arguments) {
    case .success(let invocation):
      Issue.record("expected a usage error for \(arguments), got \(invocation)")
      return nil
    case .failure(let error):
      #expect(error.tool == "colpatch")
      return error
    }
  }

  func help(_ command: CommandDescription) -> ColpatchInvocation {
    .help(HelpRenderer.render(command))
  }

  @Test func applyForms() throws {
    #expect(
      try command(["apply", "p.json", "t.json"]) == .apply(.init(patch: "p.json", target: "t.json"))
    )
    #expect(try command(["apply", "p.json"]) == .apply(.init(patch: "p.json", target: "-")))
    #expect(try command(["apply", "p.json", "-"]) == .apply(.init(patch: "p.json", target: "-")))
    #expect(try command(["apply", "-", "t.json"]) == .apply(.init(patch: "-", target: "t.json")))
    #expect(
      try command(["apply", "-o", "out.csv", "p.json", "t.csv", "--input=csv"])
        == .apply(.init(patch: "p.json", target: "t.csv", output: "out.csv", inputFormat: .csv)))
    #expect(
      try command(["apply", "p.json", "--output=out.json", "t.json"])
        == .apply(.init(patch: "p.json", target: "t.json", output: "out.json")))
    #expect(
      try command(["apply", "-i", "p.json", "t.json"])
        == .apply(.init(patch: "p.json", target: "t.json", inPlace: true)))
    #expect(
      try command(["apply", "--", "-p.json", "t.json"])
        == .apply(.init(patch: "-p.json", target: "t.json")))
  }

  /// `--memory SIZE` and `--temp-dir DIR` of apply and check (SPEC §8.3).
  @Test func memoryAndTemporaryDirectory() throws {
    var apply = ColpatchApplyOptions(patch: "p.json", target: "t.json")
    apply.memory = 128 << 20
    apply.temporaryDirectory = "/scratch"
    #expect(
      try command(["apply", "--memory", "128M", "--temp-dir=/scratch", "p.json", "t.json"])
        == .apply(apply))
    var check = ColpatchCheckOptions(patch: "p.json", target: "-")
    check.memory = 1 << 30
    #expect(try command(["check", "--memory=1g", "p.json"]) == .check(check))
    let invalid = failure(["apply", "--memory", "1.5G", "p.json"])
    #expect(
      invalid?.message
        == "invalid value '1.5G' for '--memory' (expected a size such as 128M, 1G or 1048576)")
    #expect(invalid?.usage == ColpatchArguments.apply.usage)
    #expect(failure(["reverse", "--memory", "1G", "p.json"]) != nil)
  }

  @Test func outputAndInPlaceExcludeEachOther() {
    let message = "'-o/--output' and '-i/--in-place' cannot be used together"
    #expect(failure(["apply", "-o", "x", "-i", "p", "t"])?.message == message)
    #expect(failure(["apply", "-io", "x", "p", "t"])?.message == message)
    #expect(
      failure(["apply", "-i", "p", "t", "--output=x"])?.usage == ColpatchArguments.apply.usage)
  }

  @Test func inPlaceNeedsATargetFile() {
    #expect(
      failure(["apply", "-i", "p"])?.message
        == "'-i/--in-place' needs a TARGET file, not standard input")
    #expect(failure(["apply", "-i", "p", "-"]) != nil)
  }

  @Test func standardInputIsReadOnce() {
    #expect(failure(["apply", "-", "-"])?.message.contains("both be standard input") == true)
    #expect(failure(["apply", "-"])?.message.contains("both be standard input") == true)
    #expect(failure(["check", "-"]) != nil)
  }

  @Test func operandCounts() {
    #expect(failure(["apply"])?.message == "missing operand PATCH")
    #expect(failure(["apply", "p", "t", "x"])?.message == "unexpected operand 'x'")
    #expect(failure(["check"])?.message == "missing operand PATCH")
    #expect(failure(["reverse"])?.message == "missing operand PATCH")
    #expect(failure(["reverse", "p", "q"])?.message == "unexpected operand 'q'")
    #expect(failure(["reverse", "p", "q"])?.usage == ColpatchArguments.reverse.usage)
  }

  @Test func checkAndReverse() throws {
    #expect(
      try command(["check", "p.json", "t.tsv", "--input", "tsv"])
        == .check(.init(patch: "p.json", target: "t.tsv", inputFormat: .tsv)))
    #expect(try command(["check", "p.json"]) == .check(.init(patch: "p.json", target: "-")))
    #expect(try command(["reverse", "p.json"]) == .reverse(.init(patch: "p.json")))
    #expect(try command(["reverse", "-"]) == .reverse(.init(patch: "-")))
  }

  @Test func subcommandsOnlyAcceptTheirFlags() {
    #expect(failure(["reverse", "--input", "csv", "p"])?.message == "unknown option '--input'")
    #expect(failure(["check", "-o", "x", "p", "t"])?.message == "unknown option '-o'")
    #expect(
      failure(["apply", "--outptu", "x", "p"])?.message
        == "unknown option '--outptu'; did you mean '--output'?")
    #expect(
      failure(["apply", "--input", "yaml", "p"])?.message
        == "invalid value 'yaml' for '--input' (choose from json, jsonl, csv, tsv)")
    #expect(
      failure(["--input", "csv", "apply", "p"])?.message
        == "option '--input' belongs after the command (apply, check, merge)")
    #expect(
      failure(["-o", "x", "apply", "p"])?.message
        == "option '-o' belongs after the command (apply, merge)")
    #expect(failure(["--bogus", "apply"])?.message == "unknown option '--bogus'")
  }

  @Test func mergeOptions() throws {
    var expected = ColpatchMergeOptions(base: "b.csv", ours: "o.csv", theirs: "t.csv")
    expected.inPlace = true
    expected.conflictsFile = "c.json"
    expected.keyFields = [JSONPointer(["sku"]), JSONPointer(["user", "id"])]
    expected.ignoredFields = [JSONPointer(["at"])]
    expected.unordered = true
    expected.inputFormat = .csv
    expected.detectionName = "data.csv"
    #expect(
      try ColpatchArguments.parse([
        "merge", "b.csv", "-i", "o.csv", "t.csv", "--conflicts=c.json", "-k", "sku,user.id",
        "--ignore", "at", "--unordered", "--input", "csv", "--path", "data.csv",
      ]).get() == .run(.merge(expected)))
    #expect(
      failure(["merge", "b", "o", "t", "--key", "/a~9"])?.message.contains("~") == true)
    var rules = ColpatchMergeOptions(base: "b.json", ours: "o.json", theirs: "t.json")
    rules.comparedFields = try FieldRule.parse("price,cost=abs:0.01") + FieldRule.parse("n=trim")
    rules.arrayKeys = [try ArrayKey.parse("lines=sku")]
    #expect(
      try ColpatchArguments.parse([
        "merge", "b.json", "o.json", "t.json", "--compare", "price,cost=abs:0.01",
        "--array-key=lines=sku", "--compare", "n=trim",
      ]).get() == .run(.merge(rules)))
    #expect(
      failure(["merge", "b", "o", "t", "--array-key", "lines"])?.message
        == "bad array key 'lines': expected FIELD=KEYFIELD")
    #expect(
      failure(["merge", "b", "o", "t", "--compare", "price=abs:x"])?.message.contains("abs") == true
    )
  }

  @Test func commandNames() {
    #expect(failure([])?.message == "missing command (apply, check, merge, reverse, help)")
    #expect(failure([])?.usage == ColpatchArguments.command.usage)
    #expect(failure(["aply", "p"])?.message == "unknown command 'aply'; did you mean 'apply'?")
    #expect(
      failure(["revers", "p"])?.message == "unknown command 'revers'; did you mean 'reverse'?")
    #expect(failure(["frobnicate"])?.message == "unknown command 'frobnicate'")
    #expect(failure(["--", "--help"])?.message == "unknown command '--help'; did you mean 'help'?")
  }

  @Test(arguments: [["--help"], ["-h"], ["help"], ["help", "--help"], ["-h", "apply", "p"]])
  func topLevelHelp(arguments: [String]) throws {
    let expected =
      arguments == ["help", "--help"]
      ? help(ColpatchArguments.help) : help(ColpatchArguments.command)
    #expect(try ColpatchArguments.parse(arguments).get() == expected)
  }

  @Test(arguments: ["apply", "check", "reverse", "help"])
  func helpCommandEqualsHelpFlag(name: String) throws {
    let subcommand = try #require(ColpatchArguments.command.subcommand(named: name))
    let viaCommand = try ColpatchArguments.parse(["help", name]).get()
    #expect(viaCommand == help(subcommand))
    #expect(try ColpatchArguments.parse([name, "--help"]).get() == viaCommand)
    #expect(try ColpatchArguments.parse([name, "-h"]).get() == viaCommand)
    #expect(try ColpatchArguments.parse([name, "--bogus", "--help"]).get() == viaCommand)
  }

  @Test func helpCommandErrors() {
    #expect(failure(["help", "aply"])?.message == "unknown command 'aply'; did you mean 'apply'?")
    #expect(failure(["help", "apply", "check"])?.message == "unexpected operand 'check'")
  }

  @Test(arguments: [
    ["--version"], ["apply", "--version"], ["check", "p", "--version"], ["reverse", "--version"],
    ["help", "--version"],
  ])
  func versionAtEveryLevel(arguments: [String]) throws {
    #expect(try ColpatchArguments.parse(arguments).get() == .version("colpatch 0.1.0\n"))
  }

  @Test func errorsAfterTheCommandShowItsUsage() {
    let error = failure(["apply", "--formt"])
    #expect(
      error?.report == "colpatch: unknown option '--formt'\n" + ColpatchArguments.apply.usage + "\n"
    )
    #expect(
      ColpatchArguments.apply.usage
        == "usage: colpatch apply PATCH [TARGET] [-o OUT | -i] [--input FORMAT]")
  }
}
