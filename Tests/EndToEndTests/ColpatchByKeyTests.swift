import Foundation
import TestSupport
import Testing

/// A diff document applies by key (SPEC §5): it still applies to a target
/// that drifted from OLD (other records added, removed, reordered, other
/// fields changed), and a conflict is reported by key with exit 1 and
/// nothing written.
@Suite struct ColpatchByKeyTests {
  static let old = """
    [
      {"id": 41, "price": 5},
      {"id": 42, "price": 10},
      {"id": 43, "price": 7},
      {"id": 44, "price": 1}
    ]

    """
  static let new = """
    [
      {"id": 41, "price": 5},
      {"id": 45, "price": 3},
      {"id": 42, "price": 12},
      {"id": 44, "price": 1}
    ]

    """

  /// The diff document of OLD → NEW above, written by the built coldiff.
  static func diffDocument(in folder: TemporaryDirectory, old: String = old, new: String = new)
    throws -> String
  {
    let oldPath = try folder.write("old.json", old)
    let newPath = try folder.write("new.json", new)
    let diff = try ColpatchCommandLine.coldiff(["-f", "json", oldPath, newPath])
    #expect(diff.status == 1, "\(diff)")
    let path = folder.file("diff.json")
    try ColpatchCommandLine.write(diff.output, to: path)
    return path
  }

