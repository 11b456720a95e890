/// One step of a sequential patch, without elements: the position at the
/// moment it runs plus the OLD and NEW index of the record it concerns,
/// so a caller can fetch the records itself (the command line writes RFC
/// 6902 operations from these).
///
/// `OrderedCollectionDiff.patchSteps(oldCount:newCount:)` produces them
/// in this order: the deletes in descending old position; then, in
/// ascending new position, each insert and each moved record, placed right
/// after the record at the preceding new position (or first); finally the
/// updates in ascending new position.
public enum OrderedPatchStep: Hashable, Sendable {
  /// Removes the record at `at`; `old` is its OLD index.
  case delete(at: Int, old: Int)
  /// Inserts NEW record `new` so that it ends at `at`.
  case insert(at: Int, new: Int)
  /// Removes the record at `from`, then inserts it at `to` in the
  /// collection as it is after the removal (RFC 6902 `move`); the record
  /// is OLD `old` and NEW `new`.
  case move(from: Int, to: Int, old: Int, new: Int)
  /// Replaces the record at `at` (OLD `old`) by NEW record `new`.
  case update(at: Int, old: Int, new: Int)

  /// The step that undoes this one, with OLD and NEW swapped: the inverse
  /// of a patch from A to B describes B to A, so its "old" indices are
  /// positions in B.
  public var inverse: OrderedPatchStep {
    switch self {
    case .delete(let at, let old): return .insert(at: at, new: old)
    case .insert(let at, let new): return .delete(at: at, old: new)
    case .move(let from, let to, let old, let new):
      return .move(from: to, to: from, old: new, new: old)
    case .update(let at, let old, let new): return .update(at: at, old: new, new: old)
    }
  }

  /// The operation this step stands for, with the records fetched from
  /// the two collections.
  ///
  /// - Parameters:
  ///   - old: the OLD records, indexed by offset.
  ///   - new: the NEW records, indexed by offset.
  /// - Returns: the operation, carrying the records it needs.
  public func operation<Element>(old: [Element], new: [Element])
    -> OrderedCollectionOperation<Element>
  {
    switch self {
    case .delete(let at, let oldIndex): return .delete(old[oldIndex], at: at)
    case .insert(let at, let newIndex): return .insert(new[newIndex], at: at)
    case .move(let from, let to, _, _): return .move(from: from, to: to)
    case .update(let at, let oldIndex, let newIndex):
      return .update(at: at, old: old[oldIndex], new: new[newIndex])
    }
  }
}
