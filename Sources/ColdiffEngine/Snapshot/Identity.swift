import ColdiffFormats

/// What makes two records the same record (the licence plate, SPEC §3),
/// as opposed to equality (the paint colour).
package enum Identity: Equatable {
  /// The values at these fields, compared field by field.
  case fields([JSONPointer])
  /// The member name of a JSON object map.
  case memberName
  /// The whole value: a changed record is a delete plus an insert, and
  /// equal records are matched occurrence by occurrence.
  case wholeValue

  /// The member name whose value a scan notes on the way, so that the
  /// likely identity costs no second pass: the one `--key` field when it
  /// is a plain member name, `id` when no key is given, else none.
  package static func likelyKeyName(keys: [JSONPointer]) -> [UInt8]? {
    guard !keys.isEmpty else { return Array("id".utf8) }
    return keys.count == 1 && keys[0].tokens.count == 1 ? keys[0].tokens[0] : nil
  }

  /// The identity for two snapshots (SPEC §3): member names for JSON
  /// object maps, the `--key` fields when given, else `id` when every
  /// record of both has it, else the whole value.
  ///
  /// - Throws: `InputError` when `--key` is given for object maps, or
  ///   when an object map is compared with a collection of unnamed
  ///   records, even an empty one.
  package static func resolve(keys: [JSONPointer], old: Snapshot, new: Snapshot) throws -> Identity
  {
    if old.isObjectMap || new.isObjectMap {
      // Not even an empty array: no patch of named records turns `[]` into
      // an object or an object into `[]` (git's /dev/null takes the form of
      // the other side, so it is an object map here).
      guard old.isObjectMap && new.isObjectMap else {
        let map = old.isObjectMap ? old : new
        throw InputError(
          "a JSON object (records named by their member names) cannot be compared with "
            + "a collection of unnamed records",
          file: map.name)
      }
      guard keys.isEmpty else {
        throw InputError(
          "--key does not apply to a JSON object: its member names are the records' identity",
          file: old.isObjectMap ? old.name : new.name)
      }
      return .memberName
    }
    if !keys.isEmpty { return .fields(keys) }
    let id = JSONPointer(["id"])
    if old.allRecordsHave(id) && new.allRecordsHave(id) { return .fields([id]) }
    return .wholeValue
  }

  /// The `key` member of a diff document: the identity fields, or `nil`
  /// for member names and whole values (SPEC §7.2).
  package var documentKey: [JSONPointer]? {
    if case .fields(let pointers) = self { return pointers }
    return nil
  }
}
