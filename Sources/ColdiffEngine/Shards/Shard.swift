import ColdiffCore

/// One shard of a distributed run (`--shard I/N`): the records whose
/// canonical key hashes to `index` modulo `count`.
///
/// The hash is FNV-1a 64 (offset basis 0xcbf29ce484222325, prime
/// 0x100000001b3, one byte at a time: xor, then multiply modulo 2⁶⁴) of
/// the record's canonical key bytes as `KeyArena` holds them (the
/// encoding of `JSONCanonicalKey`), so any tool can compute which shard a
/// record falls in. Equal keys fall in the same shard on both sides, so a
/// shard is matched and compared on its own.
package struct Shard: Equatable, Sendable {
  /// This shard, `0..<count`.
  package let index: Int
  /// The number of shards.
  package let count: Int

  /// The shard `index` of `count`, or `nil` unless `0 ≤ index < count`.
  package init?(index: Int, count: Int) {
    guard count > 0, index >= 0, index < count else { return nil }
    self.index = index
    self.count = count
  }

  /// The FNV-1a 64 hash of `key`.
  ///
  /// - Complexity: O(n).
  package static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// For each record of `arena`, whether its key falls in this shard.
  ///
  /// - Complexity: O(size of the keys).
  package func members(of arena: KeyArena) -> [Bool] {
    (0..<arena.count).map { record in
      arena.key(record).withUnsafeBufferPointer {
        Shard.hash($0) % UInt64(count) == UInt64(index)
      }
    }
  }
}
