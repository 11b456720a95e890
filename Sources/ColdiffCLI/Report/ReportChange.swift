/// One change as the Markdown and HTML reports show it: its kind, the
/// record named by its key, where it is, and what changed, all already
/// spelled for people (values as one-line JSON text).
struct ReportChange {
  /// The kinds of change, in the order the reports group them.
  enum Kind: Int, CaseIterable {
    case delete, insert, update, move

    /// The group's title: `Deleted`, `Inserted`, `Updated`, `Moved`.
    var title: String {
      switch self {
      case .delete: "Deleted"
      case .insert: "Inserted"
      case .update: "Updated"
      case .move: "Moved"
      }
    }
  }

  /// What kind of change.
  let kind: Kind
  /// The record's name: its key (a tree node: the keys from its root).
  let name: String
  /// Where it is: an OLD position (delete, update), a NEW position
  /// (insert), `from → to` (move); a tree's index paths; empty for a
  /// JSON object's member, whose name is its place.
  let position: String
  /// An insert's or a delete's record, as one-line JSON; empty otherwise.
  var record: String = ""
  /// An update's changed fields, in the record's member order.
  var fields: [ReportField] = []
  /// A remark for people: a tree move's new parent, the records a
  /// deleted or inserted subtree takes along; empty when none.
  var note: String = ""
}

/// One changed field of an updated record.
struct ReportField {
  /// The field in `--ignore`'s FIELD syntax (`price`, `user.name`); empty
  /// when the record is not an object and changed whole.
  let field: String
  /// The old value as one-line JSON, `nil` for an added field.
  let old: String?
  /// The new value as one-line JSON, `nil` for a removed field.
  let new: String?
}
