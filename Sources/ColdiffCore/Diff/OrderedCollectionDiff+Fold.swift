extension OrderedCollectionDiff where Index == Int {
  /// Folds a sequential patch back into one diff.
  ///
  /// The patch runs on tags instead of elements: each old element keeps
  /// its old position as its tag, inserted elements have none. At the end,
  /// each surviving old element's final position gives the matching, and
  /// the diff is the one `init(oldCount:newCount:newToOld:isEqual:)`
  /// makes from it: moves are recomputed minimally from where the
  /// surviving old elements ended up (an element moved back where it was
  /// is no move), updates are the surviving old elements that received an
  /// update, and an inserted element that is later updated or moved is
  /// just an insert.
  ///
  /// - Parameters:
  ///   - oldCount: the number of elements the patch starts from.
  ///   - patch: the operations, each with positions in the collection as
  ///     the operations before it left it.
  /// - Precondition: every position is in range when its operation runs.
  /// - Complexity: O(n + d·(n/c + c)) for n elements, d operations and
  ///   chunks of c tags (a `RecordSequence` of the tags), then the diff
  ///   from the matching.
  public init<Element>(
    oldCount: Int, patch: some Sequence<OrderedCollectionOperation<Element>>
  ) {
    var sequence = RecordSequence(identityOf: oldCount)
    var updated = [Bool](repeating: false, count: oldCount)
    for operation in patch {
      switch operation {
      case .insert(_, let at):
        precondition(at >= 0 && at <= sequence.count, "insert at \(at) is out of range")
        sequence.insert(-1, at: at)
      case .delete(_, let at):
        precondition(at >= 0 && at < sequence.count, "delete at \(at) is out of range")
        _ = sequence.remove(at: at)
      case .update(let at, _, _):
        precondition(at >= 0 && at < sequence.count, "update at \(at) is out of range")
        let tag = sequence[at]
        if tag >= 0 { updated[Int(tag)] = true }
      case .move(let from, let to):
        sequence.move(from: from, to: to)
      }
    }
    let newToOld = sequence.inOrder()
    self.init(
      oldCount: oldCount, newCount: newToOld.count, newToOld: newToOld,
      isEqual: { old, _ in !updated[old] })
  }
}
