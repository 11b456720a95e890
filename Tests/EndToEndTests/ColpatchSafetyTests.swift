import Foundation
import TestSupport
import Testing

/// Nothing is lost (SPEC §5, §7.10, §7.18): a write goes to a temporary
/// file in the target's folder and is renamed over it; a failing op
/// leaves the target byte-identical and untouched (same inode and
/// modification time) with exit 1 and `colpatch: op N (OP PATH): reason`;
/// a malformed patch or an unreadable file exits 2; no temporary file is
/// left behind.
@Suite struct ColpatchSafetyTests {
  static let target = "[\n  {\"id\": 1, \"a\": 1},\n  {\"id\": 2, \"a\": 2}\n]\n"

  /// A folder with `target.json` (mode 0640) and `patch.json`.
  static func folder(patch: String) throws -> (TemporaryDirectory, String, String) {
    let folder = try TemporaryDirectory()
    let target = try folder.write("target.json", Self.target)
    chmod(target, 0o640)
    let patch = try folder.write("patch.json", patch)
    return (folder, target, patch)
  }

  /// Runs `arguments` (where `TARGET`, `PATCH` and `OUT` stand for the
  /// files) and checks that it failed with `status` and `message`, wrote
  /// nothing, and left the target as it was.
  func expectNothingWritten(
    patch: String, _ arguments: [String], status: Int32, message: String
  ) throws {
    let (folder, target, patchPath) = try Self.folder(patch: patch)
    defer { folder.remove() }
    let before = try ColpatchFileIdentity(target)
    let names = ["TARGET": target, "PATCH": patchPath, "OUT": folder.file("out.json")]
    let outcome = try ColpatchCommandLine.colpatch(arguments.map { names[$0] ?? $0 })
    #expect(outcome.status == status, "\(outcome)")
    #expect(outcome.output.isEmpty, "\(outcome)")
    #expect(
      outcome.errors == message.replacingOccurrences(of: "PATCH", with: patchPath), "\(outcome)")
    #expect(try folder.read("target.json") == Self.target)
    #expect(try ColpatchFileIdentity(target) == before)
    #expect(try folder.contents() == ["patch.json", "target.json"])
  }

  @Test(arguments: [
    ["apply", "-i", "PATCH", "TARGET"], ["apply", "PATCH", "TARGET", "-o", "OUT"],
  ])
  func aFailingOpLeavesTheTargetUntouched(_ arguments: [String]) throws {
    try expectNothingWritten(
      patch:
        #"[{"op": "replace", "path": "/0/a", "value": 5}, {"op": "test", "path": "/1/a", "value": 3}]"#,
      arguments, status: 1,
      message:
        "colpatch: op 1 (test /1/a): expected 3, found 2 (was the patch made for another file?)\n")
  }

  @Test func aPatchFailingOnItsLastOperationWritesNothing() throws {
    // Forty operations apply; the last one does not.
    var operations = (0..<40).map {
      #"{"op": "replace", "path": "/\#($0 % 2)/a", "value": \#($0)}"#
    }
    operations.append(#"{"op": "remove", "path": "/2"}"#)
    try expectNothingWritten(
      patch: "[" + operations.joined(separator: ",\n") + "]", ["apply", "-i", "PATCH", "TARGET"],
      status: 1,
      message: "colpatch: op 40 (remove /2): /2 is out of bounds (the array has 2 elements)\n")
  }

  @Test func aMalformedOpExitsTwo() throws {
    try expectNothingWritten(
      patch: #"[{"op": "replace", "path": "/0/a", "value": 5}, {"op": "bogus", "path": "/1/a"}]"#,
      ["apply", "-i", "PATCH", "TARGET"], status: 2,
      message:
        "colpatch: PATCH:1:49: op 1: unknown op \"bogus\" (expected add, remove, replace, move, copy or test)\n"
    )
  }

  @Test func aPatchThatIsNotJSONExitsTwo() throws {
    try expectNothingWritten(
      patch: #"[{"op": "replace", "path": "/0/a", "value": 5}"#,
      ["apply", "-i", "PATCH", "TARGET"],
      status: 2,
      message: "colpatch: PATCH:1:47: expected ',' or ']' after array element, found end of input\n"
    )
  }

  @Test func outputWithInPlaceIsAUsageError() throws {
    let (folder, target, patch) = try Self.folder(patch: "[]")
    defer { folder.remove() }
    let outcome = try ColpatchCommandLine.colpatch(
      ["apply", "-o", folder.file("out.json"), "-i", patch, target])
    #expect(outcome.status == 2)
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.errors.hasPrefix(
        "colpatch: '-o/--output' and '-i/--in-place' cannot be used together\nusage: colpatch apply"
      ),
      "\(outcome)")
    #expect(try folder.contents() == ["patch.json", "target.json"])
  }

  @Test func unreadableFilesExitTwo() throws {
    let (folder, target, patch) = try Self.folder(patch: "[]")
    defer { folder.remove() }
    let missing = folder.file("missing.json")
    let cases: [([String], String)] = [
      (["apply", patch, missing], "colpatch: \(missing): No such file or directory\n"),
      (["apply", missing, target], "colpatch: \(missing): No such file or directory\n"),
      (["check", patch, folder.path], "colpatch: \(folder.path): is a directory\n"),
      (["reverse", missing], "colpatch: \(missing): No such file or directory\n"),
    ]
    for (arguments, message) in cases {
      let outcome = try ColpatchCommandLine.colpatch(arguments)
      #expect(outcome.status == 2, "\(arguments): \(outcome)")
      #expect(outcome.output.isEmpty, "\(arguments): \(outcome)")
      #expect(outcome.errors == message, "\(arguments): \(outcome)")
    }
  }

  @Test func aScalarTargetIsNotACollection() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let patch = try folder.write("patch.json", "[]")
    for text in ["42\n", "", "\"text\""] {
      let target = try folder.write("target.json", text)
      let outcome = try ColpatchCommandLine.colpatch(["apply", patch, target])
      #expect(outcome.status == 2, "\(text): \(outcome)")
      #expect(outcome.output.isEmpty)
      #expect(outcome.errors.hasPrefix("colpatch: \(target)"), "\(outcome)")
      #expect(outcome.errors.contains("not a collection"), "\(outcome)")
    }
  }

  static let goodPatch =
    #"[{"op": "test", "path": "/0/a", "value": 1}, {"op": "replace", "path": "/0/a", "value": 5}]"#
  static let patched = "[\n  {\"id\": 1, \"a\": 5},\n  {\"id\": 2, \"a\": 2}\n]\n"

  @Test func inPlaceRenamesAndKeepsPermissions() throws {
    let (folder, target, patch) = try Self.folder(patch: Self.goodPatch)
    defer { folder.remove() }
    let before = try ColpatchFileIdentity(target)
    let outcome = try ColpatchCommandLine.colpatch(["apply", "-i", patch, target])
    #expect(outcome.status == 0 && outcome.output.isEmpty && outcome.errors.isEmpty, "\(outcome)")
    #expect(try folder.read("target.json") == Self.patched)
    let after = try ColpatchFileIdentity(target)
    #expect(after.inode != before.inode, "replaced by rename, not rewritten")
    #expect(after.mode == 0o640)
    #expect(try folder.contents() == ["patch.json", "target.json"])
  }

  @Test func inPlaceOnASymbolicLinkWritesThroughAndKeepsTheLink() throws {
    let (folder, target, patch) = try Self.folder(patch: Self.goodPatch)
    defer { folder.remove() }
    let link = folder.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.json")
    let outcome = try ColpatchCommandLine.colpatch(["apply", "-i", patch, link])
    #expect(outcome.status == 0 && outcome.output.isEmpty && outcome.errors.isEmpty, "\(outcome)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.json")
    #expect(try folder.read("target.json") == Self.patched)
    #expect(try ColpatchFileIdentity(target).mode == 0o640)
    #expect(try folder.contents() == ["link.json", "patch.json", "target.json"])
  }

  @Test func aHardLinkToTheTargetKeepsTheOldBytes() throws {
    let (folder, target, patch) = try Self.folder(patch: Self.goodPatch)
    defer { folder.remove() }
    let hard = folder.file("hard.json")
    try FileManager.default.linkItem(atPath: target, toPath: hard)
    let outcome = try ColpatchCommandLine.colpatch(["apply", "-i", patch, target])
    #expect(outcome.status == 0 && outcome.output.isEmpty && outcome.errors.isEmpty, "\(outcome)")
    #expect(try folder.read("target.json") == Self.patched)
    #expect(try folder.read("hard.json") == Self.target)
    #expect(try folder.contents() == ["hard.json", "patch.json", "target.json"])
  }

  @Test func outputGoesToANewFileAndTheTargetStays() throws {
    let (folder, target, patch) = try Self.folder(patch: Self.goodPatch)
    defer { folder.remove() }
    let before = try ColpatchFileIdentity(target)
    let outcome = try ColpatchCommandLine.colpatch(
      ["apply", patch, target, "--output=\(folder.file("out.json"))"])
    #expect(outcome.status == 0 && outcome.output.isEmpty && outcome.errors.isEmpty, "\(outcome)")
    #expect(try folder.read("out.json") == Self.patched)
    #expect(try folder.read("target.json") == Self.target)
    #expect(try ColpatchFileIdentity(target) == before)
    #expect(try folder.contents() == ["out.json", "patch.json", "target.json"])
  }

  @Test func theTargetMayComeFromStandardInput() throws {
    let (folder, _, patch) = try Self.folder(patch: Self.goodPatch)
    defer { folder.remove() }
    let outcome = try ColpatchCommandLine.colpatch(
      ["apply", patch, "-"], input: Array(Self.target.utf8))
    #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(outcome)")
    #expect(outcome.text == Self.patched)
    let withoutTarget = try ColpatchCommandLine.colpatch(
      ["apply", patch], input: Array(Self.target.utf8))
    #expect(withoutTarget.status == 0 && withoutTarget.errors.isEmpty, "\(withoutTarget)")
    #expect(withoutTarget.text == Self.patched)
  }

  @Test func anOutputThatCannotBeWrittenExitsTwoAndLeavesNothing() throws {
    let (folder, target, patch) = try Self.folder(patch: Self.goodPatch)
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.file("sub"), withIntermediateDirectories: false)
    let cases = [
      (folder.file("sub"), "colpatch: \(folder.file("sub")): Is a directory\n"),
      (
        folder.file("missing/out.json"),
        "colpatch: \(folder.file("missing/out.json")): No such file or directory\n"
      ),
    ]
    for (output, message) in cases {
      let outcome = try ColpatchCommandLine.colpatch(["apply", patch, target, "-o", output])
      #expect(outcome.status == 2 && outcome.output.isEmpty, "\(outcome)")
      #expect(outcome.errors == message, "\(outcome)")
    }
    #expect(try folder.contents() == ["patch.json", "sub", "target.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("sub")).isEmpty)
    #expect(try folder.read("target.json") == Self.target)
  }
}
