/// An open-addressing hash table from canonical keys to record positions
/// of one snapshot (linear probing): identity matching on key bytes, which
/// the engine uses for every input. A slot holds a record's position and
/// the high half of its key's hash, so that probing past other keys reads
/// no arena: only a key with the same 32 bits of hash is compared. Matching by
/// occurrence shares its core with the generic `matchIdentities(old:new:)`
/// (`IdentityMatching`); matching unique keys adds the duplicate checks.
package struct KeyTable {
  /// The slots: 0 when free, else the high 32 bits of a key's hash over
  /// its record's position plus one (``slot(_:hash:)``).
  private var slots: [UInt64]
  private let mask: Int
  /// The sample of the arena's keys when they ascend
  /// (`KeyTable+Ascending`): then they are unique, `slots` is empty, and
  /// a key is looked up by binary search in the sample and the arena.
  private(set) var ascending: AscendingKeys?

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

  /// How many keys ``init(_:)`` places together: their first slots are
  /// read first, so that the cache misses of the batch overlap instead of
  /// coming one after the other.
  static let batch = 16

  /// Indexes every key of `arena`: without slots when its keys ascend
  /// (`KeyTable+Ascending`), else in a hash table.
  ///
  /// - Throws: `Duplicate` for the first key that occurs twice.
  /// - Complexity: O(n) expected.
  package init(_ arena: KeyArena) throws(Duplicate) {
    if let table = KeyTable.ascending(arena) {
      self = table
    } else {
      try self.init(hashing: arena)
    }
  }

  /// Indexes every key of `arena` in a hash table, the keys hashed first
  /// when the arena keeps no hashes.
  ///
  /// - Throws: `Duplicate` for the first key that occurs twice.
  /// - Complexity: O(n) expected.
  init(hashing arena: KeyArena) throws(Duplicate) {
    (slots, mask) = KeyTable.emptySlots(for: arena.count)
    let hashes = arena.allHashes()
    var firsts = [UInt64](repeating: 0, count: KeyTable.batch)
    var start = 0
    while start < arena.count {
      let end = min(start + KeyTable.batch, arena.count)
      // The first slot of each key of the batch, as it was before the
      // batch: a slot taken then is still taken (slots are never freed).
      for record in start..<end {
        firsts[record - start] = slots[Int(truncatingIfNeeded: hashes[record]) & mask]
      }
      for record in start..<end {
        try place(record, hash: hashes[record], of: arena, firstTaken: firsts[record - start] != 0)
      }
      start = end
    }
  }

  /// The table of keys that ascend, with the sample of them.
  init(ascending: AscendingKeys) {
    (slots, mask, self.ascending) = ([], 0, ascending)
  }

  /// Puts record `record` of `arena`, whose key has `hash`, in the first
  /// free slot from its hash's; `firstTaken` when its first slot is known
  /// to be taken.
  ///
  /// - Throws: `Duplicate` when a record already placed has its key.
  @inline(__always)
  private mutating func place(_ record: Int, hash: UInt64, of arena: KeyArena, firstTaken: Bool)
    throws(Duplicate)
  {
    let tag = hash & KeyTable.tagMask
    var slot = Int(truncatingIfNeeded: hash) & mask
    var taken = firstTaken
    while taken || slots[slot] != 0 {
      let entry = slots[slot]
      if entry & KeyTable.tagMask == tag {
        let other = KeyTable.record(in: entry)
        if arena.keyEquals(other, arena, record) { throw Duplicate(first: other, second: record) }
      }
      slot = (slot + 1) & mask
      taken = false
    }
    slots[slot] = KeyTable.slot(record, hash: hash)
  }

  /// The high 32 bits of a hash, as a slot keeps them.
  private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

  /// The slot of `record`, whose key has `hash`.
  @inline(__always)
  private static func slot(_ record: Int, hash: UInt64) -> UInt64 {
    hash & tagMask | UInt64(truncatingIfNeeded: record &+ 1)
  }

  /// The record position a taken slot holds.
  @inline(__always)
  private static func record(in entry: UInt64) -> Int {
    Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
  }

  /// Indexes the keys of `records` of `arena`, taken in order.
  ///
  /// - Throws: `Duplicate` for the first key that occurs twice.
  /// - Complexity: O(count) expected.
  private init(_ arena: KeyArena, records: some Sequence<Int>, count: Int) throws(Duplicate) {
    (slots, mask) = KeyTable.emptySlots(for: count)
    for record in records {
      try place(record, hash: arena.hash(of: record), of: arena, firstTaken: false)
    }
  }

  private static func emptySlots(for count: Int) -> ([UInt64], Int) {
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    return ([UInt64](repeating: 0, count: capacity), capacity - 1)
  }

  /// Matches the records of `new` to those of `old` occurrence by
  /// occurrence: the k-th record of `new` with some key gets the k-th
  /// record of `old` with that key, if there is one. Duplicates are
  /// allowed (whole-value identity). The same matching as the generic
  /// `matchIdentities(old:new:)`, on key bytes.
  ///
  /// - Returns: for each record of `new`, its partner's position in `old`,
  ///   or -1.
  /// - Complexity: O(n + m) expected.
  package static func matchOccurrences(old: KeyArena, new: KeyArena) -> [Int32] {
    matchIdentities(
      oldHashes: old.allHashes().map { Int(truncatingIfNeeded: $0) }, newCount: new.count,
      newHash: { Int(truncatingIfNeeded: new.hash(of: $0)) },
      sameIdentity: { first, other, bothOld in
        old.keyEquals(first, bothOld ? old : new, other)
      })
  }

  /// The position in `arena` (the arena this table was built from) of the
  /// record whose key equals record `index` of `other`, or -1.
  package func lookup(_ index: Int, of other: KeyArena, in arena: KeyArena) -> Int32 {
    if let ascending { return KeyTable.ascendingLookup(index, of: other, in: arena, ascending) }
    let hash = other.hash(of: index)
    let tag = hash & KeyTable.tagMask
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let entry = slots[slot]
      if entry & KeyTable.tagMask == tag {
        let candidate = KeyTable.record(in: entry)
        if arena.keyEquals(candidate, other, index) { return Int32(candidate) }
      }
      slot = (slot + 1) & mask
    }
    return -1
  }
}

