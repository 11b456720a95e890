import ColdiffCLI
import Foundation
import TestSupport
import Testing

/// The committed completion scripts load in their shells and complete
/// what the flag tables say. bash is always checked; zsh and fish are
/// checked when installed and recorded as a known issue when not.
@Suite struct CompletionScriptTests {
  static let root = ProjectPaths.packageRoot

  /// The shell's path, or `nil` after recording a known issue.
  func shell(_ name: String) -> String? {
    if let path = ShellCommand.locate(name) { return path }
    withKnownIssue(
      "\(name) is not installed (apt-get install \(name)); its completions are unchecked"
    ) {
      Issue.record("\(name) missing")
    }
    return nil
  }

  /// What the bash completion function of `tool` replies for the words.
  func bashReply(_ tool: String, _ words: [String]) throws -> [String] {
    let bash = try #require(ShellCommand.locate("bash"), "bash must be installed")
    let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
    let script = """
      source completions/\(tool).bash
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _\(tool)
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try ShellCommand.run(bash, ["-c", script], in: Self.root)
    #expect(outcome.status == 0 && outcome.errors == "", "\(outcome.errors)")
    return outcome.output.split(separator: "\n").map(String.init)
  }

  @Test(arguments: ["coldiff", "colpatch"])
  func bashScriptParses(tool: String) throws {
    let bash = try #require(ShellCommand.locate("bash"), "bash must be installed")
    let outcome = try ShellCommand.run(bash, ["-n", "completions/\(tool).bash"], in: Self.root)
    #expect(outcome.status == 0 && outcome.errors == "", "\(outcome.errors)")
  }

  @Test func bashCompletesColdiff() throws {
    #expect(
      try bashReply("coldiff", ["coldiff", "--format", ""]) == [
        "text", "json", "patch", "stat", "markdown", "html",
      ])
    #expect(try bashReply("coldiff", ["coldiff", "-f", "j"]) == ["json"])
    #expect(try bashReply("coldiff", ["coldiff", "--input=j"]) == ["json", "jsonl"])
    #expect(try bashReply("coldiff", ["coldiff", "--color", "=", "a"]) == ["auto", "always"])
    #expect(try bashReply("coldiff", ["coldiff", "--key", ""]) == [])
    #expect(try bashReply("coldiff", ["coldiff", "--no"]) == ["--no-test"])
    let all = try bashReply("coldiff", ["coldiff", "-"])
    #expect(
      Set(all)
        == Set(
          ColdiffFlags.all.flatMap { [$0.longSpelling] + [$0.shortSpelling].compactMap { $0 } }))
    #expect(try bashReply("coldiff", ["coldiff", "Package.sw"]) == ["Package.swift"])
  }

  @Test func bashCompletesColpatch() throws {
    #expect(
      try bashReply("colpatch", ["colpatch", ""]) == ["apply", "check", "merge", "reverse", "help"])
    #expect(try bashReply("colpatch", ["colpatch", "merge", "--con"]) == ["--conflicts"])
    #expect(try bashReply("colpatch", ["colpatch", "help", "c"]) == ["check"])
    #expect(try bashReply("colpatch", ["colpatch", "apply", "--in"]) == ["--in-place", "--input"])
    #expect(try bashReply("colpatch", ["colpatch", "check", "--input", "t"]) == ["tsv"])
    #expect(
      try bashReply("colpatch", ["colpatch", "apply", "-o", "Package.sw"]) == ["Package.swift"])
    #expect(
      try bashReply("colpatch", ["colpatch", "reverse", "-"]) == ["--help", "-h", "--version"])
  }

  @Test(arguments: ["coldiff", "colpatch"])
  func zshScriptLoads(tool: String) throws {
    guard let zsh = shell("zsh") else { return }
    let syntax = try ShellCommand.run(zsh, ["-n", "completions/_\(tool)"], in: Self.root)
    #expect(syntax.status == 0 && syntax.errors == "", "\(syntax.errors)")
    let script = """
      autoload -U compinit && compinit -u -D
      source completions/_\(tool)
      print -r -- $_comps[\(tool)]
      """
    let loaded = try ShellCommand.run(
      zsh, ["-f", "-c", script], in: Self.root,
      environment: ["HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"])
    #expect(loaded.errors == "", "\(loaded.errors)")
    #expect(loaded.output == "_\(tool)\n")
  }

  @Test(arguments: ["coldiff", "colpatch"])
  func fishScriptParses(tool: String) throws {
    guard let fish = shell("fish") else { return }
    let outcome = try ShellCommand.run(
      fish, ["--no-config", "-n", "completions/\(tool).fish"], in: Self.root)
    #expect(outcome.status == 0 && outcome.errors == "", "\(outcome.errors)")
  }

  /// The candidates fish offers for the command line, without descriptions.
  func fishCandidates(_ tool: String, _ line: String) throws -> [String]? {
    guard let fish = shell("fish") else { return nil }
    let script = "source completions/\(tool).fish; complete -C'\(line)'"
    let outcome = try ShellCommand.run(
      fish, ["--no-config", "-c", script], in: Self.root,
      environment: ["HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"])
    #expect(outcome.status == 0 && outcome.errors == "", "\(outcome.errors)")
    return outcome.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
  }

  @Test func fishCompletes() throws {
    guard let formats = try fishCandidates("coldiff", "coldiff --format ") else { return }
    #expect(Set(formats) == ["text", "json", "patch", "stat", "markdown", "html"])
    #expect(try fishCandidates("coldiff", "coldiff --no") == ["--no-test"])
    #expect(try fishCandidates("coldiff", "coldiff --key ") == [])
    #expect(
      try Set(fishCandidates("colpatch", "colpatch ") ?? []) == [
        "apply", "check", "merge", "reverse", "help",
      ])
    #expect(
      try Set(fishCandidates("colpatch", "colpatch check --input ") ?? []) == [
        "json", "jsonl", "csv", "tsv",
      ])
    #expect(
      try Set(fishCandidates("colpatch", "colpatch help ") ?? []) == [
        "apply", "check", "merge", "reverse", "help",
      ])
    #expect(try fishCandidates("colpatch", "colpatch apply Package.sw") == ["Package.swift"])
  }
}
