import ColdiffEngine
import ColdiffFormats

/// How every report names a record: by its key, as people read it.
enum RecordNames {
  /// A flat record named by its key (an array-valued key field stays an
  /// array; only a composite key is parenthesised), its member name in a
  /// JSON object, or `#position` under whole-value identity.
  static func name(of record: Int, in snapshot: Snapshot, identity: Identity) -> String {
    switch identity {
    case .wholeValue: "#\(record)"
    case .memberName: ReportText.key(.string(snapshot.memberName(of: record)))
    case .fields: ReportText.key(parts: snapshot.keyFields(of: record, identity: identity))
    }
  }

  /// A tree node named by the keys from its root down to it, joined by
  /// ` › ` (a root of an object map by its member name).
  static func name(of node: Int, in tree: TreeSnapshot, keys: [JSONPointer]) -> String {
    var names: [String] = []
    var next = node
    while next >= 0 {
      names.append(ReportText.key(parts: tree.keyFields(of: next, pointers: keys)))
      next = Int(tree.parents[next])
    }
    return names.reversed().joined(separator: " › ")
  }
}
