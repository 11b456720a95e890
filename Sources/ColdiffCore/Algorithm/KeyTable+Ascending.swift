/// Keys that ascend: a snapshot exported in the order of its key (as a
/// database exports a table by its primary key) has each key sort after
/// the one before it, byte by byte or shorter keys first (`KeyOrder`).
/// Such keys are unique without a hash table, and a key is found among
/// them by a search of their samples (`AscendingKeys`) and the arena
/// itself, so ``KeyTable/init(_:)`` checks for that order first and
/// builds no slots when the keys are in it: one pass over the keys in
/// order instead of a write to a random slot for each, and samples of a
/// few hundred kilobytes instead of 16 bytes a key.
extension KeyTable {
  /// The table of `arena` when its keys ascend, which reads no hashes
  /// (the arena may be unhashed, and so may the keys looked up in it);
  /// `nil` otherwise.
  ///
  /// - Complexity: O(size of the keys); stops at the first key out of
  ///   order.
  static func ascending(_ arena: KeyArena) -> KeyTable? {
    AscendingKeys(arena).map { KeyTable(ascending: $0) }
  }

  /// The arena of the keys `bytes` and `starts` hold (record `i`'s from
  /// `starts[i]` to `starts[i + 1]`), with their table: the arena left
  /// unhashed when the keys ascend, whose table reads no hashes, else the
  /// arena `hashed` makes of them (which may hash them on several cores)
  /// with its hash table, `nil` when a key occurs twice.
  ///
  /// - Complexity: O(n) expected.
  package static func arenaAndTable(
    bytes: [UInt8], starts: [UInt32], hashed: ([UInt8], [UInt32]) -> KeyArena
  ) -> (KeyArena, KeyTable?) {
    let (arena, table) = arenaBeforeTable(bytes: bytes, starts: starts, hashed: hashed)
    return (arena, table ?? hashTable(of: arena))
  }

  /// ``arenaAndTable(bytes:starts:hashed:)`` up to the hash table, for a
  /// caller that builds it (``hashTable(of:)``) while it does other work:
  /// the arena with the table of keys that ascend, else the hashed arena
  /// without a table.
  ///
  /// - Complexity: O(size of the keys), and what `hashed` costs.
  package static func arenaBeforeTable(
    bytes: [UInt8], starts: [UInt32], hashed: ([UInt8], [UInt32]) -> KeyArena
  ) -> (arena: KeyArena, ascending: KeyTable?) {
    let unhashed = KeyArena(unhashedBytes: bytes, starts: starts)
    if let table = ascending(unhashed) { return (unhashed, table) }
    return (hashed(bytes, starts), nil)
  }

  /// The hash table of `arena`'s keys (hashed), `nil` when a key occurs
  /// twice.
  ///
  /// - Complexity: O(n) expected.
  package static func hashTable(of arena: KeyArena) -> KeyTable? {
    try? KeyTable(hashing: arena)
  }

  /// Whether the keys of this table ascend: looking keys up in it reads
  /// no hashes.
  package var keysAscend: Bool { ascending != nil }

  /// The position in `arena`, whose keys ascend with the samples
  /// `ascending`, of the key that equals record `index` of `other`, or
  /// -1.
  ///
  /// - Complexity: O(log n) comparisons of sample numbers, then of a few
  ///   keys.
  static func ascendingLookup(
    _ index: Int, of other: KeyArena, in arena: KeyArena, _ ascending: AscendingKeys
  ) -> Int32 {
    other.withUnsafeKeys { otherBytes, otherStarts in
      arena.withUnsafeKeys { bytes, starts in
        let (raw, probeBytes) = (UnsafeRawBufferPointer(bytes), UnsafeRawBufferPointer(otherBytes))
        let probe = Int(otherStarts[index])..<Int(otherStarts[index + 1])
        let (order, shared) = (ascending.order, ascending.sharedPrefix)
        guard starts.count > 1, probe.count >= shared, probe.count <= order.longestKey,
          KeyOrder.bytewise.compare(
            raw, Int(starts[0])..<Int(starts[0]) + shared, probeBytes, probe.prefix(shared)) == 0
        else { return -1 }
        let stretch = ascending.stretch(
          of: order.sampleNumber(probeBytes, probe, from: shared), count: starts.count - 1)
        // In order rather than by halves: the reads of the next keys do
        // not wait for this one's comparison, so their cache misses
        // overlap.
        for candidate in stretch {
          let sign = order.compare(
            raw, Int(starts[candidate])..<Int(starts[candidate + 1]), probeBytes, probe)
          if sign >= 0 { return sign == 0 ? Int32(candidate) : -1 }
        }
        return -1
      }
    }
  }
}
