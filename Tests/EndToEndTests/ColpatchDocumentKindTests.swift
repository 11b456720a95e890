import Foundation
import TestSupport
import Testing

/// A diff document of a JSON object's members (entries with `"name"`)
/// does not apply to a list of records, nor one of a list (entries with
/// `"index"`) to an object. colpatch used to append an object document's
/// inserts to an array, silently dropping their member names, and to
/// report a mismatch as a missing member or record (exit 1).
@Suite struct ColpatchDocumentKindTests {
  /// coldiff's diff document from `old` to `new` (JSON texts).
  static func document(_ old: String, _ new: String, in folder: TemporaryDirectory) throws -> String
  {
    let oldPath = try folder.write("old.json", old)
    let newPath = try folder.write("new.json", new)
    let diff = try ColpatchCommandLine.coldiff(["-f", "json", oldPath, newPath])
    #expect(diff.status == 1, "\(diff)")
    return try folder.write("diff.json", diff.text)
  }

  @Test(arguments: [
    (#"{"a": {"id": 1}}"#, #"{"a": {"id": 1}, "b": {"id": 2}}"#),
    (#"{"a": {"id": 1}}"#, #"{"a": {"id": 5}}"#),
    (#"{"a": {"id": 1}}"#, #"{}"#),
  ])
  func anObjectDocumentDoesNotApplyToAList(_ old: String, _ new: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let document = try Self.document(old, new, in: folder)
    for (name, text) in [
      ("t.json", #"[{"id": 1}]"#), ("t.jsonl", "{\"id\": 1}\n"), ("t.csv", "id\n1\n"),
    ] {
      let target = try folder.write(name, text)
      let outcome = try ColpatchCommandLine.colpatch(["apply", document, target])
      #expect(outcome.status == 1 && outcome.output.isEmpty, "\(name): \(outcome)")
      #expect(
        outcome.errors
          == "colpatch: \(target): the diff document is of a JSON object's members; "
          + "this target is a list of records (was the patch made for another file?)\n",
        "\(name): \(outcome)")
    }
  }

  @Test func aListDocumentDoesNotApplyToAnObject() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let document = try Self.document(#"[{"id": 1}]"#, #"[{"id": 1}, {"id": 2}]"#, in: folder)
    let target = try folder.write("t.json", #"{"a": {"id": 1}}"#)
    let outcome = try ColpatchCommandLine.colpatch(["check", document, target])
    #expect(outcome.status == 1 && outcome.output.isEmpty, "\(outcome)")
    #expect(
      outcome.errors
        == "colpatch: \(target): the diff document is of a list of records; "
        + "this target is a JSON object's members (was the patch made for another file?)\n")
  }

  @Test func anEmptyDocumentAppliesToEither() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let empty = try folder.write(
      "empty.json",
      #"{"coldiff": 1, "kind": "unordered", "inserts": [], "deletes": [], "updates": [], "moves": []}"#
    )
    for text in [#"{"a": 1}"#, "[1]"] {
      let target = try folder.write("t.json", text)
      let outcome = try ColpatchCommandLine.colpatch(["apply", empty, target])
      #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(outcome)")
      #expect(outcome.text == text)
    }
  }
}
