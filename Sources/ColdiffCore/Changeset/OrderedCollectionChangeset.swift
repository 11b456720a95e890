/// A change of an ordered collection: the NEW collection with its diff and
/// its patch (see `OrderedCollectionDiff` for the index spaces and
/// `OrderedCollectionDiff.patchSteps(oldCount:newCount:)` for the order of
/// the patch). Positions are offsets from `startIndex`.
public struct OrderedCollectionChangeset<Collection: Swift.Collection>: ChangesetProtocol {
  /// The collection after the change (NEW).
  public var collection: Collection
  /// What changed: deletes, updates and move sources in OLD, inserts and
  /// move targets in NEW.
  public var diff: OrderedCollectionDiff<Int>
  /// The operations that turn OLD into `collection`, in order.
  public var patch: [OrderedCollectionOperation<Collection.Element>]

  /// Creates the changeset from OLD to NEW for a diff already known.
  ///
  /// - Parameters:
  ///   - old: the collection before.
  ///   - new: the collection after.
  ///   - diff: the diff between them.
  /// - Complexity: O((n + d) log n) to make the patch.
  public init(from old: Collection, to new: Collection, diff: OrderedCollectionDiff<Int>) {
    self.collection = new
    self.diff = diff
    self.patch = diff.patch(from: old, to: new)
  }

  /// Creates the changeset from OLD to NEW, matching records by an
  /// identity closure and comparing them with an equality closure.
  ///
  /// - Parameters:
  ///   - old: the collection before.
  ///   - new: the collection after.
  ///   - identity: a record's identity; called once per record.
  ///   - isEqual: whether two matched records are equal; called once per
  ///     matched pair.
  /// - Throws: what `identity` or `isEqual` throws.
  /// - Complexity: O((n + d) log n) for n records and d changes.
  public init<Id: Hashable>(
    from old: Collection, to new: Collection,
    identifiedBy identity: (Collection.Element) throws -> Id,
    isEqual: (Collection.Element, Collection.Element) throws -> Bool
  ) rethrows {
    let diff = try OrderedCollectionDiff(
      from: old, to: new, identifiedBy: identity, isEqual: isEqual)
    self.init(from: old, to: new, diff: diff)
  }

  /// Creates the changeset made by applying `patch`, whose result is
  /// `collection`; the diff is the patch folded (see
  /// `OrderedCollectionDiff.init(oldCount:patch:)`).
  ///
  /// - Parameters:
  ///   - collection: the collection after the patch.
  ///   - patch: the operations that made it.
  /// - Precondition: the patch fits the collection.
  /// - Complexity: O((n + d) log n) expected.
  public init(collection: Collection, patch: [OrderedCollectionOperation<Collection.Element>]) {
    var oldCount = collection.count
    for operation in patch {
      if case .insert = operation { oldCount -= 1 }
      if case .delete = operation { oldCount += 1 }
    }
    self.collection = collection
    self.patch = patch
    self.diff = OrderedCollectionDiff(oldCount: oldCount, patch: patch)
  }
}

extension OrderedCollectionChangeset where Collection.Element: CollectionIdentifiable & Equatable {
  /// Creates the changeset from OLD to NEW for identifiable records:
  /// identity is `collectionId`, equality `==`.
  ///
  /// - Parameters:
  ///   - old: the collection before.
  ///   - new: the collection after.
  /// - Complexity: O((n + d) log n) for n records and d changes.
  public init(from old: Collection, to new: Collection) {
    self.init(from: old, to: new, identifiedBy: { $0.collectionId }, isEqual: { $0 == $1 })
  }
}

extension OrderedCollectionChangeset: Sendable
where Collection: Sendable, Collection.Element: Sendable {}
