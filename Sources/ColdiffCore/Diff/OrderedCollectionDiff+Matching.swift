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
    // Collect unmatched records and unequal pairs, as an unordered diff does.
    let unordered = try UnorderedCollectionDiff(
      oldCount: oldCount, newCount: newCount, newToOld: newToOld, isEqual: isEqual)
    // Keep one longest increasing subsequence; every other matched record
    // moves. The pairs are walked again in new order rather than kept
    // (a million records' would be 8 MB more), and the moves, few, are
    // then put in old order.
    var matchedOld: [Int32] = []
    matchedOld.reserveCapacity(min(oldCount, newCount))
    for new in 0..<newCount where newToOld[new] >= 0 { matchedOld.append(newToOld[new]) }
    let kept = longestIncreasingSubsequenceMembers(matchedOld)
    var moves: [Move] = []
    var rank = 0
    for new in 0..<newCount where newToOld[new] >= 0 {
      if !kept[rank] { moves.append(Move(from: Int(newToOld[new]), to: new)) }
      rank += 1
    }
    moves.sort { $0.from < $1.from }
    self.init(
      inserts: unordered.inserts, deletes: unordered.deletes, updates: unordered.updates,
      moves: moves)
  }
}
