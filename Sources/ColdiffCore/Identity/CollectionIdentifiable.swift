/// An element whose identity is separate from its equality.
///
/// Identity is the licence plate, equality the paint colour: two elements
/// with the same `collectionId` are the same record (a change between them
/// is an update, or a move when its position changed), while elements with
/// different identities are an insert and a delete however alike they look.
///
/// ```swift
/// struct Car: CollectionIdentifiable, Equatable {
///   var plate: String
///   var colour: String
///   var collectionId: String { plate }
/// }
/// ```
///
/// Types that do not conform can still be diffed: every diff entry point
/// also accepts an identity closure and an equality closure.
public protocol CollectionIdentifiable {
  /// The type of the identity.
  associatedtype CollectionId: Hashable

  /// The element's identity: equal identities mean the same record.
  var collectionId: CollectionId { get }
}
