import ColdiffCLI
import ColdiffEngine
import ColdiffFormats
import Testing

@Suite struct ColdiffArgumentsTests {
  /// The options of a command line that must parse.
  func options(_ arguments: [String]) throws -> ColdiffOptions {
    let invocation = try ColdiffArguments.parse(arguments).get()
    guard case .run(let options) = invocation else {
      Issue.record("expected options for \(arguments), got \(invocation)")
      return ColdiffOptions()
    }
    return options
  }

  /// The message of a command line that must fail.
  func failure(_ arguments: [String]) -> String {
    switch ColdiffArguments.parse(arguments) {
    case .success(let invocation):
      Issue.record("expected a usage error for \(arguments), got \(invocation)")
      return ""
    case .failure(let error):
      #expect(error.tool == "coldiff")
      #expect(error.usage == ColdiffArguments.command.usage)
      return error.message
    }
  }

  @Test func twoOperandsAndDefaults() throws {
    #expect(
      try options(["old.json", "new.json"]) == ColdiffOptions(operands: ["old.json", "new.json"]))
  }

  @Test func everyOptionResolves() throws {
    let parsed = try options([
      "-k", "sku,user.id,/a/b", "--ignore", "updated", "--ignore=seen", "--unordered", "--tree",
      "children", "--input", "csv", "--format", "patch", "--no-test", "--color", "never", "-q",
      "a.csv", "b.csv",
    ])
    var expected = ColdiffOptions(
      keyFields: [
        JSONPointer(["sku"]), JSONPointer(["user", "id"]), JSONPointer(["a", "b"]),
      ],
      ignoredFields: [JSONPointer(["updated"]), JSONPointer(["seen"])],
      unordered: true,
      treeField: "children", inputFormat: .csv, outputFormat: .patch, noTest: true,
      color: .never, quiet: true, operands: ["a.csv", "b.csv"])
    // What a shard document records, and what a combination adds to it.
    expected.diffArguments = [
      "--key", "sku,user.id,/a/b", "--ignore", "updated", "--ignore", "seen", "--unordered",
      "--tree", "children", "--input", "csv",
    ]
    expected.outputArguments = [
      "--format", "patch", "--no-test", "--color", "never", "--quiet",
    ]
    #expect(parsed == expected)
  }

  @Test(arguments: [
    ["--key", "id", "a", "b"], ["--key=id", "a", "b"], ["-kid", "a", "b"], ["-k", "id", "a", "b"],
    ["a", "-k", "id", "b"], ["a", "b", "--key", "id"],
  ])
  func valueSpellings(arguments: [String]) throws {
    let parsed = try options(arguments)
    #expect(parsed.keyFields == [JSONPointer(["id"])])
    #expect(parsed.operands == ["a", "b"])
  }

  @Test(arguments: [["-qf", "json"], ["-qfjson"], ["-q", "-fjson"], ["-fjson", "-q"]])
  func bundledShortFlags(flags: [String]) throws {
    let parsed = try options(flags + ["a", "b"])
    #expect(parsed.quiet && parsed.outputFormat == .json)
  }

  @Test func theRestOfABundleIsTheValue() {
    #expect(failure(["-qf=json", "a", "b"]).hasPrefix("invalid value '=json' for '-f'"))
    #expect(failure(["-fq", "a", "b"]).hasPrefix("invalid value 'q' for '-f'"))
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try options(["-q", "--", "-old.json", "--key"])
    #expect(parsed.quiet && parsed.keyFields.isEmpty)
    #expect(parsed.operands == ["-old.json", "--key"])
  }

  @Test func dashIsStandardInputOnce() throws {
    #expect(try options(["-", "new.json"]).operands == ["-", "new.json"])
    #expect(try options(["old.json", "-"]).operands == ["old.json", "-"])
    #expect(failure(["-", "-"]).contains("both be standard input"))
  }

  @Test func aValueFlagGivenTwiceKeepsTheLast() throws {
    #expect(try options(["-f", "json", "--format=stat", "a", "b"]).outputFormat == .stat)
    #expect(try options(["-k", "a", "-k", "b", "x", "y"]).keyFields == [JSONPointer(["b"])])
    #expect(
      try options(["--ignore", "a", "--ignore", "b", "x", "y"]).ignoredFields == [
        JSONPointer(["a"]), JSONPointer(["b"]),
      ])
  }

  @Test func missingValues() throws {
    #expect(failure(["a", "b", "--format"]) == "option '--format' needs a value (FORMAT)")
    #expect(failure(["-k"]) == "option '-k' needs a value (FIELDS)")
    #expect(failure(["--key", "--unordered", "a", "b"]) == "option '--key' needs a value (FIELDS)")
    #expect(failure(["--tree=", "a", "b"]) == "option '--tree' needs a non-empty value")
    #expect(failure(["--key", "a,", "x", "y"]).contains("empty"))
    #expect(try options(["--key", "a,,b", "x", "y"]).keyFields == [JSONPointer(["a,b"])])
  }

  @Test func invalidChoicesListTheChoices() {
    #expect(
      failure(["--format", "yaml", "a", "b"])
        == "invalid value 'yaml' for '--format' (choose from text, json, patch, stat, markdown, html)"
    )
    #expect(
      failure(["-f", "jsn", "a", "b"])
        == "invalid value 'jsn' for '-f' (choose from text, json, patch, stat, markdown, html); did you mean 'json'?"
    )
    #expect(failure(["--input=xml", "a", "b"]).contains("(choose from json, jsonl, csv, tsv)"))
    #expect(
      failure(["--color", "sometimes", "a", "b"]).contains("(choose from auto, always, never)"))
  }

  @Test func unknownOptionsSuggestTheNearest() {
    #expect(
      failure(["--formt", "json", "a", "b"]) == "unknown option '--formt'; did you mean '--format'?"
    )
    #expect(
      failure(["--colour=never", "a", "b"]) == "unknown option '--colour'; did you mean '--color'?")
    #expect(
      failure(["--unorderd", "a", "b"])
        == "unknown option '--unorderd'; did you mean '--unordered'?")
    #expect(failure(["--zzzzzz", "a", "b"]) == "unknown option '--zzzzzz'")
    #expect(failure(["-x", "a", "b"]) == "unknown option '-x'")
    #expect(failure(["-qx", "a", "b"]) == "unknown option '-x' in '-qx'")
  }

  @Test func aLongNameWithOneDashSuggestsTwo() {
    #expect(
      failure(["-quiet", "a", "b"]) == "unknown option '-u' in '-quiet'; did you mean '--quiet'?")
    #expect(
      failure(["-format", "json", "a", "b"])
        == "invalid value 'ormat' for '-f' (choose from text, json, patch, stat, markdown, html); did you mean '--format'?"
    )
  }

  @Test func aSwitchTakesNoValue() {
    #expect(failure(["--quiet=yes", "a", "b"]) == "option '--quiet' takes no value")
  }

  @Test(arguments: [1, 2, 7, 9])
  func gitOperandCountsAreAccepted(count: Int) throws {
    let operands = (1...count).map { "arg\($0)" }
    let parsed = try ColdiffArguments.parse(operands, environment: ["GIT_DIFF_PATH_TOTAL": "1"])
    #expect(try parsed.get() == .run(ColdiffOptions(operands: operands)))
  }

  /// Outside git one operand is a forgotten NEW, also with `-q` (§8.1.1).
  @Test func oneOperandOutsideGitIsMissingNew() {
    #expect(failure(["old.json"]) == "missing operand NEW")
    #expect(failure(["-q", "old.json"]) == "missing operand NEW")
  }

  @Test(arguments: [0, 3, 4, 5, 6, 8, 10])
  func otherOperandCountsAreRejected(count: Int) {
    let message = failure(count == 0 ? ["-q"] : (1...count).map { "arg\($0)" })
    #expect(
      message
        == (count == 0
          ? "missing operands OLD and NEW" : "expected 2 operands (OLD NEW), got \(count)"))
  }

  @Test func textconvTakesOneFile() throws {
    let parsed = try options(["--textconv", "-k", "sku", "catalog.json"])
    #expect(parsed.textconvFile == "catalog.json")
    #expect(parsed.operands.isEmpty && parsed.keyFields == [JSONPointer(["sku"])])
    #expect(failure(["--textconv"]) == "'--textconv' takes exactly one FILE, got 0 operands")
    #expect(
      failure(["--textconv", "a", "b"]) == "'--textconv' takes exactly one FILE, got 2 operands")
  }

  @Test(arguments: [
    ["-h"], ["--help"], ["a", "b", "--help"], ["--formt", "--help"], ["-qh"], ["-k", "x", "-h"],
  ])
  func helpIsAResult(arguments: [String]) throws {
    let invocation = try ColdiffArguments.parse(arguments).get()
    #expect(invocation == .help(HelpRenderer.render(ColdiffArguments.command)))
  }

  @Test func versionIsAResult() throws {
    #expect(try ColdiffArguments.parse(["--version"]).get() == .version("coldiff 0.1.0\n"))
    #expect(
      try ColdiffArguments.parse(["--bad", "--version"]).get() == .version("coldiff 0.1.0\n"))
    #expect(try options(["--", "--version", "--help"]).operands == ["--version", "--help"])
  }

  @Test func theReportIsOneLineThenTheUsage() throws {
    guard case .failure(let error) = ColdiffArguments.parse(["--formt"]) else {
      Issue.record("expected an error")
      return
    }
    let lines = error.report.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "coldiff: unknown option '--formt'; did you mean '--format'?")
    #expect(lines[1] == "usage: coldiff [OPTIONS] OLD NEW")
    #expect(error.report.hasSuffix(ColdiffArguments.command.usage + "\n"))
  }
}

