import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// The keys `KeyTextWriter` writes from the input's bytes are the bytes
/// of the keys built as values and written inline
/// (`Snapshot.keyValue(of:identity:)`), whatever the key's kind, its
/// spacing and escapes, the form, and whether the scan noted it.
@Suite struct KeyTextWriterTests {
  private static func snapshot(_ name: String, _ text: String, keyName: String? = "id") throws
    -> Snapshot
  {
    try Snapshot(
      InputFile(name: name, bytes: Array(text.utf8)), override: nil,
      keyName: keyName.map { Array($0.utf8) })
  }

  /// Checks every record's written key against the built one's text,
  /// appended after other bytes.
  private static func expectBuiltKeys(_ snapshot: Snapshot, _ identity: Identity) {
    let writer = KeyTextWriter(snapshot, identity: identity)
    #expect(writer.hasKeys == (identity != .wholeValue))
    for record in 0..<snapshot.count {
      var built = Array("[".utf8)
      snapshot.keyValue(of: record, identity: identity)?.writeInline(to: &built)
      var written = Array("[".utf8)
      writer.append(of: record, to: &written)
      #expect(
        written == built,
        "record \(record): \(String(decoding: written, as: UTF8.self)) against \(String(decoding: built, as: UTF8.self))"
      )
    }
  }

  private static let jsonLines = """
    {"id" : "k\\u00e9\\"1" , "n": 1}
    {"n": 2, "id":1.50}
    { "id":\t-3e2\t, "n" : "x" }
    {"id": ["a", 4], "n": [1]}
    {"id": {"b" :  5}, "n": 0}
    {"id": true, "n": null}
    {"id": "Zé😀", "n": {"id": 9}}
    """

  @Test(arguments: ["id", nil])
  func jsonKeysAreWrittenAsBuilt(keyName: String?) throws {
    let snapshot = try Self.snapshot("records.jsonl", Self.jsonLines, keyName: keyName)
    #expect(snapshot.jsonKeyOffsets.isEmpty == (keyName == nil))
    Self.expectBuiltKeys(snapshot, .fields([JSONPointer(["id"])]))
    Self.expectBuiltKeys(snapshot, .fields([JSONPointer(["id"]), JSONPointer(["n"])]))
    Self.expectBuiltKeys(snapshot, .wholeValue)
  }

  @Test func tableKeysAreWrittenAsBuilt() throws {
    let text = "id,name,n\n\"a\"\"b\",Zé,1\n\"x\ty\",\"\",2\nc\\d,\"q, r\",3\n,,\n"
    let snapshot = try Self.snapshot("records.csv", text)
    for identity in [
      Identity.fields([JSONPointer(["id"])]), .fields([JSONPointer(["name"])]),
      .fields([JSONPointer(["missing"])]), .fields([JSONPointer(["n"]), JSONPointer(["id"])]),
    ] {
      Self.expectBuiltKeys(snapshot, identity)
    }
  }

  @Test func memberNamesAreWrittenAsBuilt() throws {
    let snapshot = try Self.snapshot(
      "records.json", #"{"a\u00e9": {"v": 1}, "b\"c": {"v": 2}}"#, keyName: nil)
    #expect(snapshot.isObjectMap)
    Self.expectBuiltKeys(snapshot, .memberName)
  }
}
