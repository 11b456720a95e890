/// One operation of an RFC 6902 JSON Patch.
///
/// Paths are positional: array indices are the positions at the moment the
/// operation runs, after every operation before it.
public enum JSONPatchOperation: Hashable, Sendable {
  /// Adds `value` at `path`: inserts into an array (`-` appends), adds or
  /// replaces an object member, or replaces the whole document at `""`.
  case add(path: JSONPointer, value: JSONValue)
  /// Removes the value at `path`, which must exist.
  case remove(path: JSONPointer)
  /// Replaces the value at `path`, which must exist, with `value`.
  case replace(path: JSONPointer, value: JSONValue)
  /// Removes the value at `from` and adds it at `path`; `from` must not
  /// be a proper prefix of `path`.
  case move(from: JSONPointer, path: JSONPointer)
  /// Adds a copy of the value at `from` at `path`.
  case copy(from: JSONPointer, path: JSONPointer)
  /// Succeeds when the value at `path` equals `value` (JSON equality).
  case test(path: JSONPointer, value: JSONValue)

  /// The operation's name as written in the `op` member (`"add"`…).
  public var name: String {
    switch self {
    case .add: "add"
    case .remove: "remove"
    case .replace: "replace"
    case .move: "move"
    case .copy: "copy"
    case .test: "test"
    }
  }

  /// The `path` member: where the operation acts.
  public var path: JSONPointer {
    switch self {
    case .add(let path, _), .remove(let path), .replace(let path, _), .test(let path, _):
      path
    case .move(_, let path), .copy(_, let path):
      path
    }
  }

  /// The `from` member of `move` and `copy`, `nil` for the others.
  public var from: JSONPointer? {
    switch self {
    case .move(let from, _), .copy(let from, _): from
    default: nil
    }
  }

  /// The `value` member of `add`, `replace` and `test`, `nil` for the
  /// others.
  public var value: JSONValue? {
    switch self {
    case .add(_, let value), .replace(_, let value), .test(_, let value): value
    default: nil
    }
  }
}
