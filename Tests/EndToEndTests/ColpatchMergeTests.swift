import Foundation
import TestSupport
import Testing

/// `colpatch merge` from the command line (SPEC §8.4): where the merged
/// snapshot goes, the conflicts on standard error and in a JSON document,
/// the exit statuses, and OURS left alone on trouble.
@Suite struct ColpatchMergeTests {
  private static let base = "{\"id\": 1, \"v\": 1}\n{\"id\": 2, \"v\": 2}\n"
  private static let ours = "{\"id\": 1, \"v\": 10}\n{\"id\": 2, \"v\": 2}\n"
  private static let theirs = "{\"id\": 1, \"v\": 1}\n{\"id\": 2, \"v\": 20}\n"
  private static let clash = "{\"id\": 1, \"v\": 11}\n{\"id\": 2, \"v\": 2}\n"

  private func folder(theirs: String = Self.theirs) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try folder.write("base.jsonl", Self.base)
    try folder.write("ours.jsonl", Self.ours)
    try folder.write("theirs.jsonl", theirs)
    return folder
  }

  @Test func aCleanMergeGoesToStandardOutputWithStatusZero() throws {
    let folder = try folder()
    defer { folder.remove() }
    let run = try ColpatchCommandLine.colpatch(
      ["merge", "base.jsonl", "ours.jsonl", "theirs.jsonl"], in: folder.path)
    #expect(run.status == 0)
    #expect(run.text == "{\"id\": 1, \"v\": 10}\n{\"id\": 2, \"v\": 20}\n")
    #expect(run.errors.isEmpty)
  }

  @Test func conflictsAreListedWrittenAndExitOne() throws {
    let folder = try folder(theirs: Self.clash)
    defer { folder.remove() }
    let run = try ColpatchCommandLine.colpatch(
      [
        "merge", "base.jsonl", "ours.jsonl", "theirs.jsonl", "-o", "out.jsonl", "--conflicts",
        "c.json",
      ], in: folder.path)
    #expect(run.status == 1)
    #expect(run.text.isEmpty)
    #expect(run.errors == "colpatch: conflict: key 1 /v: base 1, ours 10, theirs 11\n")
    #expect(try folder.read("out.jsonl") == Self.ours)
    #expect(
      try folder.read("c.json")
        == "{\n  \"coldiff\": 1,\n  \"conflicts\": [\n    {\n      \"kind\": \"field\",\n"
        + "      \"key\": 1,\n      \"path\": \"/v\",\n      \"base\": 1,\n      \"ours\": 10,\n"
        + "      \"theirs\": 11\n    }\n  ]\n}\n")
  }

  @Test func inPlaceWritesIntoOurs() throws {
    let folder = try folder()
    defer { folder.remove() }
    let run = try ColpatchCommandLine.colpatch(
      ["merge", "-i", "base.jsonl", "ours.jsonl", "theirs.jsonl", "--conflicts", "c.json"],
      in: folder.path)
    #expect(run.status == 0)
    #expect(try folder.read("ours.jsonl") == "{\"id\": 1, \"v\": 10}\n{\"id\": 2, \"v\": 20}\n")
    #expect(try folder.read("c.json") == "{\n  \"coldiff\": 1,\n  \"conflicts\": []\n}\n")
    #expect(try folder.contents() == ["base.jsonl", "c.json", "ours.jsonl", "theirs.jsonl"])
  }

  @Test func troubleExitsTwoAndLeavesOursAlone() throws {
    let folder = try folder(theirs: "{\"id\": 1, \"v\": \n")
    defer { folder.remove() }
    let before = try ColpatchFileIdentity(folder.file("ours.jsonl"))
    let run = try ColpatchCommandLine.colpatch(
      ["merge", "-i", "base.jsonl", "ours.jsonl", "theirs.jsonl"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix("colpatch: theirs.jsonl:"))
    #expect(try ColpatchFileIdentity(folder.file("ours.jsonl")) == before)
    #expect(try folder.read("ours.jsonl") == Self.ours)
  }

  /// The three inputs are opened first and scanned at once, yet the
  /// error told is BASE's before OURS's before THEIRS's, and a key twice
  /// in BASE or in OURS names that file.
  @Test(arguments: [
    (["bad1.jsonl", "missing.jsonl", "base.jsonl"], "bad1.jsonl"),
    (["base.jsonl", "bad2.jsonl", "bad1.jsonl"], "bad2.jsonl"),
    (["base.jsonl", "ours.jsonl", "missing.jsonl"], "missing.jsonl"),
    (["twice.jsonl", "ours.jsonl", "theirs.jsonl"], "twice.jsonl"),
    (["base.jsonl", "twice.jsonl", "theirs.jsonl"], "twice.jsonl"),
  ])
  func errorsComeInTheInputsOrder(operands: [String], named: String) throws {
    let folder = try folder()
    defer { folder.remove() }
    try folder.write("bad1.jsonl", "{\"id\": 1, \"v\": \n")
    try folder.write("bad2.jsonl", "{\"id\": 2,, \"v\": 1}\n")
    try folder.write("twice.jsonl", "{\"id\": 1, \"v\": 1}\n{\"id\": 1, \"v\": 2}\n")
    let run = try ColpatchCommandLine.colpatch(["merge"] + operands, in: folder.path)
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix("colpatch: \(named)"), "\(run.errors)")
    #expect(!named.hasPrefix("twice") || run.errors.contains("duplicate key 1"), "\(run.errors)")
  }

  @Test func anEmptyBaseMakesEveryRecordAnInsert() throws {
    let folder = try folder(theirs: Self.clash)
    defer { folder.remove() }
    try folder.write("base.jsonl", "")
    let run = try ColpatchCommandLine.colpatch(
      ["merge", "base.jsonl", "ours.jsonl", "theirs.jsonl"], in: folder.path)
    #expect(run.status == 1)
    #expect(run.text == Self.ours)
    #expect(
      run.errors == "colpatch: conflict: key 1: inserted by both sides with different content\n")
  }

  @Test func membersOfAnObjectAreNamedInConflicts() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("b.json", "{\"a\": {\"v\": 1}, \"b\": {\"v\": 2}}\n")
    try folder.write("o.json", "{\"a\": {\"v\": 1}, \"b\": {\"v\": 3}}\n")
    try folder.write("t.json", "{\"a\": {\"v\": 5}, \"b\": {\"v\": 4}, \"c\": {\"v\": 0}}\n")
    let run = try ColpatchCommandLine.colpatch(
      ["merge", "b.json", "o.json", "t.json", "--conflicts", "c.json"], in: folder.path)
    #expect(run.status == 1)
    #expect(run.text == "{\"a\": {\"v\": 5}, \"b\": {\"v\": 3}, \"c\": {\"v\": 0}}\n")
    #expect(run.errors == "colpatch: conflict: member b /v: base 2, ours 3, theirs 4\n")
    #expect(try folder.read("c.json").contains("\"name\": \"b\""))
  }

  @Test func aTableMergesUnordered() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("b.tsv", "id\tv\n1\ta\n2\tb\n3\tc\n")
    try folder.write("o.tsv", "id\tv\n2\tb\n1\tA\n3\tc\n")
    try folder.write("t.tsv", "id\tv\n1\ta\n4\td\n2\tb\n3\tC\n")
    let ordered = try ColpatchCommandLine.colpatch(
      ["merge", "b.tsv", "o.tsv", "t.tsv"], in: folder.path)
    #expect(ordered.status == 0)
    #expect(ordered.text == "id\tv\n2\tb\n1\tA\n4\td\n3\tC\n")
    let unordered = try ColpatchCommandLine.colpatch(
      ["merge", "--unordered", "b.tsv", "o.tsv", "t.tsv"], in: folder.path)
    #expect(unordered.status == 0)
    #expect(unordered.text == "id\tv\n2\tb\n1\tA\n3\tC\n4\td\n")
  }

  @Test func recordsWithoutAKeyAreTrouble() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    for name in ["b.json", "o.json", "t.json"] { try folder.write(name, "[{\"v\": 1}]\n") }
    let run = try ColpatchCommandLine.colpatch(
      ["merge", "b.json", "o.json", "t.json"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.errors.contains("merge needs a key"))
    let keyed = try ColpatchCommandLine.colpatch(
      ["merge", "--key", "v", "b.json", "o.json", "t.json"], in: folder.path)
    #expect(keyed.status == 0)
    #expect(keyed.text == "[{\"v\": 1}]\n")
  }

  @Test(arguments: [
    (["merge", "b", "o"], "missing operand THEIRS"),
    (["merge", "b"], "missing operands OURS and THEIRS"),
    (["merge", "b", "o", "t", "x"], "unexpected operand 'x'"),
    (["merge", "-i", "-o", "x", "b", "o", "t"], "cannot be used together"),
    (["merge", "-", "-", "t"], "at most one of BASE, OURS and THEIRS"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let run = try ColpatchCommandLine.colpatch(arguments)
    #expect(run.status == 2)
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  @Test func helpMergeIsMergeHelp() throws {
    let help = try ColpatchCommandLine.colpatch(["help", "merge"])
    let flag = try ColpatchCommandLine.colpatch(["merge", "--help"])
    #expect(help.status == 0)
    #expect(help.text == flag.text)
    #expect(help.text.contains("merge.coldiff.driver"))
  }
}
