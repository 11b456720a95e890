import ColdiffCore
import ColdiffFormats

/// The keys of a target's records for some key fields, made while the
/// patch is still being read (on the other core), so that applying a diff
/// document by key does not wait for them.
package struct IndexedKeys {
  /// The key fields.
  package let fields: [JSONPointer]
  /// Each record's canonical key, in record order.
  package let arena: KeyArena
  /// Finds a record by key without a table of `arena`: given a probe
  /// arena and the index of a key in it, the position of the record with
  /// that key, or -1. A merge finds OURS's records through BASE's table
  /// and the matching of the two, so OURS's million keys are not hashed
  /// into a table of their own. The records' keys must be unique (they
  /// are not checked); `nil` to build a table of `arena`.
  package var find: ((_ probe: KeyArena, _ index: Int) -> Int32)?

  /// Keys made beforehand.
  ///
  /// - Parameters:
  ///   - fields: the key fields.
  ///   - arena: each record's canonical key, in record order.
  ///   - find: finds a record by key in place of a table (see ``find``).
  package init(
    fields: [JSONPointer], arena: KeyArena,
    find: ((_ probe: KeyArena, _ index: Int) -> Int32)? = nil
  ) {
    self.fields = fields
    self.arena = arena
    self.find = find
  }

  /// The key fields of a diff document made by coldiff without `--key`.
  package static let defaultFields = [JSONPointer(tokens: [Array("id".utf8)])]

  /// Indexes `snapshot` by `defaultFields`, when it is a list of records
  /// that all have one.
  ///
  /// - Returns: `nil` for an object map, or when a record has no `id`
  ///   (applying the document then finds out what is wrong).
  /// - Complexity: O(n) in the target's size.
  package static func byDefaultKey(of snapshot: Snapshot) -> IndexedKeys? {
    guard !snapshot.isObjectMap,
      let arena = try? snapshot.keyArena(for: .fields(defaultFields))
    else { return nil }
    return IndexedKeys(fields: defaultFields, arena: arena)
  }
}
