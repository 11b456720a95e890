import Foundation
import TestSupport
import Testing

/// CSV headers in the round trip (SPEC §8.1.3): a diff document carries
/// both headers when they differ, so applying it gives NEW's column order
/// (a swapped pair, a column inserted in the middle, a header-only
/// change) byte for byte, and its reverse gives OLD's; empty lines at the
/// end of a file are not records and stay. An RFC 6902 patch cannot say
/// where a column goes: its round trip holds as values.
@Suite struct ColpatchColumnOrderTests {
  /// OLD and NEW tables, each round trip of which must hold.
  static let pairs: [(name: String, old: String, new: String)] = [
    ("swapped columns", "id,a,c\n1,x,y\n2,z,w\n", "id,c,a\n1,y,x\n2,w,z\n"),
    (
      "a column inserted in the middle", "id,name,price\n1,a,10\n2,b,20\n",
      "id,color,name,price\n1,red,a,10\n2,blue,b,20\n"
    ),
    ("a column removed from the middle", "id,a,b,c\n1,2,3,4\n", "id,a,c\n1,2,5\n"),
    ("empty lines at the end", "id,v\n1,a\n2,b\n\n\n", "id,v\n1,a\n2,c\n3,d\n\n\n"),
    ("a header-only change", "id,name\n", "id,title\n"),
    ("a header for a zero-byte table", "", "a,b\n"),
    (
      "quoted CRLF columns reordered", "\"id\",\"a\",\"b\"\r\n\"1\",\"x\",\"y\"\r\n",
      "\"b\",\"id\",\"a\"\r\n\"y\",\"1\",\"x\"\r\n"
    ),
  ]

  @Test(arguments: 0..<pairs.count)
  func diffDocumentRoundTripIsByteForByte(_ number: Int) throws {
    let pair = Self.pairs[number]
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let trip = try DocumentRoundTrip(
      old: pair.old, new: pair.new, as: "old.csv", "new.csv", in: folder)
    #expect(trip.diff.status == 1, "\(pair.name): \(trip.diff)")
    let headersDiffer = pair.old.prefix { $0 != "\n" } != pair.new.prefix { $0 != "\n" }
    #expect(
      trip.diff.text.contains("\"columns\": {") == headersDiffer, "\(pair.name): \(trip.diff.text)")
    trip.expectHolds(pair.name, old: pair.old, new: pair.new)
  }

  @Test(arguments: 0..<pairs.count)
  func patchRoundTripHoldsAsValues(_ number: Int) throws {
    let pair = Self.pairs[number]
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.csv", pair.old)
    let new = try folder.write("new.csv", pair.new)
    let patch = try folder.write(
      "p.json", try ColpatchCommandLine.coldiff(["-f", "patch", old, new]).text)
    let applied = try ColpatchCommandLine.colpatch(["apply", patch, old])
    #expect(applied.status == 0, "\(pair.name): \(applied)")
    let result = try folder.write("result.csv", applied.text)
    let stat = try ColpatchCommandLine.coldiff(["-f", "stat", result, new])
    #expect(
      stat.text == "0 inserted, 0 deleted, 0 updated, 0 moved\n", "\(pair.name): \(stat)")
  }

  @Test func emptyLinesAtTheEndAreNotRecordsAndApplyKeepsThem() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("t.csv", "id,v\r\n1,a\r\n\r\n\r\n")
    let patch = try folder.write(
      "p.json", #"[{"op": "add", "path": "/-", "value": {"id": "2", "v": "b"}}]"#)
    let applied = try ColpatchCommandLine.colpatch(["apply", patch, target])
    #expect(applied.status == 0, "\(applied)")
    #expect(applied.text == "id,v\r\n1,a\r\n2,b\r\n\r\n\r\n")
    let blankInTheMiddle = try folder.write("m.csv", "id,v\n1,a\n\n2,b\n")
    let refused = try ColpatchCommandLine.colpatch(["apply", patch, blankInTheMiddle])
    #expect(refused.status == 2, "a blank line between records is still an error: \(refused)")
  }
}
