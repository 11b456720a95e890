/// An RFC 6902 JSON Patch document: operations applied one after another.
///
/// Read one with ``init(from:)``, write it with ``bytes``, and apply it to
/// a document with ``apply(to:)``. A patch that is not well formed is an
/// `InputError` when read (the command exits 2); a well-formed patch that
/// does not fit its target is a ``JSONPatchApplicationError`` when applied
/// (the command exits 1).
public struct JSONPatch: Hashable, Sendable {
  /// The operations, in the order they run.
  public var operations: [JSONPatchOperation]

  /// Creates a patch.
  ///
  /// - Parameter operations: the operations, in the order they run.
  public init(operations: [JSONPatchOperation] = []) {
    self.operations = operations
  }
}
