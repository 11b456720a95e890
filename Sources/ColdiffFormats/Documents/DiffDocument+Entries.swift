extension DiffDocument {
  /// A record whose identity is only in NEW.
  public struct Insert: Equatable, Sendable {
    /// Its position in NEW.
    public var position: Position
    /// Its key, `nil` under whole-value identity (and optional for object
    /// maps, where ``Position/name(_:)`` is the key).
    public var key: JSONValue?
    /// The key of the record before it in NEW (among its siblings, in a
    /// tree), `.null` when first; `nil` under whole-value identity and in
    /// unordered documents (SPEC §7.1).
    public var after: Reference?
    /// The key of its parent in NEW, `.null` for a root; tree documents
    /// only.
    public var parent: Reference?
    /// The record.
    public var value: DocumentValue

    /// Creates an insert.
    ///
    /// - Parameters:
    ///   - position: its position in NEW.
    ///   - key: its key, or `nil`.
    ///   - after: the record before it, or `nil`.
    ///   - parent: its parent (tree documents), or `nil`.
    ///   - value: the record.
    public init(
      position: Position, key: JSONValue? = nil, after: Reference? = nil,
      parent: Reference? = nil, value: DocumentValue
    ) {
      self.position = position
      self.key = key
      self.after = after
      self.parent = parent
      self.value = value
    }
  }

  /// A record whose identity is only in OLD.
  public struct Delete: Equatable, Sendable {
    /// Its position in OLD.
    public var position: Position
    /// Its key, `nil` under whole-value identity.
    public var key: JSONValue?
    /// The record as it was.
    public var value: DocumentValue

    /// Creates a delete.
    ///
    /// - Parameters:
    ///   - position: its position in OLD.
    ///   - key: its key, or `nil`.
    ///   - value: the record as it was.
    public init(position: Position, key: JSONValue? = nil, value: DocumentValue) {
      self.position = position
      self.key = key
      self.value = value
    }
  }

  /// A record in both snapshots whose content changed.
  public struct Update: Equatable, Sendable {
    /// Its position in OLD.
    public var position: Position
    /// Its key, `nil` when the position names it (object maps).
    public var key: JSONValue?
    /// The changed fields, down to the changed leaves (SPEC §7.4).
    public var changes: [Change]

    /// Creates an update.
    ///
    /// - Parameters:
    ///   - position: its position in OLD.
    ///   - key: its key, or `nil`.
    ///   - changes: the changed fields.
    public init(position: Position, key: JSONValue? = nil, changes: [Change]) {
      self.position = position
      self.key = key
      self.changes = changes
    }
  }

  /// One changed field of an updated record.
  public struct Change: Equatable, Sendable {
    /// Where the field is inside the record.
    public var path: JSONPointer
    /// Its value in OLD, `nil` for an added field.
    public var old: JSONValue?
    /// Its value in NEW, `nil` for a removed field.
    public var new: JSONValue?
    /// In a keyed array (`--array-key`), the key of the element the
    /// change is in or of; `nil` otherwise.
    public var key: JSONValue?
    /// For an element moved in a keyed array, its path in OLD (`path` is
    /// its path in NEW; neither `old` nor `new` is given).
    public var from: JSONPointer?
    /// For an added member, the member before it in NEW; for a removed
    /// one, the member before it in OLD (`.null` when first); `nil` when
    /// not given (SPEC §8.1.4). Apply and reverse put an added member
    /// right after it.
    public var after: Reference?

    /// Creates a change; at least one of `old`, `new` and `from` is given.
    ///
    /// - Parameters:
    ///   - path: where the field is inside the record.
    ///   - old: its value in OLD, or `nil` (added).
    ///   - new: its value in NEW, or `nil` (removed).
    ///   - key: the key of the keyed array element it is in or of.
    ///   - from: a moved element's path in OLD.
    ///   - after: the member before an added or removed one, or `nil`.
    public init(
      path: JSONPointer, old: JSONValue? = nil, new: JSONValue? = nil, key: JSONValue? = nil,
      from: JSONPointer? = nil, after: Reference? = nil
    ) {
      precondition(old != nil || new != nil || from != nil, "a change has an old or a new value")
      self.path = path
      self.old = old
      self.new = new
      self.key = key
      self.from = from
      self.after = after
    }
  }

  /// A record in both snapshots whose position relative to the other
  /// matched records changed (not in unordered documents).
  public struct Move: Equatable, Sendable {
    /// Its position in OLD.
    public var from: Position
    /// Its position in NEW.
    public var to: Position
    /// Its key, `nil` under whole-value identity.
    public var key: JSONValue?
    /// The key of the record before it in NEW (among its siblings, in a
    /// tree), `.null` when first; `nil` under whole-value identity.
    public var after: Reference?
    /// The key of its parent in NEW, `.null` for a root; tree documents
    /// only.
    public var parent: Reference?

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - from: its position in OLD.
    ///   - to: its position in NEW.
    ///   - key: its key, or `nil`.
    ///   - after: the record before it in NEW, or `nil`.
    ///   - parent: its parent in NEW (tree documents), or `nil`.
    public init(
      from: Position, to: Position, key: JSONValue? = nil, after: Reference? = nil,
      parent: Reference? = nil
    ) {
      self.from = from
      self.to = to
      self.key = key
      self.after = after
      self.parent = parent
    }
  }
}
