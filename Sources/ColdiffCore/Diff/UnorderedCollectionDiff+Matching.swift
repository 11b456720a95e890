extension UnorderedCollectionDiff where Key == Int {
  /// Creates the unordered diff implied by a matching of old records to new
  /// ones: as `OrderedCollectionDiff(oldCount:newCount:newToOld:isEqual:)`
  /// without moves.
  ///
  /// `deletes` are the unmatched OLD positions, `inserts` the unmatched NEW
  /// positions, `updates` the OLD positions of matched pairs that are not
  /// equal; each list ascending.
  ///
  /// - Parameters:
  ///   - oldCount: the number of old records.
  ///   - newCount: the number of new records; `newToOld.count` must equal it.
  ///   - newToOld: for each new position, the matched old position or -1.
  ///   - isEqual: whether the old record at the first index equals the new
  ///     record at the second; called exactly once per matched pair, in
  ///     ascending old position.
  /// - Throws: what `isEqual` throws.
  /// - Precondition: each old position is in `0..<oldCount` and matched at
  ///   most once.
  /// - Complexity: O(oldCount + newCount) plus the `isEqual` calls.
  public init(
    oldCount: Int, newCount: Int, newToOld: [Int32],
    isEqual: (_ old: Int, _ new: Int) throws -> Bool
  ) rethrows {
    precondition(newToOld.count == newCount, "newToOld must have newCount entries")
    let oldToNew = invertMatching(oldCount: oldCount, newToOld: newToOld)
    var deletes: [Int] = []
    var updates: [Int] = []
    for old in 0..<oldCount {
      let new = Int(oldToNew[old])
      if new < 0 {
        deletes.append(old)
      } else if try !isEqual(old, new) {
        updates.append(old)
      }
    }
    let inserts = (0..<newCount).filter { newToOld[$0] < 0 }
    self.init(inserts: inserts, deletes: deletes, updates: updates)
  }

  /// Creates the unordered diff implied by a matching whose matched pairs
  /// are all equal: the same inserts and deletes as
  /// `init(oldCount:newCount:newToOld:isEqual:)` with an `isEqual` that
  /// always returns `true`, and no updates (a comparison that works out
  /// the positions while it compares the records).
  ///
  /// - Parameters:
  ///   - oldCount: the number of old records.
  ///   - newCount: the number of new records; `newToOld.count` must equal it.
  ///   - newToOld: for each new position, the matched old position or -1.
  /// - Precondition: each old position is in `0..<oldCount` and matched at
  ///   most once.
  /// - Complexity: O(oldCount + newCount); a bit per old record says
  ///   which are matched.
  public init(oldCount: Int, newCount: Int, newToOld: [Int32]) {
    precondition(newToOld.count == newCount, "newToOld must have newCount entries")
    var matched = [UInt64](repeating: 0, count: (oldCount + 63) / 64)
    var inserts: [Int] = []
    for new in 0..<newCount {
      let old = Int(newToOld[new])
      if old < 0 {
        inserts.append(new)
        continue
      }
      precondition(old < oldCount, "newToOld[\(new)] = \(old) is not an old position")
      let bit: UInt64 = 1 << UInt64(old & 63)
      precondition(matched[old >> 6] & bit == 0, "old position \(old) is matched twice")
      matched[old >> 6] |= bit
    }
    var deletes: [Int] = []
    for (word, bits) in matched.enumerated() where bits != ~0 {
      var unmatched = ~bits
      while unmatched != 0 {
        let old = word << 6 | unmatched.trailingZeroBitCount
        if old >= oldCount { break }
        deletes.append(old)
        unmatched &= unmatched - 1
      }
    }
    self.init(inserts: inserts, deletes: deletes, updates: [])
  }
}
