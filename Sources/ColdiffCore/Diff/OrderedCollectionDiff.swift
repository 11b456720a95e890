/// What changed between two ordered collections, as Bond 7 models it.
///
/// A diff implies no order of operations; each list names positions in
/// one of the two collections (its *index space*):
///
/// - `deletes`: positions in the OLD collection of the records only it has;
/// - `inserts`: positions in the NEW collection of the records only it has;
/// - `updates`: positions in the OLD collection of the records both have
///   whose content is not equal;
/// - `moves`: for records both have that changed their position relative
///   to the other matched records, `from` in OLD and `to` in NEW.
///
/// Each list is sorted ascending by its index (`moves` by `from`). A moved
/// record whose content also changed appears in both `moves` and `updates`.
///
/// Diffs produced by this library have **minimal moves**: the matched
/// records that keep their place form a longest increasing subsequence of
/// their old positions taken in new order, and only the others move.
public struct OrderedCollectionDiff<Index: Hashable>: Hashable {
  /// A record that changed its position.
  public struct Move: Hashable {
    /// The record's position in the OLD collection.
    public var from: Index
    /// The record's position in the NEW collection.
    public var to: Index

    /// Creates a move of the record at old position `from` to new position `to`.
    public init(from: Index, to: Index) {
      self.from = from
      self.to = to
    }
  }

  /// Positions in the NEW collection of inserted records, ascending.
  public var inserts: [Index]
  /// Positions in the OLD collection of deleted records, ascending.
  public var deletes: [Index]
  /// Positions in the OLD collection of updated records, ascending.
  public var updates: [Index]
  /// Moved records (`from` in OLD, `to` in NEW), ascending by `from`.
  public var moves: [Move]

  /// Creates a diff from its four lists, taken as given.
  ///
  /// - Parameters:
  ///   - inserts: positions in NEW of inserted records.
  ///   - deletes: positions in OLD of deleted records.
  ///   - updates: positions in OLD of updated records.
  ///   - moves: moved records, `from` in OLD and `to` in NEW.
  public init(
    inserts: [Index] = [], deletes: [Index] = [], updates: [Index] = [], moves: [Move] = []
  ) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
    self.moves = moves
  }

  /// Whether the diff records no change at all.
  public var isEmpty: Bool {
    inserts.isEmpty && deletes.isEmpty && updates.isEmpty && moves.isEmpty
  }

  /// The number of changes: inserts, deletes, updates and moves together.
  public var count: Int { inserts.count + deletes.count + updates.count + moves.count }
}

extension OrderedCollectionDiff: Sendable where Index: Sendable {}
extension OrderedCollectionDiff.Move: Sendable where Index: Sendable {}
