extension UnorderedCollectionDiff where Key: Comparable {
  /// Folds an unordered patch back into one diff.
  ///
  /// Each key's operations are followed from the first to the last: a key
  /// whose first operation is an insert did not exist before, any other
  /// did; whether it exists after is decided by its last operation. A key
  /// that existed before and after is an update when it received an
  /// update or was deleted and inserted again; a key inserted and deleted
  /// again leaves no trace. Each list is sorted by key.
  ///
  /// - Parameter patch: the operations.
  /// - Complexity: O(d log d) for d operations.
  public init<Value>(patch: some Sequence<UnorderedCollectionOperation<Key, Value>>) {
    var states: [Key: (before: Bool, after: Bool, changed: Bool)] = [:]
    for operation in patch {
      switch operation {
      case .insert(_, let key):
        let state = states[key] ?? (false, false, false)
        states[key] = (state.before, true, state.before)
      case .delete(_, let key):
        let state = states[key] ?? (true, true, false)
        states[key] = (state.before, false, state.changed)
      case .update(let key, _, _):
        let state = states[key] ?? (true, true, false)
        states[key] = (state.before, true, true)
      }
    }
    var inserts: [Key] = []
    var deletes: [Key] = []
    var updates: [Key] = []
    for (key, state) in states {
      switch (state.before, state.after) {
      case (false, true): inserts.append(key)
      case (true, false): deletes.append(key)
      case (true, true) where state.changed: updates.append(key)
      default: break
      }
    }
    self.init(inserts: inserts.sorted(), deletes: deletes.sorted(), updates: updates.sorted())
  }
}
