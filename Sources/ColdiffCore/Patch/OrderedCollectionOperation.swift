/// One step of a sequential patch of an ordered collection (Bond's
/// "patch"): positions are those of the collection at the moment the
/// operation runs, after every earlier operation of the patch.
///
/// The operations carry the elements they remove or replace, so a patch
/// can be inverted without the collection it was made for (see
/// `inverted()`).
public enum OrderedCollectionOperation<Element> {
  /// Inserts the element so that it ends at position `at`.
  case insert(Element, at: Int)
  /// Removes the element at position `at`; the payload is the removed
  /// element, kept for inversion.
  case delete(Element, at: Int)
  /// Replaces the element `old` at position `at` by `new`.
  case update(at: Int, old: Element, new: Element)
  /// Removes the element at `from`, then inserts it at `to` in the
  /// collection as it is after the removal (RFC 6902 `move`).
  case move(from: Int, to: Int)

  /// The operation that undoes this one, on the collection this one made.
  ///
  /// An insert becomes a delete of the same element at the same position,
  /// a delete an insert, an update swaps `old` and `new`, and a move goes
  /// from `to` back to `from`.
  public var inverse: OrderedCollectionOperation {
    switch self {
    case .insert(let element, let at): return .delete(element, at: at)
    case .delete(let element, let at): return .insert(element, at: at)
    case .update(let at, let old, let new): return .update(at: at, old: new, new: old)
    case .move(let from, let to): return .move(from: to, to: from)
    }
  }
}

extension OrderedCollectionOperation: Equatable where Element: Equatable {}
extension OrderedCollectionOperation: Hashable where Element: Hashable {}
extension OrderedCollectionOperation: Sendable where Element: Sendable {}

extension Sequence {
  /// The patch that undoes this one: each operation's inverse, last first.
  ///
  /// Applying `patch` and then `patch.inverted()` gives back the original
  /// collection; no collection is needed because deletes and updates carry
  /// the elements they remove or replace.
  ///
  /// - Returns: the inverse patch.
  /// - Complexity: O(d) for d operations.
  public func inverted<Element>() -> [OrderedCollectionOperation<Element>]
  where Self.Element == OrderedCollectionOperation<Element> {
    reversed().map(\.inverse)
  }
}
