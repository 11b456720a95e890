import Foundation
import TestSupport
import Testing

/// `colpatch reverse` (SPEC §5, §7.9): it inverts guarded patches and diff
/// documents, refuses an unguarded patch with exit 2 and a message saying
/// why and what to do, and reverses an insert-only patch without guards.
@Suite struct ColpatchReverseTests {
  static let old =
    "[\n  {\"id\": 1, \"a\": 1},\n  {\"id\": 2, \"a\": 2},\n  {\"id\": 3, \"a\": 3}\n]\n"
  static let new =
    "[\n  {\"id\": 3, \"a\": 3},\n  {\"id\": 1, \"a\": 5},\n  {\"id\": 4, \"a\": 4}\n]\n"

  /// OLD and NEW in a folder, and coldiff's output for `options`.
  static func diff(_ options: [String], in folder: TemporaryDirectory) throws -> String {
    let old = try folder.write("old.json", Self.old)
    let new = try folder.write("new.json", Self.new)
    let diff = try ColpatchCommandLine.coldiff(options + [old, new])
    #expect(diff.status == 1, "\(diff)")
    return try folder.write("patch.json", diff.text)
  }

  @Test(arguments: [["-f", "patch"], ["-f", "json"]])
  func aGuardedPatchOrADiffDocumentIsUndone(_ options: [String]) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let patch = try Self.diff(options, in: folder)
    let reversed = try ColpatchCommandLine.colpatch(["reverse", patch])
    #expect(reversed.status == 0 && reversed.errors.isEmpty, "\(reversed)")
    let undone = try ColpatchCommandLine.colpatch(
      ["apply", "-", folder.file("new.json")], input: reversed.output)
    #expect(undone.status == 0 && undone.errors.isEmpty, "\(undone)")
    #expect(try ColpatchJSON(parsing: undone.output) == ColpatchJSON(parsing: Self.old))
    // Reversing twice gives a patch that does what the first did.
    let twice = try ColpatchCommandLine.colpatch(["reverse", "-"], input: reversed.output)
    #expect(twice.status == 0 && twice.errors.isEmpty, "\(twice)")
    let redone = try ColpatchCommandLine.colpatch(
      ["apply", "-", folder.file("old.json")], input: twice.output)
    #expect(redone.status == 0 && redone.text == Self.new, "\(redone)")
  }

  @Test func aGuardedPatchReversesToTheExpectedOperations() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let patch = try folder.write(
      "patch.json",
      #"[{"op": "test", "path": "/0/id", "value": 1}, {"op": "move", "from": "/0", "path": "/1"}]"#)
    let reversed = try ColpatchCommandLine.colpatch(["reverse", patch])
    #expect(reversed.status == 0 && reversed.errors.isEmpty, "\(reversed)")
    #expect(
      try ColpatchJSON(parsing: reversed.output)
        == ColpatchJSON(
          parsing:
            #"[{"op": "test", "path": "/1/id", "value": 1}, {"op": "move", "from": "/1", "path": "/0"}]"#
        ))
  }

  @Test func anUnguardedPatchIsRefusedSayingWhyAndWhatToDo() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let patch = try Self.diff(["-f", "patch", "--no-test"], in: folder)
    let outcome = try ColpatchCommandLine.colpatch(["reverse", patch])
    #expect(outcome.status == 2)
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.errors
        == "colpatch: \(patch): cannot reverse op 0 (remove /1): no test of the old value before it; "
        + "make the patch with `coldiff -f patch` without --no-test\n")
  }

  @Test func eachUnguardedKindOfOpIsNamed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let cases = [
      (
        #"[{"op": "move", "from": "/0", "path": "/1"}]"#,
        "cannot reverse op 0 (move /1): no test of the moved record's key at `from` before it; "
          + "make the patch with `coldiff -f patch` without --no-test"
      ),
      (
        #"[{"op": "test", "path": "/0/a", "value": 1}, {"op": "replace", "path": "/0/a", "value": 2}, {"op": "replace", "path": "/1/a", "value": 2}]"#,
        "cannot reverse op 2 (replace /1/a): no test of the old value before it; "
          + "make the patch with `coldiff -f patch` without --no-test"
      ),
      (
        #"[{"op": "copy", "from": "/0", "path": "/1"}]"#,
        "cannot reverse op 0 (copy /1): a copy cannot be undone from the patch alone"
      ),
    ]
    for (text, message) in cases {
      let patch = try folder.write("patch.json", text)
      let outcome = try ColpatchCommandLine.colpatch(["reverse", patch])
      #expect(outcome.status == 2, "\(text): \(outcome)")
      #expect(outcome.output.isEmpty)
      #expect(outcome.errors == "colpatch: \(patch): \(message)\n", "\(outcome)")
    }
  }

  @Test func anInsertOnlyPatchReversesWithoutGuards() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.json", "[\n  {\"id\": 1},\n  {\"id\": 2}\n]\n")
    let new = try folder.write(
      "new.json", "[\n  {\"id\": 0},\n  {\"id\": 1},\n  {\"id\": 2},\n  {\"id\": 3}\n]\n")
    let diff = try ColpatchCommandLine.coldiff(["-f", "patch", "--no-test", old, new])
    #expect(diff.status == 1, "\(diff)")
    #expect(!diff.text.contains("\"test\""))
    let reversed = try ColpatchCommandLine.colpatch(["reverse", "-"], input: diff.output)
    #expect(reversed.status == 0 && reversed.errors.isEmpty, "\(reversed)")
    let undone = try ColpatchCommandLine.colpatch(["apply", "-", new], input: reversed.output)
    #expect(undone.status == 0 && undone.errors.isEmpty, "\(undone)")
    #expect(undone.text == "[\n  {\"id\": 1},\n  {\"id\": 2}\n]\n")
  }

  @Test func aDiffDocumentReversesToADiffDocument() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let document = try Self.diff(["-f", "json"], in: folder)
    let reversed = try ColpatchCommandLine.colpatch(["reverse", document])
    #expect(reversed.status == 0 && reversed.errors.isEmpty, "\(reversed)")
    let value = try ColpatchJSON(parsing: reversed.output)
    let original = try ColpatchJSON(parsing: ColpatchCommandLine.bytes(document))
    #expect(value.objectValue?["coldiff"] == (try ColpatchJSON(parsing: "1")))
    // What was inserted is deleted and the other way round.
    let insertedKeys = original.objectValue?["inserts"]?.arrayValue?.map { $0.objectValue?["key"] }
    let deletedKeys = value.objectValue?["deletes"]?.arrayValue?.map { $0.objectValue?["key"] }
    #expect(insertedKeys != nil && insertedKeys == deletedKeys)
  }
}
