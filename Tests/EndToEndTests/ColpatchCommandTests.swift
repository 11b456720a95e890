import Foundation
import TestSupport
import Testing

/// The commands and their conventions (SPEC §5, §7.18): `apply`, `check`,
/// `reverse`, `help [COMMAND]`, `--version`, `--opt=value`, `--`, and
/// usage errors, each with standard output, standard error and the exit
/// status checked together.
@Suite struct ColpatchCommandTests {
  @Test func helpPrintsWhatDashDashHelpPrints() throws {
    let top = try ColpatchCommandLine.colpatch(["help"])
    let flag = try ColpatchCommandLine.colpatch(["--help"])
    #expect(top.status == 0 && top.errors.isEmpty, "\(top)")
    #expect(top.output == flag.output && flag.status == 0 && flag.errors.isEmpty)
    for command in ["apply", "check", "reverse", "help"] {
      #expect(top.text.contains("colpatch \(command) "), "\(command)")
      let help = try ColpatchCommandLine.colpatch(["help", command])
      let dashed = try ColpatchCommandLine.colpatch([command, "--help"])
      #expect(help.status == 0 && help.errors.isEmpty, "\(command): \(help)")
      #expect(help.output == dashed.output && dashed.status == 0, "\(command): \(dashed)")
      #expect(help.text.hasPrefix("usage: colpatch \(command) "), "\(command): \(help)")
      #expect(help.text.contains("Exit status:"), "\(command)")
    }
  }

  @Test func anUnknownCommandOrNoneIsAUsageError() throws {
    let unknown = try ColpatchCommandLine.colpatch(["help", "nope"])
    #expect(unknown.status == 2 && unknown.output.isEmpty)
    #expect(
      unknown.errors.hasPrefix("colpatch: unknown command 'nope'\nusage: colpatch"), "\(unknown)")
    let none = try ColpatchCommandLine.colpatch([])
    #expect(none.status == 2 && none.output.isEmpty)
    #expect(
      none.errors.hasPrefix("colpatch: missing command (apply, check, merge, reverse, help)\n"),
      "\(none)")
    let version = try ColpatchCommandLine.colpatch(["--version"])
    #expect(version.status == 0 && version.errors.isEmpty)
    #expect(version.text.hasPrefix("colpatch "), "\(version)")
  }

  @Test func checkSaysWhetherAPatchAppliesAndWritesNothing() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("target.json", "[{\"id\": 1, \"a\": 1}]\n")
    let good = try folder.write("good.json", #"[{"op": "test", "path": "/0/a", "value": 1}]"#)
    let bad = try folder.write("bad.json", #"[{"op": "test", "path": "/0/a", "value": 2}]"#)
    let malformed = try folder.write(
      "malformed.json", #"[{"op": "test", "path": "0/a", "value": 2}]"#)
    let clean = try ColpatchCommandLine.colpatch(["check", good, target])
    #expect(clean.status == 0 && clean.output.isEmpty && clean.errors.isEmpty, "\(clean)")
    let fails = try ColpatchCommandLine.colpatch(["check", bad, target])
    #expect(fails.status == 1 && fails.output.isEmpty, "\(fails)")
    #expect(
      fails.errors
        == "colpatch: op 0 (test /0/a): expected 2, found 1 (was the patch made for another file?)\n",
      "\(fails)")
    let trouble = try ColpatchCommandLine.colpatch(["check", malformed, target])
    #expect(trouble.status == 2 && trouble.output.isEmpty, "\(trouble)")
    #expect(trouble.errors.hasPrefix("colpatch: \(malformed):1:"), "\(trouble)")
    let fromStandardInput = try ColpatchCommandLine.colpatch(
      ["check", good, "-"], input: Array("[{\"id\": 1, \"a\": 1}]".utf8))
    #expect(
      fromStandardInput.status == 0 && fromStandardInput.errors.isEmpty, "\(fromStandardInput)")
    #expect(try folder.read("target.json") == "[{\"id\": 1, \"a\": 1}]\n")
  }

  @Test func doubleDashEndsOptionsAndInputOverridesDetection() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let patch = try folder.write(
      "patch.json", #"[{"op": "add", "path": "/-", "value": {"id": "2"}}]"#)
    try folder.write("-t.json", "[{\"id\":\"1\"}]")
    let dashed = try ColpatchCommandLine.colpatch(
      ["apply", patch, "--", "-t.json"], in: folder.path)
    #expect(dashed.status == 0 && dashed.errors.isEmpty, "\(dashed)")
    #expect(dashed.text == "[{\"id\":\"1\"},{\"id\":\"2\"}]")
    let table = try folder.write("table.txt", "id,v\n1,a\n")
    for option in [["--input", "csv"], ["--input=csv"]] {
      let outcome = try ColpatchCommandLine.colpatch(["apply"] + option + [patch, table])
      #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(option): \(outcome)")
      #expect(outcome.text == "id,v\n1,a\n2,\n", "\(option)")
    }
    let unknown = try ColpatchCommandLine.colpatch(["apply", "--input", "xml", patch, table])
    #expect(unknown.status == 2 && unknown.output.isEmpty, "\(unknown)")
    #expect(unknown.errors.hasPrefix("colpatch: "), "\(unknown)")
  }

  @Test func thePatchMayComeFromStandardInput() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("target.jsonl", "{\"id\":1}\n")
    let outcome = try ColpatchCommandLine.colpatch(
      ["apply", "-", target], input: Array(#"[{"op": "add", "path": "/0/x", "value": true}]"#.utf8))
    #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(outcome)")
    #expect(outcome.text == "{\"id\":1,\"x\":true}\n")
  }

  @Test func standardInputCannotServeTwiceOrBeWrittenInPlace() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let patch = try folder.write("patch.json", "[]")
    let cases: [([String], String)] = [
      (
        ["apply", "-"],
        "colpatch: PATCH and TARGET cannot both be standard input (TARGET defaults to '-')\n"
      ),
      (
        ["apply", "-", "-"],
        "colpatch: PATCH and TARGET cannot both be standard input (TARGET defaults to '-')\n"
      ),
      (
        ["apply", "-i", patch],
        "colpatch: '-i/--in-place' needs a TARGET file, not standard input\n"
      ),
      (
        ["apply", "-i", patch, "-"],
        "colpatch: '-i/--in-place' needs a TARGET file, not standard input\n"
      ),
    ]
    for (arguments, message) in cases {
      let outcome = try ColpatchCommandLine.colpatch(arguments, input: Array("[]".utf8))
      #expect(outcome.status == 2 && outcome.output.isEmpty, "\(arguments): \(outcome)")
      #expect(
        outcome.errors.hasPrefix(message + "usage: colpatch apply"), "\(arguments): \(outcome)")
    }
  }
}
