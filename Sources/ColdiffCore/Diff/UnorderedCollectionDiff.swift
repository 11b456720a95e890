/// What changed between two unordered collections: no moves, because
/// order is not part of the collection.
///
/// Keys name records. When the keys are the records' own identities (a
/// dictionary's keys, a JSON object's member names) the same key names the
/// record in both collections. When the diff comes from a matching of
/// positions (`Key == Int`), the index spaces are as in an ordered diff:
/// `deletes` and `updates` are OLD positions, `inserts` NEW positions.
///
/// Each list is in a deterministic order documented by the initializer
/// that made it (ascending for positions and comparable keys).
public struct UnorderedCollectionDiff<Key: Hashable>: Hashable {
  /// Records only the NEW collection has (keys, or NEW positions).
  public var inserts: [Key]
  /// Records only the OLD collection has (keys, or OLD positions).
  public var deletes: [Key]
  /// Records both have whose content is not equal (keys, or OLD positions).
  public var updates: [Key]

  /// Creates a diff from its three lists, taken as given.
  ///
  /// - Parameters:
  ///   - inserts: the inserted records.
  ///   - deletes: the deleted records.
  ///   - updates: the updated records.
  public init(inserts: [Key] = [], deletes: [Key] = [], updates: [Key] = []) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
  }

  /// Whether the diff records no change at all.
  public var isEmpty: Bool { inserts.isEmpty && deletes.isEmpty && updates.isEmpty }

  /// The number of changes: inserts, deletes and updates together.
  public var count: Int { inserts.count + deletes.count + updates.count }
}

extension UnorderedCollectionDiff: Sendable where Key: Sendable {}
