extension RangeReplaceableCollection {
  /// Applies one operation of a sequential patch.
  ///
  /// - Parameter operation: the operation; its positions are offsets from
  ///   `startIndex` in the collection as it is now.
  /// - Precondition: the positions are in range.
  /// - Complexity: O(n) (finding an offset and shifting the elements after it).
  public mutating func apply(_ operation: OrderedCollectionOperation<Element>) {
    switch operation {
    case .insert(let element, let at):
      precondition(at >= 0 && at <= count, "insert at \(at) is out of range")
      insert(element, at: index(startIndex, offsetBy: at))
    case .delete(_, let at):
      precondition(at >= 0 && at < count, "delete at \(at) is out of range")
      remove(at: index(startIndex, offsetBy: at))
    case .update(let at, _, let new):
      precondition(at >= 0 && at < count, "update at \(at) is out of range")
      let position = index(startIndex, offsetBy: at)
      replaceSubrange(position...position, with: CollectionOfOne(new))
    case .move(let from, let to):
      precondition(from >= 0 && from < count, "move from \(from) is out of range")
      let element = remove(at: index(startIndex, offsetBy: from))
      precondition(to >= 0 && to <= count, "move to \(to) is out of range")
      insert(element, at: index(startIndex, offsetBy: to))
    }
  }

  /// Applies a sequential patch, one operation after another.
  ///
  /// - Parameter patch: the operations, each with positions in the
  ///   collection as the operations before it left it.
  /// - Precondition: every position is in range when its operation runs.
  /// - Complexity: O(n·d) for d operations (each may shift the elements);
  ///   `Array` has an O(n + d log n) overload.
  public mutating func apply(_ patch: some Sequence<OrderedCollectionOperation<Element>>) {
    for operation in patch { apply(operation) }
  }
}

extension Array {
  /// Applies a sequential patch without shifting elements per operation.
  ///
  /// The operations run on a sequence of tags (a `RecordSequence`): a tag
  /// names an element of the array or one the patch brings in; the result
  /// is built once at the end.
  ///
  /// - Parameter patch: the operations, each with positions in the array as
  ///   the operations before it left it.
  /// - Precondition: every position is in range when its operation runs.
  /// - Complexity: O(n + d·(n/c + c)) for d operations on chunks of c
  ///   tags.
  public mutating func apply(_ patch: some Sequence<OrderedCollectionOperation<Element>>) {
    // Tag i >= 0 is self[i]; tag -1 - k is brought[k].
    var sequence = RecordSequence(identityOf: count)
    var brought: [Element] = []
    for operation in patch {
      switch operation {
      case .insert(let element, let at):
        precondition(at >= 0 && at <= sequence.count, "insert at \(at) is out of range")
        brought.append(element)
        sequence.insert(Int32(-brought.count), at: at)
      case .delete(_, let at):
        precondition(at >= 0 && at < sequence.count, "delete at \(at) is out of range")
        _ = sequence.remove(at: at)
      case .update(let at, _, let new):
        precondition(at >= 0 && at < sequence.count, "update at \(at) is out of range")
        brought.append(new)
        sequence[at] = Int32(-brought.count)
      case .move(let from, let to):
        sequence.move(from: from, to: to)
      }
    }
    let tags = sequence.inOrder()
    var result: [Element] = []
    result.reserveCapacity(tags.count)
    for tag in tags { result.append(tag >= 0 ? self[Int(tag)] : brought[Int(-1 - tag)]) }
    self = result
  }
}
