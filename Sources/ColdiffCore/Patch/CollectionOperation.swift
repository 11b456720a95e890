/// One step of a sequential patch of an ordered collection (Bond's
/// "patch") or of a forest of `TreeNode`s: positions (offsets or index
/// paths) are those of the collection at the moment the operation runs,
/// after every earlier operation of the patch.
///
/// The operations carry the elements they remove or replace, so a patch
/// can be inverted without the collection it was made for (see
/// `inverted()`).
public enum CollectionOperation<Element, Position: Hashable & Sendable> {
  /// Inserts the element (in a forest: with its children) so that it ends
  /// at position `at`.
  case insert(Element, at: Position)
  /// Removes the element (in a forest: the subtree) at position `at`; the
  /// payload is the removed element as it was, kept for inversion.
  case delete(Element, at: Position)
  /// Replaces the element `old` at position `at` by `new`; in a forest the
  /// node keeps its current children (those of `old` and `new` are
  /// ignored).
  case update(at: Position, old: Element, new: Element)
  /// Removes the element (or subtree) at `from`, then inserts it at `to`
  /// in the collection as it is after the removal (RFC 6902 `move`).
  case move(from: Position, to: Position)

  /// The operation that undoes this one, on the collection this one made.
  ///
  /// An insert becomes a delete of the same element at the same position,
  /// a delete an insert, an update swaps `old` and `new`, and a move goes
  /// from `to` back to `from`.
  public var inverse: CollectionOperation {
    switch self {
    case .insert(let element, let at): return .delete(element, at: at)
    case .delete(let element, let at): return .insert(element, at: at)
    case .update(let at, let old, let new): return .update(at: at, old: new, new: old)
    case .move(let from, let to): return .move(from: to, to: from)
    }
  }
}

extension CollectionOperation: Equatable where Element: Equatable {}
extension CollectionOperation: Hashable where Element: Hashable {}
extension CollectionOperation: Sendable where Element: Sendable {}

/// An operation of a flat collection's patch: positions are offsets.
public typealias OrderedCollectionOperation<Element> = CollectionOperation<Element, Int>

/// An operation of a forest's patch: positions are index paths.
public typealias TreeOperation<Node> = CollectionOperation<Node, TreeIndexPath>

extension Sequence {
  /// The patch that undoes this one: each operation's inverse, last first.
  ///
  /// Applying `patch` and then `patch.inverted()` gives back the original
  /// collection (or forest); no collection is needed because deletes and
  /// updates carry the elements they remove or replace.
  ///
  /// - Returns: the inverse patch.
  /// - Complexity: O(d) for d operations.
  public func inverted<Element, Position>() -> [CollectionOperation<Element, Position>]
  where Self.Element == CollectionOperation<Element, Position> {
    reversed().map(\.inverse)
  }
}
