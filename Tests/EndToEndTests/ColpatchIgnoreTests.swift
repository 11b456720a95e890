import Foundation
import TestSupport
import Testing

/// `--ignore`d fields never appear in patches; the round trip holds for
/// every other field (SPEC §7.8): the ignored field keeps the target's
/// value in changed and moved records and comes from NEW in inserted ones.
@Suite struct ColpatchIgnoreTests {
  @Test(arguments: ["patch", "json"])
  func theRoundTripHoldsForEveryOtherField(_ format: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write(
      "old.json",
      "[\n  {\"id\": 1, \"v\": 1, \"ts\": \"a\"},\n  {\"id\": 2, \"v\": 2, \"ts\": \"b\"}\n]\n")
    let new = try folder.write(
      "new.json",
      "[\n  {\"id\": 2, \"v\": 2, \"ts\": \"c\"},\n  {\"id\": 1, \"v\": 5, \"ts\": \"d\"},\n"
        + "  {\"id\": 3, \"v\": 3, \"ts\": \"e\"}\n]\n")
    let diff = try ColpatchCommandLine.coldiff(["--ignore", "ts", "-f", format, old, new])
    #expect(diff.status == 1 && diff.errors.isEmpty, "\(diff)")
    #expect(!diff.text.contains("\"/ts\"") && !diff.text.contains("\"c\""), "\(diff)")
    let patch = try folder.write("patch.json", diff.text)
    let forward = try ColpatchCommandLine.colpatch(["apply", patch, old])
    #expect(forward.status == 0 && forward.errors.isEmpty, "\(forward)")
    #expect(
      forward.text
        == "[\n  {\"id\": 2, \"v\": 2, \"ts\": \"b\"},\n  {\"id\": 1, \"v\": 5, \"ts\": \"a\"},\n"
        + "  {\"id\": 3, \"v\": 3, \"ts\": \"e\"}\n]\n")
    let reversed = try ColpatchCommandLine.colpatch(["reverse", patch])
    #expect(reversed.status == 0 && reversed.errors.isEmpty, "\(reversed)")
    let backward = try ColpatchCommandLine.colpatch(["apply", "-", new], input: reversed.output)
    #expect(backward.status == 0 && backward.errors.isEmpty, "\(backward)")
    #expect(
      backward.text
        == "[\n  {\"id\": 1, \"v\": 1, \"ts\": \"d\"},\n  {\"id\": 2, \"v\": 2, \"ts\": \"c\"}\n]\n"
    )
  }
}
