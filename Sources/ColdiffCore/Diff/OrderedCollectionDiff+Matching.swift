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
    self.init(
      inserts: unordered.inserts, deletes: unordered.deletes, updates: unordered.updates,
      moves: Self.minimalMoves(newToOld: newToOld))
  }

  /// Creates the diff implied by a matching whose matched pairs are all
  /// equal: the same inserts, deletes and moves as
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
  /// - Complexity: O(n log n) for n = oldCount + newCount; a bit per old
  ///   record says which are matched (`UnorderedCollectionDiff`).
  public init(oldCount: Int, newCount: Int, newToOld: [Int32]) {
    let unmatched = UnorderedCollectionDiff(
      oldCount: oldCount, newCount: newCount, newToOld: newToOld)
    self.init(
      inserts: unmatched.inserts, deletes: unmatched.deletes, updates: [],
      moves: Self.minimalMoves(newToOld: newToOld))
  }

  /// The matched pairs outside the longest increasing subsequence of
  /// their old positions taken in new order (`init(oldCount:newCount:
  /// newToOld:isEqual:)` says which one), in old order. The pairs are
  /// read from `newToOld` as they are, without a copy (a million
  /// records' would be 4 MB more), and the moves, few, then sorted.
  private static func minimalMoves(newToOld: [Int32]) -> [Move] {
    let kept = longestIncreasingSubsequenceMembers(newToOld, skippingNegatives: true)
    var moves: [Move] = []
    for new in newToOld.indices where newToOld[new] >= 0 && !kept[new] {
      moves.append(Move(from: Int(newToOld[new]), to: new))
    }
    moves.sort { $0.from < $1.from }
    return moves
  }
}
