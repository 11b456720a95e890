import ColdiffCore

extension DiffDocument {
  /// The diff that undoes this one: from NEW back to OLD.
  ///
  /// Inserts and deletes trade places (their indices already are in the
  /// right spaces: a delete's OLD position is where the reversed insert
  /// lands), moves go back from `to` to `from`, changes swap `old` and
  /// `new`, and each update's position becomes its record's position in
  /// NEW, computed from the lists (the records no entry names keep their
  /// order). The rules stay. The reversed document has no `after`: it applies by key where
  /// there is one and places records by position, which is exact on NEW.
  ///
  /// - Complexity: O(d log d) for d entries.
  public func reversed() -> DiffDocument {
    let newPositions = newPositions(of: updates.map(\.position))
    var reversed = DiffDocument(
      kind: kind, key: key, tree: tree, columns: columns?.reversed,
      inserts: deletes.map { Insert(position: $0.position, key: $0.key, value: $0.value) },
      deletes: inserts.map { Delete(position: $0.position, key: $0.key, value: $0.value) },
      updates: zip(updates, newPositions).map { update, position in
        Update(
          position: position, key: update.key,
          changes: DiffDocument.keyedPathsInOld(update.changes).map { change in
            // A moved element goes back from its NEW path to its OLD one.
            Change(
              path: change.from ?? change.path, old: change.new, new: change.old,
              key: change.key, from: change.from == nil ? nil : change.path, after: change.after)
          })
      }
      .sorted { $0.position.precedes($1.position) },
      moves: moves.map { Move(from: $0.to, to: $0.from, key: $0.key) }
        .sorted { $0.from.precedes($1.from) })
    // The rules compare both ways alike.
    reversed.rules = rules
    return reversed
  }

  /// Where the records at OLD positions are in NEW: a moved record at its
  /// `to`; any other at the free NEW slot of its rank among the records
  /// that stay.
  private func newPositions(of positions: [Position]) -> [Position] {
    guard kind == .ordered else { return positions }
    let movedTo = Dictionary(
      moves.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
    let leaving = (deletes.map(\.position.sortIndex) + moves.map(\.from.sortIndex)).sorted()
    let taken = (inserts.map(\.position.sortIndex) + moves.map(\.to.sortIndex)).sorted()
    return positions.map { position in
      guard case .index(let old) = position else { return position }
      if let to = movedTo[position] { return to }
      let rank = old - DiffDocument.countBelow(old, in: leaving)
      // The rank-th free slot: the first taken slot m with more than `rank`
      // free slots before it bounds it.
      return .index(rank + firstPosition(below: taken.count) { taken[$0] - $0 > rank })
    }
  }

  private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
    firstPosition(below: sorted.count) { sorted[$0] >= value }
  }
}

extension DiffDocument.Position {
  /// The index of an index position, for sorting (0 for names and paths,
  /// whose lists keep their order).
  var sortIndex: Int {
    if case .index(let index) = self { return index }
    return 0
  }

  /// The order of the lists: indices by value, index paths in preorder
  /// (lexicographically; in an object map's tree, roots by the bytes of
  /// their decoded names); names keep their order.
  ///
  /// - Parameter other: the position to compare with.
  /// - Returns: whether this position comes first (`false` for positions
  ///   of different kinds).
  public func precedes(_ other: DiffDocument.Position) -> Bool {
    switch (self, other) {
    case (.index(let a), .index(let b)): a < b
    case (.path(let a), .path(let b)): a.lexicographicallyPrecedes(b)
    case (.namedPath(let aName, let a), .namedPath(let bName, let b)):
      aName.value == bName.value
        ? a.lexicographicallyPrecedes(b) : aName.value.lexicographicallyPrecedes(bName.value)
    default: false
    }
  }
}
