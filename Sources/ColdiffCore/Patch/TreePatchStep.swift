/// One step of a sequential tree patch, without nodes: the path at the
/// moment it runs plus the OLD and NEW preorder numbers of the node it
/// concerns, so a caller can fetch the records itself.
///
/// `OrderedCollectionDiff<TreeIndexPath>.patchSteps(oldShape:newShape:)`
/// produces them in this order: first, in NEW preorder, each inserted
/// subtree and each moved node, placed under its new parent right after
/// its preceding new sibling (or first); then the deleted subtrees, in
/// descending path order (their matched descendants have moved out by
/// then); finally the updates in NEW preorder, at their NEW paths.
public enum TreePatchStep: Hashable, Sendable {
  /// Removes the subtree at `at`; `old` is its root's OLD number. What it
  /// removes is the root with its unmatched descendants.
  case delete(at: TreeIndexPath, old: Int)
  /// Inserts NEW node `new` with its unmatched descendants (its inserted
  /// subtree) so that it ends at `at`.
  case insert(at: TreeIndexPath, new: Int)
  /// Removes the node at `from` with its current subtree, then inserts it
  /// at `to` in the forest as it is after the removal (RFC 6902 `move`;
  /// `from` may be a prefix of `to` when the node moves into the subtree
  /// of its following sibling, which RFC 6902 forbids, so such a step is
  /// written as a remove and an add).
  case move(from: TreeIndexPath, to: TreeIndexPath, old: Int, new: Int)
  /// Replaces the content of the node at `at` (OLD `old`) by NEW node
  /// `new`'s, its children aside.
  case update(at: TreeIndexPath, old: Int, new: Int)

  /// The step that undoes this one, with OLD and NEW swapped: the inverse
  /// of a patch from A to B describes B to A, so its "old" numbers are
  /// nodes of B. (Undoing a delete re-inserts the removed subtree, which
  /// the caller takes from the OLD forest.)
  public var inverse: TreePatchStep {
    switch self {
    case .delete(let at, let old): return .insert(at: at, new: old)
    case .insert(let at, let new): return .delete(at: at, old: new)
    case .move(let from, let to, let old, let new):
      return .move(from: to, to: from, old: new, new: old)
    case .update(let at, let old, let new): return .update(at: at, old: new, new: old)
    }
  }
}
