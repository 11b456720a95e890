import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// A JSON snapshot's keys read from the ranges its scan captured
/// (`Snapshot.jsonKeyOffsets`) are those found by searching each record
/// (a snapshot scanned without a key name): for every record, of OLD and
/// of NEW scanned with OLD as its reference (its records taken whole get
/// OLD's ranges, moved), in chunks; and every record has the key exactly
/// when the search finds it in every one.
@Suite struct CapturedKeyTests {
  private static let id = JSONPointer(tokens: [Array("id".utf8)])

  private static func snapshot(
    _ text: [UInt8], keyName: String?, reference: Snapshot? = nil
  ) throws -> Snapshot {
    try Snapshot(
      InputFile(name: "records.jsonl", bytes: text), override: nil,
      keyName: keyName.map { Array($0.utf8) },
      chunking: ScanChunking(threshold: 0, chunkSize: 97), reference: reference)
  }

  private static func records(using random: inout SeededGenerator, missing: Bool) -> [UInt8] {
    let lines = (0..<400).map { record -> String in
      let key =
        switch Int.random(in: 0..<4, using: &random) {
        case 0: #""k\u00e9\#(record)""#
        case 1: "\(record).50"
        case 2: #"["a", \#(record)]"#
        default: #""k\#(record)""#
        }
      let id = missing && record == 250 ? "" : #""id": \#(key), "#
      return #"{"n": \#(record % 7), \#(id)"text": "record \#(record) with a longer text"}"#
    }
    return Array(lines.joined(separator: "\n").utf8)
  }

  @Test func capturedKeysAreTheKeysFoundBySearching() throws {
    var random = SeededGenerator(seed: 4_242)
    let identity = Identity.fields([Self.id])
    let oldText = Self.records(using: &random, missing: false)
    var newText = oldText
    newText.replaceSubrange(0..<0, with: Array(#"{"id": "first", "n": 1}"#.utf8) + [0x0A])
    let old = try Self.snapshot(oldText, keyName: "id")
    let new = try Self.snapshot(newText, keyName: "id", reference: old)
    #expect(new.knownPartners(in: old) != nil)
    for (captured, text) in [(old, oldText), (new, newText)] {
      let searched = try Self.snapshot(text, keyName: nil)
      #expect(!captured.jsonKeyOffsets.isEmpty && searched.jsonKeyOffsets.isEmpty)
      #expect(captured.allRecordsHave(Self.id) && searched.allRecordsHave(Self.id))
      for record in 0..<captured.count {
        #expect(
          captured.keyValue(of: record, identity: identity)
            == searched.keyValue(of: record, identity: identity))
      }
    }
  }

  @Test func aRecordWithoutTheKeyIsSeenAsBySearching() throws {
    var random = SeededGenerator(seed: 4_243)
    let text = Self.records(using: &random, missing: true)
    let captured = try Self.snapshot(text, keyName: "id")
    #expect(!captured.allRecordsHave(Self.id))
    #expect(try !Self.snapshot(text, keyName: nil).allRecordsHave(Self.id))
  }
}
