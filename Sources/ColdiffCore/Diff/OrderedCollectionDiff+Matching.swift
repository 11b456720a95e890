extension OrderedCollectionDiff where Index == Int {
  /// Creates the diff implied by a matching of old records to new ones.
  ///
  /// This is the entry for callers that match identities themselves (the
  /// command line matches keys on raw bytes):
  ///
  /// - `deletes`: the unmatched old positions;
  /// - `inserts`: the unmatched new positions;
  /// - `updates`: the old positions of matched pairs for which `isEqual`
  ///   returns `false`;
  /// - `moves`: the matched pairs outside one longest increasing
  ///   subsequence of the matched old positions taken in new order
  ///   (minimal moves). Ties are broken deterministically: the kept
  ///   subsequence ends at the last new record that ends a longest one, and
  ///   each earlier kept record is the last one before its successor that
  ///   ends a subsequence one shorter. Old `[A, B, C, D]` against new
  ///   `[B, C, D, A]` gives the single move of `A` from 0 to 3; old `[A, B]`
  ///   against new `[B, A]` keeps `A` and moves `B` from 1 to 0.
  ///
  /// - Parameters:
  ///   - oldCount: the number of old records.
  ///   - newCount: the number of new records; `newToOld.count` must equal it.
  ///   - newToOld: for each new position, the matched old position or -1.
  ///   - isEqual: whether the old record at the first index equals the new
  ///     record at the second; called exactly once per matched pair, in
  ///     ascending old position, and never for unmatched records.
  /// - Throws: what `isEqual` throws.
  /// - Precondition: each old position is in `0..<oldCount` and matched at
  ///   most once.
  /// - Complexity: O(n log n) for n = oldCount + newCount, plus the
  ///   `isEqual` calls; a few flat arrays, nothing allocated per record.
  public init(
    oldCount: Int, newCount: Int, newToOld: [Int32],
    isEqual: (_ old: Int, _ new: Int) throws -> Bool
  ) rethrows {
    precondition(newToOld.count == newCount, "newToOld must have newCount entries")
    let oldToNew = invertMatching(oldCount: oldCount, newToOld: newToOld)
    // Collect unmatched records and unequal pairs.
    var deletes: [Int] = []
    var updates: [Int] = []
    var inserts: [Int] = []
    var matchedOld: [Int32] = []
    matchedOld.reserveCapacity(min(oldCount, newCount))
    for old in 0..<oldCount {
      let new = Int(oldToNew[old])
      if new < 0 {
        deletes.append(old)
      } else if try !isEqual(old, new) {
        updates.append(old)
      }
    }
    for new in 0..<newCount {
      let old = newToOld[new]
      if old < 0 { inserts.append(new) } else { matchedOld.append(old) }
    }
    // Keep one longest increasing subsequence; every other matched record moves.
    let kept = longestIncreasingSubsequenceMembers(matchedOld)
    var movedFromOld = [Bool](repeating: false, count: oldCount)
    var moveCount = 0
    for rank in 0..<matchedOld.count where !kept[rank] {
      movedFromOld[Int(matchedOld[rank])] = true
      moveCount += 1
    }
    var moves: [Move] = []
    moves.reserveCapacity(moveCount)
    for old in 0..<oldCount where movedFromOld[old] {
      moves.append(Move(from: old, to: Int(oldToNew[old])))
    }
    self.init(inserts: inserts, deletes: deletes, updates: updates, moves: moves)
  }
}
