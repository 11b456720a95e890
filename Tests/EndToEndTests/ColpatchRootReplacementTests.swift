import Foundation
import TestSupport
import Testing

/// RFC 6902 lets an operation on the root turn an object document into an
/// array and back (json-patch-tests #11 and #12); colpatch used to refuse
/// with exit 1 ("the document must stay an object of records").
@Suite struct ColpatchRootReplacementTests {
  @Test func objectDocumentBecomesAnArrayThenIsEditedFurther() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("target.json", "{\"a\": {\"x\": 1}}\n")
    let patch = try folder.write(
      "patch.json",
      #"[{"op": "add", "path": "", "value": [1, {"b": 2}]}, {"op": "add", "path": "/-", "value": 3}]"#
    )
    let outcome = try ColpatchCommandLine.colpatch(["apply", patch, target])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.errors.isEmpty)
    #expect(outcome.text == "[1, {\"b\": 2}, 3]\n")
  }

  @Test func arrayDocumentBecomesAnObject() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("target.json", "[]\n")
    let patch = try folder.write("patch.json", #"[{"op": "replace", "path": "", "value": {}}]"#)
    let outcome = try ColpatchCommandLine.colpatch(["apply", patch, target])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.errors.isEmpty)
    #expect(try ColpatchJSON(parsing: outcome.output) == .object([:]))
  }

  @Test func scalarRootIsRefusedAndNothingWritten() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("target.json", "{\"a\": 1}\n")
    let patch = try folder.write("patch.json", #"[{"op": "replace", "path": "", "value": 5}]"#)
    let outcome = try ColpatchCommandLine.colpatch(["apply", "-i", patch, target])
    #expect(outcome.status == 1)
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.errors
        == "colpatch: op 0 (replace \"\"): the document must stay an array or an object\n")
    #expect(try folder.read("target.json") == "{\"a\": 1}\n")
  }

  @Test func jsonLinesStaysAListOfRecords() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("target.jsonl", "{\"a\":1}\n")
    let patch = try folder.write("patch.json", #"[{"op": "add", "path": "", "value": {"b": 1}}]"#)
    let outcome = try ColpatchCommandLine.colpatch(["apply", patch, target])
    #expect(outcome.status == 1)
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.errors == "colpatch: op 0 (add \"\"): the document must stay an array of records\n")
  }
}
