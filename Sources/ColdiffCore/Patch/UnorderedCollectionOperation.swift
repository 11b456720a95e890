/// One operation of an unordered patch. Records are named by key, so the
/// operations do not depend on one another's order except that a key is
/// deleted before it is inserted again.
///
/// The operations carry the values they remove or replace, so a patch can
/// be inverted without the collection it was made for.
public enum UnorderedCollectionOperation<Key: Hashable, Value> {
  /// Adds `value` under `key`.
  case insert(Value, key: Key)
  /// Removes `key`; the payload is the removed value, kept for inversion.
  case delete(Value, key: Key)
  /// Replaces `old` under `key` by `new`.
  case update(key: Key, old: Value, new: Value)

  /// The operation that undoes this one.
  public var inverse: UnorderedCollectionOperation {
    switch self {
    case .insert(let value, let key): return .delete(value, key: key)
    case .delete(let value, let key): return .insert(value, key: key)
    case .update(let key, let old, let new): return .update(key: key, old: new, new: old)
    }
  }
}

extension UnorderedCollectionOperation: Equatable where Value: Equatable {}
extension UnorderedCollectionOperation: Hashable where Value: Hashable {}
extension UnorderedCollectionOperation: Sendable where Key: Sendable, Value: Sendable {}

extension Sequence {
  /// The unordered patch that undoes this one: each operation's inverse,
  /// last first.
  ///
  /// - Returns: the inverse patch.
  /// - Complexity: O(d) for d operations.
  public func inverted<Key, Value>() -> [UnorderedCollectionOperation<Key, Value>]
  where Self.Element == UnorderedCollectionOperation<Key, Value> {
    reversed().map(\.inverse)
  }
}

extension Dictionary {
  /// Applies an unordered patch.
  ///
  /// - Parameter patch: the operations.
  /// - Precondition: a deleted or updated key is present, an inserted key
  ///   absent, when its operation runs.
  /// - Complexity: O(d) expected for d operations.
  public mutating func apply(_ patch: some Sequence<UnorderedCollectionOperation<Key, Value>>) {
    for operation in patch {
      switch operation {
      case .insert(let value, let key):
        precondition(self[key] == nil, "insert of a key that is present")
        self[key] = value
      case .delete(_, let key):
        precondition(removeValue(forKey: key) != nil, "delete of a key that is absent")
      case .update(let key, _, let new):
        precondition(updateValue(new, forKey: key) != nil, "update of a key that is absent")
      }
    }
  }
}
