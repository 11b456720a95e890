import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// A CSV snapshot's key arena made from the keys its scan captured is the
/// arena a walk over its rows makes (the second call, once the captured
/// keys are handed over), for OLD and for a NEW that took OLD's rows
/// whole, whole or in chunks.
@Suite struct CapturedCSVKeysSnapshotTests {
  @Test(arguments: [ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 200)])
  func capturedArenasAreTheWalkedArenas(chunking: ScanChunking) throws {
    var random = SeededGenerator(seed: 4_242)
    for _ in 0..<20 {
      let (old, new) = Self.pair(using: &random)
      let (oldSnapshot, newSnapshot) = try Self.snapshots(old, new, chunking: chunking)
      for snapshot in [oldSnapshot, newSnapshot] {
        guard case .table(let table) = snapshot.storage else {
          Issue.record("not a table")
          return
        }
        let identity = Identity.fields([JSONPointer(tokens: [Array("id".utf8)])])
        #expect(table.capturedKeys != nil)
        let captured = try snapshot.keyArena(for: identity)
        // Handed over: the second arena is walked.
        #expect(table.capturedKeys == nil)
        let walked = try snapshot.keyArena(for: identity)
        #expect(Self.keys(captured) == Self.keys(walked))
        #expect(captured.count == snapshot.count)
        #expect((0..<captured.count).allSatisfy { captured.keyEquals($0, walked, $0) })
      }
      #expect(newSnapshot.knownPartners(in: oldSnapshot) != nil)
    }
  }

  /// NEW's scan leaves the keys of the rows it took whole from OLD's data
  /// rows to them: a matching that takes those rows' partners, their
  /// keys empty, finds what matching every key finds; a row twice in NEW
  /// is still a duplicate.
  @Test(arguments: [ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 200)])
  func rowsTakenWholeAreMatchedToThePartnersTheirKeysWereLeftTo(chunking: ScanChunking) throws {
    var random = SeededGenerator(seed: 4_243)
    let identity = Identity.fields([JSONPointer(tokens: [Array("id".utf8)])])
    var left = 0
    for round in 0..<20 {
      var (oldText, newText) = Self.pair(using: &random)
      // Some rounds end NEW with OLD's first row twice: a duplicate.
      let repeats = round % 4 == 3
      if repeats { newText += Array(oldText[14..<66] + oldText[14..<66]) }
      let (old, new) = try Self.snapshots(oldText, newText, chunking: chunking)
      let partners = try #require(new.keysLeftToPartners(for: identity))
      #expect(new.keysLeftToPartners(for: .wholeValue) == nil)
      let standIns = try new.keyArena(for: identity, hashing: false, partnersStandIn: true)
      for record in 0..<new.count where partners.partner(of: record) != nil {
        #expect(standIns.key(record).isEmpty)
        left += 1
      }
      let byStandIns = Result {
        try Comparison(
          old: old, new: new, identity: identity, rules: ComparisonRules(), ordered: true,
          oldKeys: old.keyArena(for: identity), newKeys: standIns, newPartners: partners)
      }
      // Afresh: the keys were handed over.
      let (plainOld, plainNew) = try Self.snapshots(oldText, newText, chunking: chunking)
      let byKeys = Result {
        try Comparison(
          old: plainOld, new: plainNew, identity: identity, rules: ComparisonRules(),
          ordered: true, oldKeys: plainOld.keyArena(for: identity),
          newKeys: plainNew.keyArena(for: identity))
      }
      switch (byStandIns, byKeys) {
      case (.success(let matched), .success(let plain)):
        #expect(!repeats)
        #expect(matched.newToOld == plain.newToOld && matched.diff == plain.diff)
        #expect(matched.document() == plain.document())
      case (.failure(let matched), .failure(let plain)):
        #expect(repeats)
        #expect("\(matched)" == "\(plain)")
      default:
        Issue.record("one matching failed, the other did not")
      }
    }
    #expect(left > 150)
  }

  /// OLD's and NEW's snapshots, `id` their likely key, NEW scanned with
  /// OLD as its reference.
  private static func snapshots(_ old: [UInt8], _ new: [UInt8], chunking: ScanChunking) throws
    -> (Snapshot, Snapshot)
  {
    let oldSnapshot = try Snapshot(
      InputFile(name: "old.csv", bytes: old), override: nil, keyName: Array("id".utf8),
      chunking: chunking)
    let newSnapshot = try Snapshot(
      InputFile(name: "new.csv", bytes: new), override: nil, keyName: Array("id".utf8),
      chunking: chunking, reference: oldSnapshot)
    return (oldSnapshot, newSnapshot)
  }

  /// Every key, as bytes.
  private static func keys(_ arena: KeyArena) -> [[UInt8]] {
    (0..<arena.count).map { Array(arena.key($0)) }
  }

  /// OLD and NEW CSV files with keys plain, quoted, with doubled quotes,
  /// delimiters and line breaks, and empty; NEW with rows dropped,
  /// changed and added. Rows are long enough to be taken whole.
  private static func pair(using random: inout SeededGenerator) -> (old: [UInt8], new: [UInt8]) {
    let header = "name,id,note\r\n"
    func row(_ id: Int, _ version: Int) -> String {
      let key =
        switch id % 5 {
        case 0: "k\(id)"
        case 1: "\"k,\(id)\""
        case 2: "\"k\"\"\(id)\""
        case 3: "\"k\n\(id)\""
        default: id == 4 ? "" : "é\(id)"
        }
      return "a name long enough to take the row whole,\(key),note \(version)\r\n"
    }
    let ids = Array(0..<40)
    let old = ids.map { row($0, 0) }.joined()
    let new =
      ids.compactMap { id -> String? in
        switch Int.random(in: 0..<6, using: &random) {
        case 0: nil
        case 1: row(id, 1)
        default: row(id, 0)
        }
      }.joined() + row(100, 0)
    return (Array((header + old).utf8), Array((header + new).utf8))
  }
}
