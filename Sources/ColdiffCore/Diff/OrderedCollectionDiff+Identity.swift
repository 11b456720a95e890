extension OrderedCollectionDiff where Index == Int {
  /// Creates the diff between two collections, matching records by an
  /// identity closure and comparing matched records with an equality
  /// closure.
  ///
  /// Records with the same identity are matched occurrence by occurrence
  /// (the first new one with the first old one, and so on), so duplicate
  /// identities are allowed. Positions are offsets from `startIndex`
  /// (index spaces as documented on `OrderedCollectionDiff`).
  ///
  /// ```swift
  /// let diff = OrderedCollectionDiff(
  ///   from: old, to: new, identifiedBy: { $0.id }, isEqual: { $0 == $1 })
  /// ```
  ///
  /// - Parameters:
  ///   - old: the collection before.
  ///   - new: the collection after.
  ///   - identity: a record's identity; called once per record.
  ///   - isEqual: whether two matched records are equal; called once per
  ///     matched pair, in ascending old position.
  /// - Throws: what `identity` or `isEqual` throws.
  /// - Complexity: O(n log n) for n = old + new records (the hashing is
  ///   expected O(n)), plus the closure calls. The entry is inlinable so
  ///   that its per-record work (identities, hashes, comparisons) is
  ///   specialized for the caller's types; the matching and the diff run
  ///   in non-generic cores.
  @inlinable
  public init<Old: Collection, New: Collection, Id: Hashable>(
    from old: Old, to new: New, identifiedBy identity: (Old.Element) throws -> Id,
    isEqual: (Old.Element, Old.Element) throws -> Bool
  ) rethrows where New.Element == Old.Element {
    let oldElements = Array(old)
    let newElements = Array(new)
    let oldIds = try oldElements.map(identity)
    let newIds = try newElements.map(identity)
    let newToOld = matchIdentities(old: oldIds, new: newIds)
    try self.init(
      oldCount: oldElements.count, newCount: newElements.count, newToOld: newToOld,
      isEqual: { try isEqual(oldElements[$0], newElements[$1]) })
  }

  /// Creates the diff between two collections of identifiable records:
  /// identity is `collectionId`, equality is `==`.
  ///
  /// - Parameters:
  ///   - old: the collection before.
  ///   - new: the collection after.
  /// - Complexity: O(n log n) for n = old + new records.
  @inlinable
  public init<Old: Collection, New: Collection>(from old: Old, to new: New)
  where
    Old.Element: CollectionIdentifiable & Equatable, New.Element == Old.Element
  {
    self.init(from: old, to: new, identifiedBy: { $0.collectionId }, isEqual: { $0 == $1 })
  }

  /// Creates the diff between two collections where a record's identity is
  /// its whole value.
  ///
  /// Equal records match occurrence by occurrence (the first `x` in old
  /// with the first `x` in new), so duplicates work; there are never
  /// updates: a changed record is a delete plus an insert.
  ///
  /// - Parameters:
  ///   - old: the collection before.
  ///   - new: the collection after.
  /// - Complexity: O(n log n) for n = old + new records.
  @inlinable
  public init<Old: Collection, New: Collection>(byValueFrom old: Old, to new: New)
  where Old.Element: Hashable, New.Element == Old.Element {
    self.init(from: old, to: new, identifiedBy: { $0 }, isEqual: { _, _ in true })
  }
}