extension KeyTable {
  /// Matches the records of `new` to those of `old` by key, where a key
  /// may occur only once on each side.
  ///
  /// Each record's partner is found first (`partners(of:in:old:into:)`),
  /// in parts on every core when `inParallel` is given and `new` is
  /// large, each part then checking its own records (`TakenRecords`);
  /// the parts' checks are joined, and only when a record of `old` is
  /// taken twice (or the matching ran in one part) does one pass in
  /// order find the first repetition. A duplicate in `new` is a new
  /// record matching an old record already taken, or two unmatched new
  /// records with one key.
  ///
  /// - Parameters:
  ///   - old: the keys matched from.
  ///   - new: the keys matched to.
  ///   - table: `old`'s table, when it was built beforehand (one table
  ///     of BASE serves both sides of a merge); built here otherwise.
  ///   - known: for each record of `new`, a record of `old` known to have
  ///     its key (a scan found the same bytes), whose key then stands for
  ///     its own (`new` may hold it empty), or none to match by key; `nil`
  ///     to match every record by key.
  ///   - inParallel: runs a body once for each part number `0..<parts`,
  ///     on any threads, all at once (`DispatchQueue.concurrentPerform`);
  ///     every part on the calling thread when `nil`.
  /// - Returns: for each record of `new`, its partner's position in `old`,
  ///   or -1.
  /// - Throws: `Duplicate` for the first key that occurs twice in `old`,
  ///   else for the first in `new` (`inNew`); each names the earliest
  ///   record with that key and the first repetition.
  package static func matchUnique(
    old: KeyArena, new: KeyArena, table: KeyTable? = nil, known: KnownMatches? = nil,
    inParallel: ((_ parts: Int, _ body: (Int) -> Void) -> Void)? = nil
  ) throws(Duplicate) -> [Int32] {
    precondition(known.map { $0.count == new.count } ?? true, "a known partner for each record")
    let oldTable: KeyTable
    if let table { oldTable = table } else { oldTable = try KeyTable(old) }
    let parts = inParallel == nil ? 1 : min(8, max(1, new.count / KeyTable.recordsPerPart))
    // Each part's check that no old record is taken twice, made by the
    // part (`TakenRecords`).
    let checks = UnsafeMutableBufferPointer<TakenRecords>.allocate(capacity: parts)
    checks.initialize(repeating: TakenRecords())
    defer { checks.deinitialize().deallocate() }
    // Each entry written once, by the part that holds it: the memory is
    // not filled first on one core.
    let newToOld = [Int32](unsafeUninitializedCapacity: new.count) { out, initialized in
      let bounds = { (part: Int) in (new.count * part / parts)..<(new.count * (part + 1) / parts) }
      if parts == 1 {
        oldTable.partners(of: bounds(0), in: new, old: old, known: known, into: out)
      } else {
        inParallel?(parts) {
          oldTable.partners(of: bounds($0), in: new, old: old, known: known, into: out)
          checks[$0] = TakenRecords(out, bounds($0))
        }
      }
      initialized = new.count
    }
    var (unmatched, taken): ([Int], Duplicate?) = ([], nil)
    if parts > 1, let joined = TakenRecords.unmatched(joining: Array(checks), oldCount: old.count) {
      unmatched = joined
    } else {
      (unmatched, taken) = firstTakenTwice(newToOld, oldCount: old.count)
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

  /// The records of NEW without a partner, ascending, up to the first
  /// that takes a record of OLD already taken, and that repetition (the
  /// record that took it first, and this one), if any.
  private static func firstTakenTwice(_ newToOld: [Int32], oldCount: Int) -> ([Int], Duplicate?) {
    // One bit per old record (a million fit in the cache); the record
    // that took an old record first is looked for only on a duplicate.
    var takenOld = [UInt64](repeating: 0, count: (oldCount + 63) / 64)
    var unmatched: [Int] = []
    for record in newToOld.indices {
      let match = Int(newToOld[record])
      guard match >= 0 else {
        unmatched.append(record)
        continue
      }
      let bit: UInt64 = 1 &<< UInt64(match & 63)
      if takenOld[match >> 6] & bit != 0 {
        let first = newToOld[..<record].firstIndex(of: Int32(match)) ?? record
        return (unmatched, Duplicate(first: first, second: record, inNew: true))
      }
      takenOld[match >> 6] |= bit
    }
    return (unmatched, nil)
  }

  /// The fewest records of `new` that make a part of its own in
  /// ``matchUnique(old:new:table:known:inParallel:)``: 100,000 records
  /// (a tree's nodes, some 3 ms of look-ups) are matched on more than one
  /// core.
  static let recordsPerPart = 1 << 15

  /// Writes, for each record of `new` in `records`, the position of the
  /// record of `old` (this table's arena) with the same key, or -1.
  ///
  /// Records mostly keep their order, so each is first tried against the
  /// old record after the previous match and the one after that (a
  /// record deleted in between), then against the record after the one
  /// before the last jump and the one after that (where the records
  /// resume after a moved one), sequential reads, and only then looked up
  /// in the table.
  ///
  /// - Parameters:
  ///   - records: the records of `new` to match.
  ///   - new: the keys matched to.
  ///   - old: the keys matched from, the arena this table indexes.
  ///   - known: the records of `old` known to have the keys of those of
  ///     `new`, taken as their partners without a look-up
  ///     (``matchUnique(old:new:table:known:inParallel:)``); `nil` for
  ///     none.
  ///   - out: one entry for each record of `new`; only `records`' are
  ///     written, each one (-1 for a record without a partner).
  func partners(
    of records: Range<Int>, in new: KeyArena, old: KeyArena,
    known: KnownMatches? = nil, into out: UnsafeMutableBufferPointer<Int32>
  ) {
    var guess = 0
    if let first = records.first {
      guess = max(0, known?.partner(of: first) ?? Int(lookup(first, of: new, in: old)))
    }
    // Where the records were before the last jump: after a record that
    // moved, the next is mostly the one after the record before it.
    var resume = -2
    for record in records {
      let isMatch = { (candidate: Int) in
        candidate >= 0 && candidate < old.count && old.keyEquals(candidate, new, record)
      }
      let match: Int
      if let partner = known?.partner(of: record) {
        match = partner
      } else if isMatch(guess) {
        match = guess
      } else if isMatch(guess + 1) {
        match = guess + 1
      } else if isMatch(resume) {
        match = resume
      } else if isMatch(resume + 1) {
        match = resume + 1
      } else {
        match = Int(lookup(record, of: new, in: old))
      }
      out[record] = Int32(match)
      guard match >= 0 else { continue }
      if match != guess && match != guess + 1 { resume = guess }
      guess = match + 1
    }
  }
}
