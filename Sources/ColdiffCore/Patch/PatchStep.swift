/// One step of a sequential patch, without elements: the position at the
/// moment it runs plus the OLD and NEW index of the record it concerns,
/// so a caller can fetch the records itself (the command line writes RFC
/// 6902 operations from these).
///
/// `Position` is an offset (`Int`, `OrderedPatchStep`) for a flat
/// collection, or a path (`TreeIndexPath`, `TreePatchStep`) for a forest,
/// where the indices are preorder numbers and a delete or insert concerns
/// a whole subtree: the root with its unmatched descendants.
///
/// `OrderedCollectionDiff.patchSteps(oldCount:newCount:)` produces flat
/// steps in this order: the deletes in descending old position; then, in
/// ascending new position, each insert and each moved record, placed right
/// after the record at the preceding new position (or first); finally the
/// updates in ascending new position.
///
/// `OrderedCollectionDiff<TreeIndexPath>.patchSteps(oldShape:newShape:)`
/// produces tree steps in this order: first, in NEW preorder, each
/// inserted subtree and each moved node, placed under its new parent right
/// after its preceding new sibling (or first); then the deleted subtrees,
/// in descending path order (their matched descendants have moved out by
/// then); finally the updates in NEW preorder, at their NEW paths.
public enum PatchStep<Position: Hashable & Sendable>: Hashable, Sendable {
  /// Removes the record (or subtree) at `at`; `old` is its OLD index.
  case delete(at: Position, old: Int)
  /// Inserts NEW record `new` (with its inserted subtree) so that it ends
  /// at `at`.
  case insert(at: Position, new: Int)
  /// Removes the record at `from` (with its current subtree), then inserts
  /// it at `to` in the collection as it is after the removal (RFC 6902
  /// `move`); the record is OLD `old` and NEW `new`. In a forest `from`
  /// may be a prefix of `to` when the node moves into the subtree of its
  /// following sibling, which RFC 6902 forbids, so such a step is written
  /// as a remove and an add.
  case move(from: Position, to: Position, old: Int, new: Int)
  /// Replaces the record at `at` (OLD `old`) by NEW record `new` (in a
  /// forest: its content, its children aside).
  case update(at: Position, old: Int, new: Int)

  /// The step that undoes this one, with OLD and NEW swapped: the inverse
  /// of a patch from A to B describes B to A, so its "old" indices are
  /// positions in B. (Undoing a tree delete re-inserts the removed
  /// subtree, which the caller takes from the OLD forest.)
  public var inverse: PatchStep {
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
  ///   - old: the OLD records, indexed by offset (or preorder number).
  ///   - new: the NEW records, indexed likewise.
  /// - Returns: the operation, carrying the records it needs.
  public func operation<Element>(old: [Element], new: [Element])
    -> CollectionOperation<Element, Position>
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

/// A step of a flat collection's patch: positions are offsets.
public typealias OrderedPatchStep = PatchStep<Int>

/// A step of a forest's patch: positions are index paths, indices are
/// preorder numbers.
public typealias TreePatchStep = PatchStep<TreeIndexPath>
