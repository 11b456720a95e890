/// A JSON Pointer (RFC 6901): the path from a document's root to one value,
/// as a list of reference tokens.
///
/// The empty pointer `""` designates the whole document; `/a~1b/~0c` has
/// the tokens `a/b` and `~c`. Tokens are decoded UTF-8 (the escapes `~0`
/// and `~1` resolved), so they compare directly with
/// ``JSONString/value``.
///
/// ```swift
/// let pointer = try JSONPointer(parsing: Array("/users/0/name".utf8))
/// pointer.tokens  // ["users", "0", "name"] as UTF-8
/// ```
public struct JSONPointer: Hashable, Sendable {
  /// The reference tokens from the root down, decoded (no `~0`/`~1`).
  public var tokens: [[UInt8]]

  /// Creates a pointer from decoded reference tokens.
  ///
  /// - Parameter tokens: the tokens from the root down; `[]` is the root.
  public init(tokens: [[UInt8]] = []) {
    self.tokens = tokens
  }

  /// Creates a pointer from Swift strings, one per reference token.
  ///
  /// - Parameter tokens: the decoded tokens from the root down.
  public init(_ tokens: [String]) {
    self.tokens = tokens.map { Array($0.utf8) }
  }

  /// The pointer to the whole document (`""`).
  public static let root = JSONPointer()

  /// Whether this is the pointer to the whole document.
  public var isRoot: Bool { tokens.isEmpty }

  /// The pointer to the value that holds this one, or `nil` for the root.
  public var parent: JSONPointer? {
    isRoot ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
  }

  /// The pointer one level further down, through `token`.
  ///
  /// - Parameter token: a decoded reference token (member name or index).
  /// - Returns: this pointer with `token` appended.
  public func appending(_ token: [UInt8]) -> JSONPointer {
    JSONPointer(tokens: tokens + [token])
  }

  /// The pointer one level further down, through the array index `index`.
  ///
  /// - Parameter index: a non-negative array index.
  /// - Returns: this pointer with the index's decimal token appended.
  public func appending(index: Int) -> JSONPointer {
    precondition(index >= 0, "an array index is never negative")
    return appending(Array(String(index).utf8))
  }

  /// Whether `self` designates `other` or a value inside it (every token of
  /// `self` starts `other`'s tokens).
  ///
  /// - Parameter other: the pointer that may lie below this one.
  /// - Returns: `true` when `other` is `self` or below it.
  public func isPrefix(of other: JSONPointer) -> Bool {
    tokens.count <= other.tokens.count && other.tokens.starts(with: tokens)
  }
}
