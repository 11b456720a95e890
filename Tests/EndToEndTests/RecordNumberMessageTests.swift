import Foundation
import TestSupport
import Testing

/// Record numbers in colpatch's messages are the 0-based positions the
/// documents use, written `record #N` (SPEC §8.1.9); lines and columns
/// stay 1-based. (coldiff's own are in the spec cases `error-duplicate-*`
/// and `key-missing-error`.)
@Suite struct RecordNumberMessageTests {
  private func errors(
    old: String, new: String, target: String, format: String = "json"
  ) throws -> String {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = try folder.write("old.json", old)
    _ = try folder.write("new.json", new)
    _ = try folder.write("t.json", target)
    let made = try ColpatchCommandLine.coldiff(
      ["-f", format, "old.json", "new.json"], in: folder.path)
    #expect(made.status == 1, "\(made)")
    try ColpatchCommandLine.write(made.output, to: folder.file("d.json"))
    let applied = try ColpatchCommandLine.colpatch(["apply", "d.json", "t.json"], in: folder.path)
    #expect(applied.status != 0, "\(applied)")
    #expect(applied.output.isEmpty)
    return applied.errors
  }

  @Test func duplicateKeysOfTheTargetAreNamedByPosition() throws {
    let message = try errors(
      old: "[{\"id\": 1, \"v\": 1}, {\"id\": 2, \"v\": 1}]",
      new: "[{\"id\": 1, \"v\": 2}, {\"id\": 2, \"v\": 1}]",
      target: "[{\"id\": 1, \"v\": 1}, {\"id\": 2, \"v\": 1}, {\"id\": 1, \"v\": 3}]")
    #expect(
      message
        == "colpatch: t.json:1:40: duplicate key 1: records #0 and #2 of the target have the "
        + "same key\n")
  }

  @Test func aPositionPastTheTargetIsNamedAsInTheDocument() throws {
    let message = try errors(old: "[1, 2, 3]", new: "[1, 3]", target: "[1]")
    // Its one guard fails (SPEC §8.1.5).
    #expect(
      message
        == "colpatch: record #1: the target has only 1 records "
        + "(was the patch made for another file?)\n")
  }

  @Test func aRecordWithoutTheKeyIsNamedByPosition() throws {
    let message = try errors(
      old: "[{\"id\": 1, \"v\": 1}]", new: "[{\"id\": 1, \"v\": 2}]",
      target: "[{\"id\": 1}, {\"v\": 2}]")
    #expect(
      message
        == "colpatch: t.json:1:13: record #1 has no key /id (was the patch made for another file?)\n"
    )
  }
}
