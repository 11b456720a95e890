import Foundation
import TestSupport
import Testing

/// RFC 6902 `add` on an existing object member replaces it. `colpatch
/// reverse` used to undo every `add` with a `remove`, so undoing a guarded
/// `test`-then-`add` of a member dropped the member instead of bringing
/// its old value back, and undoing an `add` of the root gave a `remove ""`
/// that can never apply.
@Suite struct ColpatchReverseAddTests {
  /// Applies `patch` to `document`, reverses it, applies the reverse to
  /// the result, and returns the reverse and what it gave.
  func roundTrip(_ patch: String, on document: String) throws -> (ColpatchJSON, ColpatchJSON) {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("t.json", document)
    let patchPath = try folder.write("p.json", patch)
    let forward = try ColpatchCommandLine.colpatch([
      "apply", patchPath, target, "-o", folder.file("r.json"),
    ])
    #expect(forward.status == 0 && forward.errors.isEmpty, "\(forward)")
    let reversed = try ColpatchCommandLine.colpatch(["reverse", patchPath])
    #expect(reversed.status == 0 && reversed.errors.isEmpty, "\(reversed)")
    let back = try ColpatchCommandLine.colpatch(
      ["apply", "-", folder.file("r.json")], input: reversed.output)
    #expect(back.status == 0 && back.errors.isEmpty, "\(back)")
    return (try ColpatchJSON(parsing: reversed.output), try ColpatchJSON(parsing: back.output))
  }

  @Test func aGuardedAddThatReplacedAMemberIsUndoneByAReplace() throws {
    let document = #"[{"id": 1, "a": 1}]"#
    let (reversed, back) = try roundTrip(
      #"[{"op": "test", "path": "/0/a", "value": 1}, {"op": "add", "path": "/0/a", "value": 2}]"#,
      on: document)
    #expect(
      reversed
        == (try ColpatchJSON(
          parsing:
            #"[{"op": "test", "path": "/0/a", "value": 2}, {"op": "replace", "path": "/0/a", "value": 1}]"#
        )))
    #expect(back == (try ColpatchJSON(parsing: document)))
  }

  @Test func anAddIntoAnArrayIsStillUndoneByARemove() throws {
    // The test guards the element that was at /0 before the insert.
    let document = #"[{"id": 1}]"#
    let (reversed, back) = try roundTrip(
      #"[{"op": "test", "path": "/0", "value": {"id": 1}}, {"op": "add", "path": "/0", "value": {"id": 0}}]"#,
      on: document)
    #expect(
      reversed
        == (try ColpatchJSON(
          parsing:
            #"[{"op": "test", "path": "/0", "value": {"id": 0}}, {"op": "remove", "path": "/0"}]"#)),
      "\(reversed)")
    #expect(back == (try ColpatchJSON(parsing: document)))
  }

  @Test func aGuardedAddOfTheRootIsUndoneByReplacingTheRoot() throws {
    let document = #"{"a": {"id": 1}}"#
    let (_, back) = try roundTrip(
      #"[{"op": "test", "path": "", "value": {"a": {"id": 1}}}, {"op": "add", "path": "", "value": {"b": {"id": 2}}}]"#,
      on: document)
    #expect(back == (try ColpatchJSON(parsing: document)))
  }

  @Test func anUnguardedAddOfTheRootIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let patch = try folder.write("p.json", #"[{"op": "add", "path": "", "value": []}]"#)
    let outcome = try ColpatchCommandLine.colpatch(["reverse", patch])
    #expect(outcome.status == 2 && outcome.output.isEmpty, "\(outcome)")
    #expect(
      outcome.errors
        == "colpatch: \(patch): cannot reverse op 0 (add \"\"): it replaces the whole document; "
        + "no test of the old value before it; make the patch with `coldiff -f patch` without "
        + "--no-test\n")
  }
}
