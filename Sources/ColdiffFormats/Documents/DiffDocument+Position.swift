extension DiffDocument {
  /// Where a record is in OLD or NEW.
  public enum Position: Hashable, Sendable {
    /// An index in an ordered collection or an unordered array, written
    /// `"index": 3`.
    case index(Int)
    /// A member name in a JSON object map (unordered documents), written
    /// `"name": "alice"` with its original text.
    case name(JSONString)
    /// An index path in a tree, from the roots down, written
    /// `"index": [0, 2, 1]`.
    case path([Int])
  }

  /// The `after` or `parent` of an inserted or moved record: another
  /// record's key, or `null`.
  public enum Reference: Hashable, Sendable {
    /// `null`: first among its siblings (for `after`), a root record (for
    /// `parent`).
    case null
    /// The key of the record it follows (for `after`) or of its parent
    /// (for `parent`).
    case key(JSONValue)
  }
}
