/// The coldiff diff document (`coldiff --format json`, SPEC §4.2): the
/// records inserted, deleted, updated and moved between OLD and NEW, with
/// their keys and values, so that a diff can be reviewed, applied by key
/// and reversed without the snapshots.
///
/// Index spaces are Bond's: ``Delete/position``, ``Update/position`` and
/// ``Move/from`` are positions in OLD; ``Insert/position`` and
/// ``Move/to`` are positions in NEW. A diff implies no order of
/// operations. Each list is sorted by its index (`moves` by `from`); the
/// producer sorts them, the model keeps the order it is given.
///
/// Read one with ``init(from:)``, write it with ``bytes``.
public struct DiffDocument: Equatable, Sendable {
  /// The kind of collection the document describes.
  public enum Kind: String, Hashable, Sendable {
    /// An ordered collection (JSON array, JSON Lines, CSV): positions are
    /// indices, inserts and moves carry `after`.
    case ordered
    /// An unordered collection: no moves, no `after`; positions are member
    /// names for a JSON object, indices otherwise.
    case unordered
    /// A tree of records nested in the member ``DiffDocument/tree``:
    /// positions are index paths (starting with the root's member name in
    /// a JSON object map), inserts and moves carry `parent`.
    case tree
  }

  /// The kind of collection.
  public var kind: Kind
  /// The identity fields as JSON Pointers (`["/id"]`); `nil` for a JSON
  /// object map (the member name is the identity) and for whole-value
  /// identity (SPEC §7.2). In the tree of a JSON object map, the nested
  /// records' key fields (the roots are named by their member names).
  public var key: [JSONPointer]?
  /// The member that holds a record's children (`/children`), for
  /// ``Kind/tree`` documents only.
  public var tree: JSONPointer?
  /// The comparison rules that made the diff (SPEC §8.2), an object as
  /// coldiff writes it (`ignore`, `compare`, `arrayKeys`, `root`); `nil`
  /// when the diff was made by plain JSON equality. The engine reads it.
  public var rules: JSONValue?
  /// The two tables' headers when they differ (SPEC §8.1.3), else `nil`.
  public var columns: Columns?
  /// The inserted records, sorted by their position in NEW.
  public var inserts: [Insert]
  /// The deleted records, sorted by their position in OLD.
  public var deletes: [Delete]
  /// The updated records, sorted by their position in OLD.
  public var updates: [Update]
  /// The moved records (minimal moves), sorted by their position in OLD.
  public var moves: [Move]

  /// Creates a document.
  ///
  /// - Parameters:
  ///   - kind: the kind of collection.
  ///   - key: the identity fields, or `nil` (object map, whole value).
  ///   - tree: the children member, for tree documents only.
  ///   - columns: the tables' headers when they differ.
  ///   - inserts: the inserted records, sorted by position in NEW.
  ///   - deletes: the deleted records, sorted by position in OLD.
  ///   - updates: the updated records, sorted by position in OLD.
  ///   - moves: the moved records, sorted by position in OLD.
  public init(
    kind: Kind, key: [JSONPointer]? = nil, tree: JSONPointer? = nil, columns: Columns? = nil,
    inserts: [Insert] = [],
    deletes: [Delete] = [], updates: [Update] = [], moves: [Move] = []
  ) {
    self.kind = kind
    self.key = key
    self.tree = tree
    self.columns = columns
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
    self.moves = moves
  }
}
