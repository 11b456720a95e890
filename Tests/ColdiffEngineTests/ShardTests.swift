import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// Shards in process: the documented hash, the shard document's round
/// trip, and the combination of shards giving one run's comparison.
@Suite struct ShardTests {
  @Test func hashIsFNV1a64() {
    func hash(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBufferPointer(Shard.hash) }
    // The published FNV-1a 64 test vectors.
    #expect(hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(hash("foobar") == 0x8594_4171_f739_67e8)
  }

  @Test func shardsPartitionTheKeys() {
    var arena = KeyArena()
    for key in 0..<500 { arena.append { $0 += Array("key \(key)".utf8) } }
    let members = (0..<7).map { Shard(index: $0, count: 7)!.members(of: arena) }
    for record in 0..<arena.count {
      #expect(members.filter { $0[record] }.count == 1)
    }
    #expect(members.allSatisfy { $0.contains(true) })
    #expect(Shard(index: 3, count: 3) == nil)
  }

  /// Random keyed records: OLD, and NEW with deletes, inserts, updates
  /// and moves.
  private func inputs(seed: UInt64, form: InputForm) -> ([UInt8], [UInt8]) {
    var generator = SeededGenerator(seed: seed)
    var old: [(Int, Int)] = (0..<60).map { ($0, Int.random(in: 0...3, using: &generator)) }
    var new = old.filter { _ in Int.random(in: 0..<10, using: &generator) > 0 }
    for index in new.indices where Int.random(in: 0..<5, using: &generator) == 0 {
      new[index].1 += 10
    }
    for _ in 0..<6 {
      let from = Int.random(in: new.indices, using: &generator)
      new.insert(new.remove(at: from), at: Int.random(in: new.indices, using: &generator))
    }
    new += (100..<104).map { ($0, 1) }
    old.shuffle(using: &generator)
    func text(_ records: [(Int, Int)]) -> [UInt8] {
      switch form {
      case .csv: return Array(("id,v\n" + records.map { "\($0.0),\($0.1)\n" }.joined()).utf8)
      default:
        return Array(
          ("[\n" + records.map { "  {\"id\": \($0.0), \"v\": \($0.1)}" }.joined(separator: ",\n")
            + "\n]").utf8)
      }
    }
    return (text(old), text(new))
  }

  private func comparison(_ old: Snapshot, _ new: Snapshot, shard: Shard?) throws -> (
    Comparison, KeyArena, KeyArena
  ) {
    let identity = Identity.fields([JSONPointer(["id"])])
    let oldKeys = try old.keyArena(for: identity)
    let newKeys = try new.keyArena(for: identity)
    let members = shard?.members(of: newKeys)
    let comparison = try Comparison(
      old: old, new: new, identity: identity, rules: ComparisonRules(), ordered: true,
      oldKeys: oldKeys,
      newKeys: newKeys, comparing: members.map { members in { members[$0] } })
    return (comparison, oldKeys, newKeys)
  }

  @Test(arguments: [InputForm.jsonArray, .csv])
  func combinedShardsGiveOneRunsComparison(form: InputForm) throws {
    for seed in 0..<5 as Range<UInt64> {
      let (oldText, newText) = inputs(seed: seed, form: form)
      let format: InputFormat = form == .csv ? .csv : .json
      let old = try Snapshot(InputFile(name: "old", bytes: oldText), override: format)
      let new = try Snapshot(InputFile(name: "new", bytes: newText), override: format)
      let (whole, _, _) = try comparison(old, new, shard: nil)
      var parts: [(name: String, document: ShardDocument)] = []
      for index in 0..<3 {
        let shard = try #require(Shard(index: index, count: 3))
        let (part, oldKeys, newKeys) = try comparison(old, new, shard: shard)
        let document = ShardDocument(
          comparison: part, shard: shard, oldMembers: shard.members(of: oldKeys),
          newMembers: shard.members(of: newKeys), fingerprint: "f", arguments: ["--key", "id"])
        let read = try ShardDocument(bytes: document.bytes, name: "part\(index)")
        #expect(read == document)
        // Not the writer's layout: read as values, to the same document.
        let spaced = String(decoding: document.bytes, as: UTF8.self)
          .replacingOccurrences(of: "\n    [", with: "\n    [ ")
        #expect(try ShardDocument(bytes: Array(spaced.utf8), name: "spaced") == document)
        parts.insert(("part\(index)", read), at: 0)
      }
      let combined = try ShardCombination.combine(parts).comparison
      #expect(combined.diff == whole.diff)
      #expect(combined.changes == whole.changes)
      #expect(!whole.diff.moves.isEmpty && !whole.diff.updates.isEmpty)
      #expect(combined.document().bytes == whole.document().bytes)
      #expect(combined.patch(guards: true) == whole.patch(guards: true))
    }
  }
}
