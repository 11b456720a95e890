import Foundation
import TestSupport
import Testing

/// What colpatch says about a patch that does not fit its target (SPEC
/// §8.1.5, §8.1.6, §8.1.8): exit 1 with the target byte-identical for
/// every well-formed patch or document that does not fit, a hint when not
/// a single guard holds or when the target already is the result, every
/// conflict listed by `check`, and the first differing member named by its
/// pointer.
@Suite struct ColpatchConflictReportTests {
  static let old =
    "[\n  {\"id\": 1, \"n\": \"a\"},\n  {\"id\": 2, \"n\": \"b\"},\n  {\"id\": 3, \"n\": \"c\"}\n]\n"
  static let new =
    "[\n  {\"id\": 1, \"n\": \"A\"},\n  {\"id\": 2, \"n\": \"b\"},\n  {\"id\": 3, \"n\": \"C\"}\n]\n"
  static let other =
    "[\n  {\"id\": 7, \"n\": \"x\"},\n  {\"id\": 8, \"n\": \"y\"},\n  {\"id\": 9, \"n\": \"z\"}\n]\n"

  /// A folder with OLD, NEW, their patch (`p.json`) and diff document
  /// (`d.json`), and `target.json` holding `target`.
  static func folder(target: String) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    let old = try folder.write("old.json", Self.old)
    let new = try folder.write("new.json", Self.new)
    _ = try folder.write("target.json", target)
    for (name, format) in [("p.json", "patch"), ("d.json", "json")] {
      let diff = try ColpatchCommandLine.coldiff(["-f", format, old, new])
      _ = try folder.write(name, diff.text)
    }
    return folder
  }

  /// Runs colpatch `command` on the folder's files and checks exit 1, no
  /// output, and the target untouched; returns standard error.
  func refused(_ command: [String], in folder: TemporaryDirectory) throws -> String {
    let target = folder.file("target.json")
    let before = try ColpatchCommandLine.bytes(target)
    let outcome = try ColpatchCommandLine.colpatch(
      command.map { ["p.json", "d.json", "target.json"].contains($0) ? folder.file($0) : $0 })
    #expect(outcome.status == 1, "\(command): \(outcome)")
    #expect(outcome.output.isEmpty, "\(command): \(outcome)")
    #expect(try ColpatchCommandLine.bytes(target) == before, "\(command): the target changed")
    return outcome.errors
  }

  @Test func aPatchForAnotherFileSaysSo() throws {
    let folder = try Self.folder(target: Self.other)
    defer { folder.remove() }
    #expect(
      try refused(["apply", "p.json", "target.json"], in: folder)
        == "colpatch: op 0 (test /0/id): expected 1, found 7 (was the patch made for another file?)\n"
    )
    #expect(
      try refused(["apply", "-i", "d.json", "target.json"], in: folder)
        == "colpatch: key 1: no such record in the target (was the patch made for another file?)\n")
  }

  @Test func aPatchAlreadyAppliedSaysSo() throws {
    let folder = try Self.folder(target: Self.new)
    defer { folder.remove() }
    #expect(
      try refused(["apply", "p.json", "target.json"], in: folder)
        == "colpatch: op 1 (test /0/n): expected \"a\", found \"A\" (the patch seems already applied)\n"
    )
    #expect(
      try refused(["apply", "d.json", "target.json"], in: folder)
        == "colpatch: key 1: /n is \"A\", the diff expects \"a\" (the patch seems already applied)\n"
    )
  }

  /// The reverse of a patch that only removes records has no guard: that
  /// it applies says nothing about the target.
  @Test func aRemovalOnlyPatchIsNotTakenForApplied() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.json", #"[{"id": 1}, {"id": 2}]"#)
    let new = try folder.write("new.json", #"[{"id": 1}]"#)
    let target = try folder.write("t.json", #"[{"id": 3}]"#)
    for format in ["patch", "json"] {
      let patch = try folder.write(
        "p.json", try ColpatchCommandLine.coldiff(["-f", format, old, new]).text)
      let outcome = try ColpatchCommandLine.colpatch(["apply", patch, target])
      #expect(outcome.status == 1, "\(outcome)")
      #expect(
        outcome.errors.hasSuffix("(was the patch made for another file?)\n"),
        "\(format): \(outcome)")
    }
  }

  @Test func checkListsEveryConflictOneALine() throws {
    // Record 1 drifted, record 3 is gone: two conflicts. No guard of the
    // document holds; the patch's test of key 1 at /0 does.
    let drifted = "[\n  {\"id\": 1, \"n\": \"q\"},\n  {\"id\": 2, \"n\": \"b\"}\n]\n"
    let folder = try Self.folder(target: drifted)
    defer { folder.remove() }
    #expect(
      try refused(["check", "d.json", "target.json"], in: folder)
        == "colpatch: key 1: /n is \"q\", the diff expects \"a\" "
        + "(was the patch made for another file?)\n"
        + "colpatch: key 3: no such record in the target\n")
    let lines = try refused(["check", "p.json", "target.json"], in: folder).split(separator: "\n")
    #expect(lines.first == "colpatch: op 1 (test /0/n): expected \"a\", found \"q\"")
    #expect(lines.count >= 2 && lines[1].hasPrefix("colpatch: op 3 (test /2/id): "), "\(lines)")
  }

  @Test func checkListsAtMostFiftyConflicts() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("target.json", "[{\"a\": 1}]\n")
    let operations = (0..<60).map { #"{"op": "test", "path": "/0/a", "value": \#($0 + 2)}"# }
    let patch = try folder.write("p.json", "[" + operations.joined(separator: ",\n") + "]")
    let outcome = try ColpatchCommandLine.colpatch(["check", patch, target])
    #expect(outcome.status == 1, "\(outcome)")
    let lines = outcome.errors.split(separator: "\n")
    #expect(lines.count == 51)
    #expect(
      lines.first
        == "colpatch: op 0 (test /0/a): expected 2, found 1 (was the patch made for another file?)")
    #expect(lines[49] == "colpatch: op 49 (test /0/a): expected 51, found 1")
    #expect(lines.last == "colpatch: … and 10 more")
  }

  @Test func aTargetRecordWithoutTheKeyIsAConflictNotTrouble() throws {
    let folder = try Self.folder(target: "[{\"n\": \"a\"}]\n")
    defer { folder.remove() }
    let errors = try refused(["apply", "d.json", "target.json"], in: folder)
    #expect(
      errors.hasSuffix("has no key /id (was the patch made for another file?)\n"), "\(errors)")
  }

  @Test func aTreeDocumentForATableOrAChildrenMemberThatIsNoArrayDoesNotFit() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let document = try folder.write(
      "d.json",
      #"{"coldiff": 1, "kind": "tree", "key": ["/id"], "tree": "/kids", "inserts": [], "deletes": [{"index": [0], "key": "1", "value": {"id": "1"}}], "updates": [], "moves": []}"#
    )
    let table = try folder.write("t.csv", "id\n1\n")
    let notATree = try folder.write("t.json", #"[{"id": "1", "kids": 5}]"#)
    for target in [table, notATree] {
      let outcome = try ColpatchCommandLine.colpatch(["apply", document, target])
      #expect(outcome.status == 1, "\(outcome)")
      #expect(outcome.errors.hasSuffix("(was the patch made for another file?)\n"), "\(outcome)")
    }
  }

  @Test func checkListsEveryConflictOfATreeDocument() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let document = try folder.write(
      "d.json",
      #"{"coldiff": 1, "kind": "tree", "key": ["/id"], "tree": "/kids", "inserts": [], "deletes": [{"index": [0], "key": "a", "value": {"id": "a"}}, {"index": [1], "key": "b", "value": {"id": "b"}}], "updates": [{"index": [2], "key": "c", "changes": [{"path": "/v", "old": 1, "new": 2}]}], "moves": []}"#
    )
    let target = try folder.write("t.json", #"[{"id": "a", "v": 0}, {"id": "c", "v": 5}]"#)
    let outcome = try ColpatchCommandLine.colpatch(["check", document, target])
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      outcome.errors
        == "colpatch: key b: no such record in the target (was the patch made for another file?)\n"
        + "colpatch: key c: /v is 5, the diff expects 1\n"
        + "colpatch: key a: the record differs from the one the diff deletes\n")
  }

  @Test func aLongValueInAConflictKeepsTheDifferenceInView() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let shared = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 3)
    let target = try folder.write("t.json", "[{\"id\": 1, \"d\": \"\(shared)cat\"}]")
    let document = try folder.write(
      "d.json",
      #"{"coldiff": 1, "kind": "ordered", "key": ["/id"], "inserts": [], "deletes": [], "updates": [{"index": 0, "key": 1, "changes": [{"path": "/d", "old": ""#
        + shared + #"dog", "new": "x"}]}], "moves": []}"#)
    let outcome = try ColpatchCommandLine.colpatch(["apply", document, target])
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.errors.contains("cat\""), "the target's side shows its end: \(outcome)")
    #expect(outcome.errors.contains("dog\""), "the expected side shows its end: \(outcome)")
    #expect(outcome.errors.contains("…"), "\(outcome)")
    #expect(!outcome.errors.contains(shared), "the shared start is cut: \(outcome)")
  }

  @Test func aValueACSVFieldCannotHoldIsAConflict() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("t.csv", "id,v\n1,a\n")
    let document = try folder.write(
      "d.json",
      #"{"coldiff": 1, "kind": "ordered", "key": ["/id"], "inserts": [{"index": 1, "key": "2", "after": "1", "value": {"id": "2", "v": [1]}}], "deletes": [], "updates": [], "moves": []}"#
    )
    let patch = try folder.write(
      "p.json", #"[{"op": "replace", "path": "/0/v", "value": {"x": 1}}]"#)
    for command in [["apply", document, target], ["apply", patch, target]] {
      let outcome = try ColpatchCommandLine.colpatch(command)
      #expect(outcome.status == 1, "\(outcome)")
      #expect(outcome.errors.contains("field holds text"), "\(outcome)")
      #expect(try folder.read("t.csv") == "id,v\n1,a\n")
    }
  }

  @Test func aConflictNamesTheFirstDifferingMemberByItsPointer() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write(
      "target.json", #"[{"id": 107, "item": {"name": "Knock box", "size": 2}, "tags": ["a"]}]"#)
    let document = try folder.write(
      "d.json",
      #"{"coldiff": 1, "kind": "ordered", "key": ["/id"], "inserts": [], "deletes": [], "updates": [{"index": 0, "key": 107, "changes": [{"path": "/item", "old": {"name": "Knock-box", "size": 2}, "new": {"name": "Knock-box", "size": 3}}]}], "moves": []}"#
    )
    let outcome = try ColpatchCommandLine.colpatch(["apply", document, target])
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      outcome.errors
        == "colpatch: key 107: /item/name is \"Knock box\", the diff expects \"Knock-box\" "
        + "(was the patch made for another file?)\n")
  }
}
