/// One operation of an RFC 6902 JSON Patch: the one model of an operation,
/// whether it was read whole (`JSONPatch`), read in its plain form with
/// its value left as bytes (`RawJSONPatch`), made by coldiff or written
/// (`JSONPatchWriter`).
///
/// Paths are positional: array indices are the positions at the moment the
/// operation runs, after every operation before it. The value of `add`,
/// `replace` and `test` is held lazily, as a diff document holds its
/// records: as a value tree or as the bytes of one JSON value, built only
/// when an operation needs it.
public struct JSONPatchOperation: Hashable, Sendable {
  /// What an operation does: its `op` member.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Adds the value at `path`: inserts into an array (`-` appends), adds
    /// or replaces an object member, or replaces the whole document at
    /// `""`.
    case add
    /// Removes the value at `path`, which must exist.
    case remove
    /// Replaces the value at `path`, which must exist.
    case replace
    /// Removes the value at `from` and adds it at `path`; `from` must not
    /// be a proper prefix of `path`.
    case move
    /// Adds a copy of the value at `from` at `path`.
    case copy
    /// Succeeds when the value at `path` equals the value (JSON equality).
    case test

    /// The operation's name as written in the `op` member (`"add"`…).
    public var name: String { rawValue }

    /// Whether the operation has a `value` member.
    public var hasValue: Bool { self == .add || self == .replace || self == .test }

    /// Whether the operation has a `from` member.
    public var hasFrom: Bool { self == .move || self == .copy }
  }

  /// What the operation does.
  public var kind: Kind
  /// The `path` member: where the operation acts.
  public var path: JSONPointer
  /// The `from` member of `move` and `copy`, `nil` for the others.
  public var from: JSONPointer?
  /// The `value` member of `add`, `replace` and `test`, as a value or as
  /// its bytes; `nil` for the others.
  public var heldValue: DocumentValue?

  /// Creates an operation.
  ///
  /// - Precondition: `from` is given exactly for `move` and `copy`, the
  ///   value exactly for `add`, `replace` and `test`.
  public init(kind: Kind, path: JSONPointer, from: JSONPointer? = nil, value: DocumentValue? = nil)
  {
    precondition((from != nil) == kind.hasFrom, "\(kind.name) takes \"from\" or not")
    precondition((value != nil) == kind.hasValue, "\(kind.name) takes a value or not")
    self.kind = kind
    self.path = path
    self.from = from
    heldValue = value
  }

  /// The operation's name as written in the `op` member (`"add"`…).
  public var name: String { kind.name }

  /// The `value` member of `add`, `replace` and `test`, built from its
  /// bytes when it is held as bytes; `nil` for the others.
  ///
  /// - Complexity: O(n) in the size of a value held as bytes.
  public var value: JSONValue? { heldValue?.built() }

  /// The same operation with its value held as a value tree.
  ///
  /// - Complexity: O(n) in the size of a value held as bytes.
  public func built() -> JSONPatchOperation {
    var operation = self
    operation.heldValue = heldValue.map { .value($0.built()) }
    return operation
  }

  /// `add` of `value` at `path`.
  public static func add(path: JSONPointer, value: JSONValue) -> JSONPatchOperation {
    JSONPatchOperation(kind: .add, path: path, value: .value(value))
  }

  /// `remove` of the value at `path`.
  public static func remove(path: JSONPointer) -> JSONPatchOperation {
    JSONPatchOperation(kind: .remove, path: path)
  }

  /// `replace` of the value at `path` with `value`.
  public static func replace(path: JSONPointer, value: JSONValue) -> JSONPatchOperation {
    JSONPatchOperation(kind: .replace, path: path, value: .value(value))
  }

  /// `move` of the value at `from` to `path`.
  public static func move(from: JSONPointer, path: JSONPointer) -> JSONPatchOperation {
    JSONPatchOperation(kind: .move, path: path, from: from)
  }

  /// `copy` of the value at `from` to `path`.
  public static func copy(from: JSONPointer, path: JSONPointer) -> JSONPatchOperation {
    JSONPatchOperation(kind: .copy, path: path, from: from)
  }

  /// `test` that the value at `path` equals `value`.
  public static func test(path: JSONPointer, value: JSONValue) -> JSONPatchOperation {
    JSONPatchOperation(kind: .test, path: path, value: .value(value))
  }
}
