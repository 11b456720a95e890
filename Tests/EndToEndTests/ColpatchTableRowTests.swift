import Foundation
import TestSupport
import Testing

/// A well-formed patch that would put a non-scalar into a CSV or TSV
/// field, or make a row of something other than an object, does not apply
/// to that target (SPEC §7.10: exit 1, naming the op). colpatch used to
/// fail only when writing the result, with exit 2 and no op number.
@Suite struct ColpatchTableRowTests {
  static let table = "id,v\n1,a\n"

  @Test(arguments: [
    (
      #"[{"op": "add", "path": "/0/v", "value": {"x": 1}}]"#,
      "colpatch: op 0 (add /0/v): the value for column \"v\" would be an object; "
        + "a table's field holds text\n"
    ),
    (
      #"[{"op": "test", "path": "/0/v", "value": "a"}, {"op": "add", "path": "/-", "value": 5}]"#,
      "colpatch: op 1 (add /-): a row of a table must be an object, not a number\n"
    ),
    (
      #"[{"op": "replace", "path": "/0", "value": [1]}]"#,
      "colpatch: op 0 (replace /0): a row of a table must be an object, not an array\n"
    ),
    (
      #"[{"op": "replace", "path": "", "value": [{"id": "1", "v": [1]}]}]"#,
      "colpatch: op 0 (replace \"\"): the value for column \"v\" would be an array; "
        + "a table's field holds text\n"
    ),
    (
      #"[{"op": "copy", "from": "/0", "path": "/0/w"}]"#,
      "colpatch: op 0 (copy /0/w): the value for column \"w\" would be an object; "
        + "a table's field holds text\n"
    ),
  ])
  func anOpThatMakesARowOfSomethingElseDoesNotApply(_ patch: String, _ message: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("t.csv", Self.table)
    let patchPath = try folder.write("patch.json", patch)
    for command in ["apply", "check"] {
      let outcome = try ColpatchCommandLine.colpatch([command, patchPath, target])
      #expect(outcome.status == 1, "\(command): \(outcome)")
      #expect(outcome.output.isEmpty, "\(command): \(outcome)")
      #expect(outcome.errors == message, "\(command): \(outcome)")
    }
    let inPlace = try ColpatchCommandLine.colpatch(["apply", "-i", patchPath, target])
    #expect(inPlace.status == 1, "\(inPlace)")
    #expect(try folder.read("t.csv") == Self.table)
    #expect(try folder.contents() == ["patch.json", "t.csv"])
  }

  @Test func scalarsOfEveryKindStillFitAField() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("t.tsv", "id\tv\n1\ta\n")
    let patch = try folder.write(
      "patch.json",
      #"[{"op": "add", "path": "/-", "value": {"id": 2, "v": true}}, {"op": "add", "path": "/0/v", "value": null}]"#
    )
    let outcome = try ColpatchCommandLine.colpatch(["apply", patch, target])
    #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(outcome)")
    #expect(outcome.text == "id\tv\n1\t\n2\ttrue\n")
  }

  @Test func aDiffDocumentThatMakesANestedFieldIsAConflictNamedByKey() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.json", #"[{"id": "1", "v": "a"}]"#)
    let new = try folder.write("new.json", #"[{"id": "1", "v": {"x": 1}}, {"id": "2", "v": "b"}]"#)
    let diff = try ColpatchCommandLine.coldiff(["-f", "json", old, new])
    #expect(diff.status == 1, "\(diff)")
    let target = try folder.write("t.csv", Self.table)
    let outcome = try ColpatchCommandLine.colpatch(["apply", "-", target], input: diff.output)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.errors
        == "colpatch: key 1: the value for column \"v\" would be an object; a table's field holds text\n"
    )
  }

  /// Rows left without any field cannot be a table; colpatch used to exit 2
  /// ("a CSV table without columns cannot hold a record", no file named).
  @Test func rowsWithNoFieldLeftDoNotApply() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("t.csv", Self.table)
    let patch = try folder.write(
      "p.json", #"[{"op": "remove", "path": "/0/id"}, {"op": "remove", "path": "/0/v"}]"#)
    for command in [["apply", "-i"], ["check"]] {
      let outcome = try ColpatchCommandLine.colpatch(command + [patch, target])
      #expect(outcome.status == 1 && outcome.output.isEmpty, "\(command): \(outcome)")
      #expect(
        outcome.errors
          == "colpatch: \(target): no row of the result has a field left, so it cannot be "
          + "written as a table\n", "\(command): \(outcome)")
    }
    #expect(try folder.read("t.csv") == Self.table)
    // With no row left, the header stays.
    let emptied = try folder.write("e.json", #"[{"op": "remove", "path": "/0"}]"#)
    let outcome = try ColpatchCommandLine.colpatch(["apply", emptied, target])
    #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(outcome)")
    #expect(outcome.text == "id,v\n")
  }
}
