/// A change of a collection seen two ways, as in Bond 7: the `diff` (what
/// changed, no order of operations, positions in OLD or NEW) and the
/// `patch` (operations that run one after another), together with the
/// `collection` as it is after the change.
public protocol ChangesetProtocol {
  /// The changed collection's type.
  associatedtype Collection
  /// The diff's type.
  associatedtype Diff
  /// The type of one patch operation.
  associatedtype Operation

  /// The collection after the change (NEW).
  var collection: Collection { get }
  /// What changed, each change in its index space.
  var diff: Diff { get }
  /// The operations that turn the collection before the change into
  /// `collection`, in order.
  var patch: [Operation] { get }
}
