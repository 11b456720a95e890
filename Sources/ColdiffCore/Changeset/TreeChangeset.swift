/// A change of a forest of `TreeNode`s: the NEW forest with its diff
/// (index paths; see `OrderedCollectionDiff.init(oldShape:newShape:newToOld:isEqual:)`)
/// and its patch (see `TreePatchStep` for the order).
public struct TreeChangeset<Node: TreeNode>: ChangesetProtocol {
  /// The forest after the change (NEW).
  public var collection: [Node]
  /// What changed: deletes, updates and move sources as OLD paths,
  /// inserts and move targets as NEW paths.
  public var diff: OrderedCollectionDiff<TreeIndexPath>
  /// The operations that turn OLD into `collection`, in order.
  public var patch: [TreeOperation<Node>]

  /// Creates the changeset from OLD to NEW for a diff already known.
  ///
  /// - Parameters:
  ///   - old: the OLD roots.
  ///   - new: the NEW roots.
  ///   - diff: the diff between them.
  public init(from old: [Node], to new: [Node], diff: OrderedCollectionDiff<TreeIndexPath>) {
    self.collection = new
    self.diff = diff
    self.patch = diff.patch(from: old, to: new)
  }

  /// Creates the changeset from OLD to NEW, matching nodes by an identity
  /// closure across the whole forest and comparing them with an equality
  /// closure (children aside).
  ///
  /// - Parameters:
  ///   - old: the OLD roots.
  ///   - new: the NEW roots.
  ///   - identity: a node's identity, unique in each forest.
  ///   - isEqual: whether two matched nodes are equal, children aside.
  /// - Throws: what `identity` or `isEqual` throws.
  public init<Id: Hashable>(
    from old: [Node], to new: [Node], identifiedBy identity: (Node) throws -> Id,
    isEqual: (Node, Node) throws -> Bool
  ) rethrows {
    let diff = try OrderedCollectionDiff<TreeIndexPath>(
      from: old, to: new, identifiedBy: identity, isEqual: isEqual)
    self.init(from: old, to: new, diff: diff)
  }
}

extension TreeChangeset: Sendable where Node: Sendable {}
