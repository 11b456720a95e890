import Foundation
import TestSupport
import Testing

/// JSON member order (SPEC §8.1.4): a diff document's change that adds a
/// member says which member it comes `after` in NEW, one that removes a
/// member which it came after in OLD, so applying the document and its
/// reverse gives NEW and OLD byte for byte also when members are added or
/// removed in the middle of a record; an RFC 6902 patch puts an added
/// member last, and its round trip holds as values.
@Suite struct ColpatchMemberOrderTests {
  /// OLD and NEW whose records gain and lose members in the middle, first
  /// and in nested objects; in three forms.
  static let pairs: [(name: String, old: String, new: String)] = [
    (
      "array.json",
      "[\n  {\"id\": 1, \"a\": 1, \"b\": 2, \"c\": 3},\n  {\"id\": 2, \"x\": {\"p\": 1, \"q\": 2}}\n]\n",
      "[\n  {\"id\": 1, \"a\": 1, \"new\": 9, \"c\": 3},\n  {\"id\": 2, \"x\": {\"n\": 0, \"p\": 1, \"q\": 2}}\n]\n"
    ),
    (
      "lines.jsonl",
      "{\"id\":1,\"name\":\"AD-01\",\"type\":\"Parish\"}\n{\"id\":2,\"name\":\"AD-02\",\"type\":\"Parish\"}\n",
      "{\"id\":1,\"name\":\"AD-01\",\"type\":\"Parish\"}\n{\"code\":\"x\",\"id\":2,\"parent\":\"AD\",\"name\":\"AD-02\",\"type\":\"Parish\"}\n"
    ),
    (
      "map.json",
      "{\n  \"a\": {\"k\": 1, \"m\": 2, \"z\": 3},\n  \"b\": {\"k\": 1}\n}\n",
      "{\n  \"a\": {\"k\": 1, \"z\": 3},\n  \"b\": {\"j\": 0, \"k\": 1, \"l\": 2}\n}\n"
    ),
  ]

  @Test(arguments: 0..<pairs.count)
  func diffDocumentRoundTripIsByteForByte(_ number: Int) throws {
    let pair = Self.pairs[number]
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let trip = try DocumentRoundTrip(
      old: pair.old, new: pair.new, as: "old-" + pair.name, "new-" + pair.name, in: folder)
    #expect(
      trip.diff.status == 1 && trip.diff.text.contains("\"after\": "), "\(pair.name): \(trip.diff)")
    trip.expectHolds(pair.name, old: pair.old, new: pair.new)
  }

  @Test(arguments: 0..<pairs.count)
  func patchRoundTripHoldsAsValues(_ number: Int) throws {
    let pair = Self.pairs[number]
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old-" + pair.name, pair.old)
    let new = try folder.write("new-" + pair.name, pair.new)
    let patch = try folder.write(
      "p.json", try ColpatchCommandLine.coldiff(["-f", "patch", old, new]).text)
    let applied = try ColpatchCommandLine.colpatch(["apply", patch, old])
    #expect(applied.status == 0, "\(pair.name): \(applied)")
    let result = try folder.write("result-" + pair.name, applied.text)
    let equal = try ColpatchCommandLine.coldiff(["-q", result, new])
    #expect(equal.status == 0, "\(pair.name): \(equal)")
    let reverse = try folder.write(
      "r.json", try ColpatchCommandLine.colpatch(["reverse", patch]).text)
    let back = try folder.write(
      "back-" + pair.name, try ColpatchCommandLine.colpatch(["apply", reverse, new]).text)
    #expect(try ColpatchCommandLine.coldiff(["-q", back, old]).status == 0, "\(pair.name)")
  }

  @Test func anAddedMemberWhosePredecessorIsGoneGoesLast() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write("t.json", "[{\"id\": 1, \"b\": 2}]\n")
    let document = try folder.write(
      "d.json",
      #"{"coldiff": 1, "kind": "ordered", "key": ["/id"], "inserts": [], "deletes": [], "updates": [{"index": 0, "key": 1, "changes": [{"path": "/c", "after": "a", "new": 3}, {"path": "/z", "after": null, "new": 0}]}], "moves": []}"#
    )
    let applied = try ColpatchCommandLine.colpatch(["apply", document, target])
    #expect(applied.text == "[{\"z\": 0, \"id\": 1, \"b\": 2, \"c\": 3}]\n", "\(applied)")
    let bad = try folder.write(
      "bad.json",
      #"{"coldiff": 1, "kind": "ordered", "key": ["/id"], "inserts": [], "deletes": [], "updates": [{"index": 0, "key": 1, "changes": [{"path": "/c", "after": 5, "new": 3}]}], "moves": []}"#
    )
    let refused = try ColpatchCommandLine.colpatch(["apply", bad, target])
    #expect(refused.status == 2 && refused.errors.contains("\"after\" must be"), "\(refused)")
  }
}
