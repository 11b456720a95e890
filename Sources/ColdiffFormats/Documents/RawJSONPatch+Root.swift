extension RawJSONPatch {
  /// The same patch for the collection at `root`: `root`'s tokens taken
  /// off the front of every `path` and `from` (each lies strictly inside
  /// `root`), values unchanged.
  ///
  /// - Parameter root: a pointer every operation's pointers start with.
  /// - Returns: the patch with pointers relative to `root`.
  /// - Complexity: O(number of operations × depth).
  public func relative(to root: JSONPointer) -> RawJSONPatch {
    func inside(_ pointer: JSONPointer) -> JSONPointer {
      precondition(
        root.isPrefix(of: pointer) && pointer.tokens.count > root.tokens.count,
        "the operation lies inside the collection")
      return JSONPointer(tokens: Array(pointer.tokens.dropFirst(root.tokens.count)))
    }
    return RawJSONPatch(
      bytes: bytes,
      operations: operations.map { operation in
        var relative = operation
        relative.path = inside(operation.path)
        relative.from = operation.from.map(inside)
        return relative
      })
  }

  /// The longest pointer that every operation's `path` and `from` lie
  /// strictly inside (`/data/items` for `/data/items/3/price` and
  /// `/data/items/5`); the root pointer when there is none.
  public var commonContainer: JSONPointer {
    let pointers = operations.flatMap { [$0.path] + ($0.from.map { [$0] } ?? []) }
    guard var common = pointers.first?.tokens else { return .root }
    for pointer in pointers.dropFirst() {
      let shared = zip(common, pointer.tokens).prefix { $0 == $1 }.count
      common.removeLast(common.count - shared)
    }
    let deepest = pointers.map(\.tokens.count).min() ?? 0
    return JSONPointer(tokens: Array(common.prefix(max(0, deepest - 1))))
  }
}
