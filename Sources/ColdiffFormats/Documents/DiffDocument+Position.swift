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
    /// An index path in a tree of a JSON object map: the root's member
    /// name, then the indices below it, written
    /// `"index": ["electronics", 0, 2]` (the name with its original text).
    case namedPath(JSONString, [Int])
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

extension DiffDocument.Position {
  /// The position as a diff document writes its value, for messages and
  /// reports: `3`, `"alice"`, `[0, 2, 1]`, `["electronics", 0, 2]`.
  public var text: String {
    var out: [UInt8] = []
    switch self {
    case .index(let index): out += String(index).utf8
    case .name(let name): JSONWriter.write(name, to: &out)
    case .path(let path): out += "\(path)".utf8
    case .namedPath(let root, let path):
      out.append(UInt8(ascii: "["))
      JSONWriter.write(root, to: &out)
      for step in path { out += ", \(step)".utf8 }
      out.append(UInt8(ascii: "]"))
    }
    return String(decoding: out, as: UTF8.self)
  }
}
