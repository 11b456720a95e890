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
