import Foundation
import TestSupport
import Testing

/// The SPEC's cases as data (`Cases/NAME/`), each run with the built
/// `coldiff` in a fresh folder: standard output, standard error and the
/// exit status must be what the case's files say.
///
/// `COLDIFF_REGENERATE=1` writes the actual output into cases that have
/// no `status` file yet (`COLDIFF_REGENERATE=all` into every case); the
/// written files must then be checked by hand against the SPEC.
@Suite struct SpecCaseTests {
  private static let regenerate = ProcessInfo.processInfo.environment["COLDIFF_REGENERATE"] ?? ""

  @Test func casesArePresent() {
    #expect(SpecCase.all.count > 50)
    for specCase in SpecCase.all {
      #expect(specCase.bytes("args") != nil, "\(specCase.name) has no args file")
    }
  }

  @Test(arguments: SpecCase.all)
  func specCase(_ specCase: SpecCase) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let outcome = try specCase.run(in: directory)
    if Self.regenerate == "all" || (Self.regenerate == "1" && specCase.expectedStatus == nil) {
      try specCase.record(outcome)
      return
    }
    let status = try #require(specCase.expectedStatus, "\(specCase.name) has no status file")
    let output = specCase.bytes("expected.stdout") ?? []
    let errors = String(decoding: specCase.bytes("expected.stderr") ?? [], as: UTF8.self)
    #expect(outcome.text == String(decoding: output, as: UTF8.self))
    #expect(outcome.output == output, "standard output differs byte for byte")
    #expect(outcome.errors == errors)
    #expect(outcome.status == status)
  }

  /// Every case that finds differences also gives a patch that Python's
  /// `jsonpatch` applies to OLD to get NEW (DESIGN §3: every exact-output
  /// test also applies its result).
  // Skipped, with the reason printed, only when no Python with jsonpatch
  // can be had (pip without a network); `.ci/run` names the interpreter.
  @Test(.enabled(if: JSONPatchOracle.isAvailable))
  func casePatchesReproduceNew() throws {
    let oracle = try #require(JSONPatchOracle.shared)
    var directories: [TemporaryDirectory] = []
    defer { for directory in directories { directory.remove() } }
    var jobs: [JSONPatchOracle.Job] = []
    for specCase in SpecCase.all {
      guard let check = specCase.patchCheck else { continue }
      let directory = try TemporaryDirectory()
      directories.append(directory)
      let outcome = try specCase.run(in: directory, arguments: check.arguments)
      #expect(outcome.status == 1, "\(specCase.name): -f patch exited \(outcome.status)")
      // Notes (hints, §8.1.10) may come; nothing else.
      let messages = outcome.errors.split(separator: "\n")
      #expect(
        messages.allSatisfy { $0.hasPrefix("coldiff: note: ") },
        "\(specCase.name): \(outcome.errors)")
      let patch = try directory.write("patch.json", outcome.text)
      if let stdin = specCase.bytes("stdin") {
        try Data(stdin).write(to: URL(fileURLWithPath: directory.file("standard-input")))
      }
      func path(_ operand: String) -> String {
        if operand.hasPrefix("/") { return operand }
        return directory.file(operand == "-" ? "standard-input" : operand)
      }
      jobs.append(
        JSONPatchOracle.Job(
          name: specCase.name, old: path(check.operands[0]),
          oldForm: check.form(of: check.operands[0]), new: path(check.operands[1]),
          newForm: check.form(of: check.operands[1]), patch: patch, ignore: check.ignore,
          unordered: check.unordered, compare: check.compare, root: check.root,
          tree: check.tree, delimiter: check.delimiter))
    }
    #expect(jobs.count > 20)
    for (name, failure) in try oracle.check(jobs).sorted(by: { $0.key < $1.key }) {
      #expect(failure == nil, "\(name): the patch does not reproduce NEW: \(failure ?? "")")
    }
  }
}
