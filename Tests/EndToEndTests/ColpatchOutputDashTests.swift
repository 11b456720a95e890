import Foundation
import TestSupport
import Testing

/// `-o -` writes the result to standard output, as `patch -o -` does;
/// colpatch used to create a file named `-` in the working folder.
@Suite struct ColpatchOutputDashTests {
  @Test func outputDashIsStandardOutput() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("t.json", "[{\"id\":1}]\n")
    let patch = try folder.write("p.json", #"[{"op": "add", "path": "/-", "value": {"id": 2}}]"#)
    for option in [["-o", "-"], ["--output=-"]] {
      let outcome = try ColpatchCommandLine.colpatch(
        ["apply", patch, target] + option, in: folder.path)
      #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(option): \(outcome)")
      #expect(outcome.text == "[{\"id\":1},{\"id\":2}]\n", "\(option)")
      #expect(try folder.contents() == ["p.json", "t.json"], "\(option)")
    }
  }

  @Test func aFailingPatchWithOutputDashPrintsNothing() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("t.json", "[{\"id\":1}]\n")
    let patch = try folder.write("p.json", #"[{"op": "remove", "path": "/1"}]"#)
    let outcome = try ColpatchCommandLine.colpatch(
      ["apply", patch, target, "-o", "-"], in: folder.path)
    #expect(outcome.status == 1 && outcome.output.isEmpty, "\(outcome)")
    #expect(
      outcome.errors
        == "colpatch: op 0 (remove /1): /1 is out of bounds (the array has 1 elements)\n")
    #expect(try folder.contents() == ["p.json", "t.json"])
  }
}
