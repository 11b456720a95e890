/// An RFC 6902 patch whose values stay bytes of its text until an
/// operation needs them (DESIGN §2.2): a `test` of a record that compares
/// byte for byte, a `move` or a `remove`, never builds a value.
///
/// Read one with ``init(bytes:)``; it reads only the common, plain form of
/// a patch (every operation an object with its members written once,
/// `op`, `path` and `from` strings without escapes). For any other text it
/// gives `nil`, and ``JSONPatch/init(bytes:)`` reads the patch or reports
/// what is wrong with it.
public struct RawJSONPatch: Sendable {
  /// The patch's text; operations' values are slices of it.
  public let bytes: [UInt8]
  /// The operations, in the order they run, each value held as its bytes
  /// (``DocumentValue/raw(_:)``, a slice of ``bytes``).
  public internal(set) var operations: [JSONPatchOperation]

  /// The range of ``bytes`` that holds the value of `operation`.
  ///
  /// - Parameter operation: an operation of this patch with a value.
  /// - Returns: the value's range (valid JSON, no whitespace around it).
  public func valueRange(of operation: JSONPatchOperation) -> Range<Int> {
    guard case .raw(let slice)? = operation.heldValue else {
      preconditionFailure("an operation of this patch with a value")
    }
    return slice.startIndex..<slice.endIndex
  }
}
