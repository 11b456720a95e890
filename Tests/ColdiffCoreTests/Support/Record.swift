import ColdiffCore

/// A test record: `id` is its identity, `value` its content.
struct Record: CollectionIdentifiable, Hashable, CustomStringConvertible {
  var id: Int
  var value: Int

  var collectionId: Int { id }
  var description: String { "\(id):\(value)" }
}