@Suite struct ColdiffLimitArgumentTests {
  @Test(arguments: [(["--limit", "0"], 0), (["--limit=25"], 25), (["-f", "markdown"], nil)])
  func limitIsACount(_ arguments: [String], _ limit: Int?) throws {
    let invocation = try ColdiffArguments.parse(arguments + ["a.json", "b.json"]).get()
    guard case .run(let options) = invocation else {
      Issue.record("expected options, got \(invocation)")
      return
    }
    #expect(options.limit == limit)
  }

  @Test(arguments: ["many", "+3", "1e3", "٣", "0x10"])
  func limitRefusesWhatIsNotACount(_ value: String) {
    guard case .failure(let error) = ColdiffArguments.parse(["--limit", value, "a", "b"]) else {
      Issue.record("--limit \(value) was accepted")
      return
    }
    #expect(
      error.message == "'--limit' expects a number of changes (0 or more), got '\(value)'")
  }

  @Test(arguments: ["-3", ""])
  func limitRefusesANegativeOrEmptyValue(_ value: String) {
    guard case .failure(let error) = ColdiffArguments.parse(["--limit", value, "a", "b"]) else {
      Issue.record("--limit \(value) was accepted")
      return
    }
    #expect(error.message.contains("'--limit'"), "\(error.message)")
  }

  @Test func theReportFormatsAreChoices() throws {
    for format in ["markdown", "html"] {
      let invocation = try ColdiffArguments.parse(["-f", format, "a", "b"]).get()
      guard case .run(let options) = invocation else { continue }
      #expect(options.outputFormat.rawValue == format)
    }
  }
}
