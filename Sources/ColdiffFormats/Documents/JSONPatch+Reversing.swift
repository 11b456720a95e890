extension JSONPatch {
  /// The patch that undoes this one: applied to the result of this patch,
  /// it gives back the document this patch was applied to.
  ///
  /// Each operation is inverted in reverse order, and each inverse is
  /// itself guarded, so the reversed patch can be checked and reversed in
  /// turn. An inverse needs what the operation destroyed, which only the
  /// `test` guards before it carry (SPEC §7.9):
  /// - `add` becomes `test` of the added value, then `remove`; but an
  ///   `add` to an object member (a last token that is not an array
  ///   index) with a `test` of the old value at its path right before it
  ///   replaced that member, as RFC 6902 `add` does, and becomes `test` of
  ///   the new value, then `replace` with the old one; an `add` to the
  ///   root needs the `test` of the old document and does the same;
  /// - `remove` needs a `test` of the old value at its path and becomes
  ///   `add` of that value;
  /// - `replace` needs a `test` of the old value and becomes `test` of the
  ///   new value, then `replace` with the old one;
  /// - `move` needs a `test` of the moved value or of a member of it at
  ///   `from` (the record's key) and becomes that test at `path`, then the
  ///   `move` back; a move out to an ancestor's place (`path` a prefix of
  ///   `from`), whose move back RFC 6902 forbids, needs the `test` of the
  ///   whole moved value and becomes that test at `path`, a `remove` and
  ///   an `add` at `from`;
  /// - `copy`, and an `add` or `move` to the end (`-`), cannot be reversed.
  ///
  /// An insert-only patch reverses without guards.
  ///
  /// - Returns: the reversed patch.
  /// - Throws: `InputError` naming the first operation that cannot be
  ///   reversed and why.
  /// - Complexity: O(n) operations, each with the tests before it.
  public func reversed() throws(InputError) -> JSONPatch {
    var units: [[JSONPatchOperation]] = []
    var guards: [(path: JSONPointer, value: JSONValue)] = []
    for (index, operation) in operations.enumerated() {
      if operation.kind == .test {
        guards.append((operation.path, operation.value!))
        continue
      }
      units.append(try JSONPatch.inverse(of: operation, index: index, guards: guards))
      guards = []
    }
    return JSONPatch(operations: units.reversed().flatMap { $0 })
  }

  private static func inverse(
    of operation: JSONPatchOperation, index: Int,
    guards: [(path: JSONPointer, value: JSONValue)]
  ) throws(InputError) -> [JSONPatchOperation] {
    func refuse(_ reason: String) -> InputError {
      let path = operation.path.isRoot ? "\"\"" : operation.path.description
      return InputError("cannot reverse op \(index) (\(operation.name) \(path)): \(reason)")
    }
    let missingGuard =
      "no test of the old value before it; make the patch with `coldiff -f patch` "
      + "without --no-test"
    func oldValue(at path: JSONPointer) -> JSONValue? {
      guards.last { $0.path == path }?.value
    }
    let path = operation.path
    switch operation.kind {
    case .add:
      let value = operation.value!
      guard let last = path.tokens.last else {
        guard let old = oldValue(at: path) else {
          throw refuse("it replaces the whole document; " + missingGuard)
        }
        return [.test(path: path, value: value), .replace(path: path, value: old)]
      }
      guard last != [UInt8(ascii: "-")] else {
        throw refuse("it appends with `-`, so the position to undo is not known")
      }
      if JSONPointer.arrayIndex(last) == nil, let old = oldValue(at: path) {
        return [.test(path: path, value: value), .replace(path: path, value: old)]
      }
      return [.test(path: path, value: value), .remove(path: path)]
    case .remove:
      guard let old = oldValue(at: path) else { throw refuse(missingGuard) }
      return [.add(path: path, value: old)]
    case .replace:
      guard let old = oldValue(at: path) else { throw refuse(missingGuard) }
      return [.test(path: path, value: operation.value!), .replace(path: path, value: old)]
    case .move:
      let from = operation.from!
      guard path.tokens.last != [UInt8(ascii: "-")] else {
        throw refuse("it moves to the end with `-`, so the position to undo is not known")
      }
      if path.isPrefix(of: from), path != from {
        // Moving back would move into its own subtree, which RFC 6902
        // forbids: take it out and add it back, with its whole value.
        guard let value = oldValue(at: from) else {
          throw refuse(
            "it moves a value out to an ancestor's place, and no test of the whole moved "
              + "value at `from` before it says what to put back")
        }
        return [
          .test(path: path, value: value), .remove(path: path), .add(path: from, value: value),
        ]
      }
      let identity = guards.last { from.isPrefix(of: $0.path) }
      guard let identity else {
        throw refuse(
          "no test of the moved record's key at `from` before it; make the patch with "
            + "`coldiff -f patch` without --no-test")
      }
      let rebased = JSONPointer(
        tokens: path.tokens + identity.path.tokens.dropFirst(from.tokens.count))
      return [.test(path: rebased, value: identity.value), .move(from: path, path: from)]
    case .copy:
      throw refuse("a copy cannot be undone from the patch alone")
    case .test:
      preconditionFailure("tests are guards, not units")
    }
  }
}
