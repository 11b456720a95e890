extension UnorderedCollectionDiff where Key: Comparable {
  /// Creates the diff between two dictionaries: the key is the identity,
  /// `isEqual` compares the values under a key both have.
  ///
  /// Each list is sorted by key, so the result does not depend on hashing.
  ///
  /// - Parameters:
  ///   - old: the dictionary before.
  ///   - new: the dictionary after.
  ///   - isEqual: whether two values under the same key are equal; called
  ///     once per common key.
  /// - Throws: what `isEqual` throws.
  /// - Complexity: O(n log n) for n keys.
  public init<Value>(
    from old: [Key: Value], to new: [Key: Value], isEqual: (Value, Value) throws -> Bool
  ) rethrows {
    var deletes: [Key] = []
    var updates: [Key] = []
    for (key, oldValue) in old {
      if let newValue = new[key] {
        if try !isEqual(oldValue, newValue) { updates.append(key) }
      } else {
        deletes.append(key)
      }
    }
    let inserts = new.keys.filter { old[$0] == nil }
    self.init(inserts: inserts.sorted(), deletes: deletes.sorted(), updates: updates.sorted())
  }

  /// Creates the diff between two dictionaries whose values are compared
  /// with `==`.
  ///
  /// - Parameters:
  ///   - old: the dictionary before.
  ///   - new: the dictionary after.
  /// - Complexity: O(n log n) for n keys.
  public init<Value: Equatable>(from old: [Key: Value], to new: [Key: Value]) {
    self.init(from: old, to: new, isEqual: { $0 == $1 })
  }
}

extension UnorderedCollectionDiff {
  /// The patch that turns `old` into `new`: the deletes, then the inserts,
  /// then the updates, each in the diff's order.
  ///
  /// - Parameters:
  ///   - old: the dictionary this diff was made from.
  ///   - new: the dictionary this diff leads to.
  /// - Returns: the operations, carrying the values they need.
  /// - Precondition: the diff's keys are present where it says.
  /// - Complexity: O(d) expected for d changes.
  public func patch<Value>(from old: [Key: Value], to new: [Key: Value])
    -> [UnorderedCollectionOperation<Key, Value>]
  {
    var patch: [UnorderedCollectionOperation<Key, Value>] = []
    patch.reserveCapacity(count)
    for key in deletes { patch.append(.delete(old[key]!, key: key)) }
    for key in inserts { patch.append(.insert(new[key]!, key: key)) }
    for key in updates { patch.append(.update(key: key, old: old[key]!, new: new[key]!)) }
    return patch
  }
}
