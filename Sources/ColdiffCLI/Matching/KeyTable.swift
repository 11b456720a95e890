/// An open-addressing hash table from canonical keys to record positions
/// of one snapshot (`Int32` slots, linear probing).
struct KeyTable {
  private var slots: [Int32]
  private let mask: Int

  /// The first two records found with the same key, when building stopped
  /// there.
  struct Duplicate: Error {
    /// The earlier record.
    let first: Int
    /// The later record with the same key.
    let second: Int
  }

  /// Indexes every key of `arena`.
  ///
  /// - Throws: `Duplicate` for the first key that occurs twice.
  /// - Complexity: O(n) expected.
  init(_ arena: KeyArena) throws(Duplicate) {
    (slots, mask) = KeyTable.emptySlots(for: arena.count)
    for record in 0..<arena.count {
      var slot = Int(truncatingIfNeeded: arena.hashes[record]) & mask
      while slots[slot] >= 0 {
        let other = Int(slots[slot])
        if arena.keyEquals(other, arena, record) {
          throw Duplicate(first: other, second: record)
        }
        slot = (slot + 1) & mask
      }
      slots[slot] = Int32(record)
    }
  }

  private static func emptySlots(for count: Int) -> ([Int32], Int) {
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    return ([Int32](repeating: -1, count: capacity), capacity - 1)
  }

  /// Matches the records of `new` to those of `old` occurrence by
  /// occurrence: the k-th record of `new` with some key gets the k-th
  /// record of `old` with that key, if there is one. Duplicates are
  /// allowed (whole-value identity).
  ///
  /// - Returns: for each record of `new`, its partner's position in `old`,
  ///   or -1.
  /// - Complexity: O(n + m) expected.
  static func matchOccurrences(old: KeyArena, new: KeyArena) -> [Int32] {
    let (heads, mask) = emptySlots(for: old.count)
    var slots = heads
    var next = [Int32](repeating: -1, count: old.count)
    var tails = [Int32](repeating: -1, count: slots.count)
    for record in 0..<old.count {
      var slot = Int(truncatingIfNeeded: old.hashes[record]) & mask
      while slots[slot] >= 0 && !old.keyEquals(Int(slots[slot]), old, record) {
        slot = (slot + 1) & mask
      }
      if slots[slot] < 0 {
        slots[slot] = Int32(record)
      } else {
        next[Int(tails[slot])] = Int32(record)
      }
      tails[slot] = Int32(record)
    }
    var newToOld = [Int32](repeating: -1, count: new.count)
    for record in 0..<new.count {
      var slot = Int(truncatingIfNeeded: new.hashes[record]) & mask
      while slots[slot] >= 0 || tails[slot] >= 0 {
        if slots[slot] >= 0, old.keyEquals(Int(slots[slot]), new, record) {
          newToOld[record] = slots[slot]
          slots[slot] = next[Int(slots[slot])]
          break
        }
        if slots[slot] < 0, tails[slot] >= 0, old.keyEquals(Int(tails[slot]), new, record) {
          break
        }
        slot = (slot + 1) & mask
      }
    }
    return newToOld
  }

  /// The position in `arena` (the arena this table was built from) of the
  /// record whose key equals record `index` of `other`, or -1.
  func lookup(_ index: Int, of other: KeyArena, in arena: KeyArena) -> Int32 {
    var slot = Int(truncatingIfNeeded: other.hashes[index]) & mask
    while slots[slot] >= 0 {
      let candidate = Int(slots[slot])
      if arena.keyEquals(candidate, other, index) { return slots[slot] }
      slot = (slot + 1) & mask
    }
    return -1
  }
}
