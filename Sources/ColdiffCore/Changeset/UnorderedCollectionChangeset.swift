/// A change of an unordered collection of values under keys: the NEW
/// dictionary with its diff (keys; no moves) and its patch (deletes, then
/// inserts, then updates).
public struct UnorderedCollectionChangeset<Key: Hashable & Comparable, Value>: ChangesetProtocol {
  /// The dictionary after the change (NEW).
  public var collection: [Key: Value]
  /// What changed, by key, each list sorted.
  public var diff: UnorderedCollectionDiff<Key>
  /// The operations that turn OLD into `collection`.
  public var patch: [UnorderedCollectionOperation<Key, Value>]

  /// Creates the changeset from OLD to NEW, comparing values with `isEqual`.
  ///
  /// - Parameters:
  ///   - old: the dictionary before.
  ///   - new: the dictionary after.
  ///   - isEqual: whether two values under the same key are equal.
  /// - Throws: what `isEqual` throws.
  /// - Complexity: O(n log n) for n keys.
  public init(
    from old: [Key: Value], to new: [Key: Value], isEqual: (Value, Value) throws -> Bool
  ) rethrows {
    let diff = try UnorderedCollectionDiff(from: old, to: new, isEqual: isEqual)
    self.collection = new
    self.diff = diff
    self.patch = diff.patch(from: old, to: new)
  }
}

extension UnorderedCollectionChangeset where Value: Equatable {
  /// Creates the changeset from OLD to NEW, comparing values with `==`.
  ///
  /// - Parameters:
  ///   - old: the dictionary before.
  ///   - new: the dictionary after.
  /// - Complexity: O(n log n) for n keys.
  public init(from old: [Key: Value], to new: [Key: Value]) {
    self.init(from: old, to: new, isEqual: { $0 == $1 })
  }
}

extension UnorderedCollectionChangeset: Sendable where Key: Sendable, Value: Sendable {}
