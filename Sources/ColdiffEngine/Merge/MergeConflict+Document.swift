import ColdiffFormats

extension MergeConflict {
  /// The conflicts document of `colpatch merge --conflicts FILE`:
  /// `{"coldiff": 1, "conflicts": [...]}`, one object per conflict with
  /// `kind` (`field`, `delete`, `insert`), the record's `key` (or `name`
  /// in a JSON object map), the field's `path` (field conflicts only; in
  /// OURS's record), the key of the keyed array `element` it is in or of
  /// (`--array-key`), and
  /// `base`, `ours` and `theirs`, each absent when the field or record is
  /// absent on that side. Written with two-space indentation.
  ///
  /// - Parameter conflicts: the conflicts, in the order reported.
  /// - Returns: the document's bytes, ending with a newline.
  package static func document(_ conflicts: [MergeConflict]) -> [UInt8] {
    func member(_ name: String, _ value: JSONValue) -> JSONObject.Member {
      JSONObject.Member(name: JSONString(name), value: value)
    }
    let entries = conflicts.map { conflict -> JSONValue in
      var members = [member("kind", .string(JSONString(conflict.kind.rawValue)))]
      switch conflict.record {
      case .key(let key): members.append(member("key", key))
      case .member(let name): members.append(member("name", .string(name)))
      }
      if let path = conflict.path {
        members.append(member("path", .string(JSONString(path.description))))
      }
      if let element = conflict.element { members.append(member("element", element.key)) }
      for (name, value) in [
        ("base", conflict.base), ("ours", conflict.ours), ("theirs", conflict.theirs),
      ] {
        if let value { members.append(member(name, value)) }
      }
      return .object(JSONObject(members: members))
    }
    let document = JSONValue.object(
      JSONObject(members: [
        member("coldiff", .number(JSONNumber(1))), member("conflicts", .array(entries)),
      ]))
    return JSONWriter.document(document, style: .jq)
  }
}
