import ColdiffCore
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

  /// NEW's scan leaves the keys of the records it took whole from OLD to
  /// them: the full arena has them back (OLD's keys), the arena for a
  /// matching that takes the partners leaves them empty, and that
  /// matching finds what matching every key finds, duplicates included.
  @Test func keysLeftToPartnersAreTheirPartnersKeys() throws {
    var random = SeededGenerator(seed: 4_244)
    let identity = Identity.fields([Self.id])
    let oldText = Self.records(using: &random, missing: false)
    var lines = oldText.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    lines.swapAt(3, 300)
    lines[120] = Array(#"{"id": "k120", "n": 9, "text": "edited"}"#.utf8)
    lines.insert(Array(#"{"id": "first", "n": 1}"#.utf8), at: 0)
    let newText = Array(lines.joined(separator: [0x0A]))
    let old = try Self.snapshot(oldText, keyName: "id")
    let new = try Self.snapshot(newText, keyName: "id", reference: old)
    let partners = try #require(new.keysLeftToPartners(for: identity))
    #expect((0..<new.count).filter { partners.partner(of: $0) != nil }.count > 300)
    #expect(new.keysLeftToPartners(for: .wholeValue) == nil)
    let searched = try Self.snapshot(newText, keyName: nil).keyArena(for: identity)
    let full = try new.keyArena(for: identity)
    let standIns = try new.keyArena(for: identity, hashing: false, partnersStandIn: true)
    for record in 0..<new.count {
      #expect(full.keyEquals(record, searched, record))
      #expect(standIns.key(record).isEmpty == (partners.partner(of: record) != nil))
    }
    func compare(_ keys: KeyArena, _ partners: KnownMatches?) throws -> Comparison {
      try Comparison(
        old: old, new: new, identity: identity, rules: ComparisonRules(), ordered: true,
        oldKeys: old.keyArena(for: identity), newKeys: keys, newPartners: partners)
    }
    let matched = try compare(standIns, partners)
    let byKeys = try compare(full, nil)
    #expect(matched.newToOld == byKeys.newToOld && matched.diff == byKeys.diff)
    #expect(matched.document() == byKeys.document())

    // OLD's record 7 twice in NEW, each taken whole: a duplicate in NEW.
    let twice = Array((lines + [lines[8]]).joined(separator: [0x0A]))
    let repeated = try Self.snapshot(twice, keyName: "id", reference: old)
    let repeatedPartners = try #require(repeated.keysLeftToPartners(for: identity))
    #expect(repeatedPartners.partner(of: repeated.count - 1) == 7)
    #expect(throws: InputError.self) {
      try Comparison(
        old: old, new: repeated, identity: identity, rules: ComparisonRules(), ordered: true,
        oldKeys: old.keyArena(for: identity),
        newKeys: repeated.keyArena(for: identity, hashing: false, partnersStandIn: true),
        newPartners: repeatedPartners)
    }
  }
}