  @Test func appliesToATargetWhoseOtherRecordsDrifted() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let diff = try Self.diffDocument(in: folder)
    // 44 changed and moved first, 50 added, 41 got a field, 43 still there
    // to be deleted.
    let target = try folder.write(
      "target.json",
      """
      [
        {"id": 44, "price": 2},
        {"id": 50, "name": "x"},
        {"id": 42, "price": 10},
        {"id": 41, "price": 5, "extra": true},
        {"id": 43, "price": 7}
      ]

      """)
    let outcome = try ColpatchCommandLine.colpatch(["apply", diff, target])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.errors.isEmpty)
    // 45 goes right after 41, the record before it in NEW.
    #expect(
      outcome.text == """
        [
          {"id": 44, "price": 2},
          {"id": 50, "name": "x"},
          {"id": 42, "price": 12},
          {"id": 41, "price": 5, "extra": true},
          {"id": 45, "price": 3}
        ]

        """)
    let check = try ColpatchCommandLine.colpatch(["check", diff, target])
    #expect(check.status == 0 && check.output.isEmpty && check.errors.isEmpty, "\(check)")
  }

  @Test func aMoveGoesAfterItsPredecessorInNewAmongDriftedRecords() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let diff = try Self.diffDocument(
      in: folder,
      old: "[\n  {\"id\": 1},\n  {\"id\": 2},\n  {\"id\": 3},\n  {\"id\": 4}\n]\n",
      new: "[\n  {\"id\": 2},\n  {\"id\": 3},\n  {\"id\": 1},\n  {\"id\": 4}\n]\n")
    let target = try folder.write(
      "target.json",
      "[\n  {\"id\": 5},\n  {\"id\": 1},\n  {\"id\": 2, \"w\": 1},\n  {\"id\": 4},\n  {\"id\": 3}\n]\n"
    )
    let outcome = try ColpatchCommandLine.colpatch(["apply", diff, target])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.errors.isEmpty)
    #expect(
      outcome.text
        == "[\n  {\"id\": 5},\n  {\"id\": 2, \"w\": 1},\n  {\"id\": 4},\n  {\"id\": 3},\n  {\"id\": 1}\n]\n"
    )
  }

  /// A conflict: exit 1, the message names the key, nothing on standard
  /// output, and with `-i` the target keeps its bytes and its inode.
  func expectConflict(target text: String, message: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let diff = try Self.diffDocument(in: folder)
    let target = try folder.write("target.json", text)
    let before = try ColpatchFileIdentity(target)
    for command in [
      ["apply", diff, target], ["apply", "-i", diff, target], ["check", diff, target],
    ] {
      let outcome = try ColpatchCommandLine.colpatch(command)
      #expect(outcome.status == 1, "\(command): \(outcome)")
      #expect(outcome.output.isEmpty, "\(command): \(outcome)")
      #expect(outcome.errors == message, "\(command): \(outcome)")
    }
    #expect(try folder.read("target.json") == text)
    #expect(try ColpatchFileIdentity(target) == before)
    #expect(try folder.contents() == ["diff.json", "new.json", "old.json", "target.json"])
  }

  @Test func aChangedOldValueIsAConflictNamedByKey() throws {
    try expectConflict(
      target: "[\n  {\"id\": 42, \"price\": 11},\n  {\"id\": 41, \"price\": 5},\n"
        + "  {\"id\": 43, \"price\": 7}\n]\n",
      message: "colpatch: key 42: /price is 11, the diff expects 10\n")
  }

  @Test func aChangedDeletedRecordIsAConflict() throws {
    try expectConflict(
      target: "[\n  {\"id\": 42, \"price\": 10},\n  {\"id\": 43, \"price\": 8},\n"
        + "  {\"id\": 41, \"price\": 5}\n]\n",
      message: "colpatch: key 43: the record differs from the one the diff deletes\n")
  }

  @Test func aMissingRecordIsAConflict() throws {
    try expectConflict(
      target: "[\n  {\"id\": 42, \"price\": 10},\n  {\"id\": 41, \"price\": 5}\n]\n",
      message: "colpatch: key 43: no such record in the target\n")
  }

  @Test func anInsertedKeyAlreadyThereIsAConflict() throws {
    try expectConflict(
      target: "[\n  {\"id\": 41, \"price\": 5},\n  {\"id\": 42, \"price\": 10},\n"
        + "  {\"id\": 43, \"price\": 7},\n  {\"id\": 45, \"price\": 3}\n]\n",
      message: "colpatch: key 45: already there\n")
  }

  @Test func aMissingPredecessorIsAConflict() throws {
    try expectConflict(
      target: "[\n  {\"id\": 42, \"price\": 10},\n  {\"id\": 43, \"price\": 7}\n]\n",
      message: "colpatch: the record that comes before key 45 (key 41) is not there\n")
  }

  @Test func aCSVDiffAppliesByStringKeyToADriftedTable() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.csv", "sku,name,price\nA1,apple,10\nB2,pear,20\n")
    let new = try folder.write("new.csv", "sku,name,price\nA1,apple,12\nC3,fig,5\n")
    let diff = try ColpatchCommandLine.coldiff(["-k", "sku", "-f", "json", old, new])
    #expect(diff.status == 1, "\(diff)")
    let target = try folder.write(
      "target.csv", "sku,name,price\r\nZ9,kiwi,1\r\nB2,pear,20\r\nA1,Apple,10\r\n")
    let outcome = try ColpatchCommandLine.colpatch(["apply", "-", target], input: diff.output)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.errors.isEmpty)
    #expect(outcome.text == "sku,name,price\r\nZ9,kiwi,1\r\nA1,Apple,12\r\nC3,fig,5\r\n")
  }

  @Test func anObjectMapDiffAppliesByMemberName() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let diff = try Self.diffDocument(
      in: folder, old: "{\n  \"a\": {\"p\": 1},\n  \"b\": {\"p\": 2}\n}\n",
      new: "{\n  \"a\": {\"p\": 3},\n  \"c\": {\"p\": 4}\n}\n")
    let target = try folder.write(
      "target.json",
      "{\n  \"z\": {\"p\": 0},\n  \"b\": {\"p\": 2},\n  \"a\": {\"p\": 1, \"q\": 9}\n}\n")
    let outcome = try ColpatchCommandLine.colpatch(["apply", diff, target])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.errors.isEmpty)
    #expect(
      outcome.text
        == "{\n  \"z\": {\"p\": 0},\n  \"a\": {\"p\": 3, \"q\": 9},\n  \"c\": {\"p\": 4}\n}\n")
    let conflict = try folder.write(
      "conflict.json", "{\n  \"a\": {\"p\": 5},\n  \"b\": {\"p\": 2}\n}\n")
    let refused = try ColpatchCommandLine.colpatch(["apply", diff, conflict])
    #expect(refused.status == 1, "\(refused)")
    #expect(refused.output.isEmpty)
    #expect(refused.errors == "colpatch: member a: /p is 5, the diff expects 1\n", "\(refused)")
  }
}
