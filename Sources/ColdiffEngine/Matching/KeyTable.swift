/// An open-addressing hash table from canonical keys to record positions
/// of one snapshot (`Int32` slots, linear probing).
package struct KeyTable {
  private var slots: [Int32]
  private let mask: Int

  /// The first two records found with the same key, when building stopped
  /// there.
  package struct Duplicate: Error {
    /// The earlier record.
    package let first: Int
    /// The later record with the same key.
    package let second: Int
    /// Whether the records are of the second arena of a matching (NEW).
    package var inNew = false
  }

  /// Indexes every key of `arena`.
  ///
  /// - Throws: `Duplicate` for the first key that occurs twice.
  /// - Complexity: O(n) expected.
  package init(_ arena: KeyArena) throws(Duplicate) {
    try self.init(arena, records: 0..<arena.count, count: arena.count)
  }

  /// Indexes the keys of `records` of `arena`, taken in order.
  ///
  /// - Throws: `Duplicate` for the first key that occurs twice.
  /// - Complexity: O(count) expected.
  private init(_ arena: KeyArena, records: some Sequence<Int>, count: Int) throws(Duplicate) {
    (slots, mask) = KeyTable.emptySlots(for: count)
    for record in records {
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
  package static func matchOccurrences(old: KeyArena, new: KeyArena) -> [Int32] {
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
  package func lookup(_ index: Int, of other: KeyArena, in arena: KeyArena) -> Int32 {
    var slot = Int(truncatingIfNeeded: other.hashes[index]) & mask
    while slots[slot] >= 0 {
      let candidate = Int(slots[slot])
      if arena.keyEquals(candidate, other, index) { return slots[slot] }
      slot = (slot + 1) & mask
    }
    return -1
  }
}

extension KeyTable {
  /// Matches the records of `new` to those of `old` by key, where a key
  /// may occur only once on each side.
  ///
  /// Records mostly keep their order, so each new record is first tried
  /// against the old record after the previous match (a sequential read),
  /// and only then looked up in the table of `old`. A duplicate in `new`
  /// is a new record matching an old record already taken, or two
  /// unmatched new records with one key.
  ///
  /// - Returns: for each record of `new`, its partner's position in `old`,
  ///   or -1.
  /// - Throws: `Duplicate` for the first key that occurs twice in `old`,
  ///   else for the first in `new` (`inNew`); each names the earliest
  ///   record with that key and the first repetition.
  /// - Complexity: O(n + m) expected.
  package static func matchUnique(old: KeyArena, new: KeyArena) throws(Duplicate) -> [Int32] {
    let table = try KeyTable(old)
    var takenBy = [Int32](repeating: -1, count: old.count)
    var newToOld = [Int32](repeating: -1, count: new.count)
    var unmatched: [Int] = []
    var taken: Duplicate?
    var guess = 0
    for record in 0..<new.count {
      let match =
        guess < old.count && old.keyEquals(guess, new, record)
        ? guess : Int(table.lookup(record, of: new, in: old))
      guard match >= 0 else {
        unmatched.append(record)
        continue
      }
      if takenBy[match] >= 0 {
        taken = Duplicate(first: Int(takenBy[match]), second: record, inNew: true)
        break
      }
      takenBy[match] = Int32(record)
      newToOld[record] = Int32(match)
      guess = match + 1
    }
    do {
      _ = try KeyTable(new, records: unmatched, count: unmatched.count)
    } catch {
      // Both kinds were searched up to `taken`: the earlier one is first.
      if taken == nil || error.second < taken!.second {
        throw Duplicate(first: error.first, second: error.second, inNew: true)
      }
    }
    if let taken { throw taken }
    return newToOld
  }
}
