/// An RFC 6902 patch whose values stay byte ranges of its text until an
/// operation needs them (DESIGN §2.2): a `test` of a record that compares
/// byte for byte, a `move` or a `remove`, never builds a value.
///
/// Read one with ``init(bytes:)``; it reads only the common, plain form of
/// a patch (every operation an object with its members written once,
/// `op`, `path` and `from` strings without escapes). For any other text it
/// gives `nil`, and ``JSONPatch/init(bytes:)`` reads the patch or reports
/// what is wrong with it.
public struct RawJSONPatch: Sendable {
  /// The patch's text; operations' values are ranges of it.
  public let bytes: [UInt8]
  /// The operations, in the order they run.
  public let operations: [Operation]

  /// The name of an operation (its `op` member).
  public enum Kind: String, Sendable, Equatable {
    case add, remove, replace, move, copy, test

    /// The operation's name as written in the `op` member (`"add"`…).
    public var name: String { rawValue }
  }

  /// One operation, with its value as a byte range of the patch.
  public struct Operation: Sendable {
    /// What the operation does.
    public let kind: Kind
    /// The `path` member.
    public let path: JSONPointer
    /// The `from` member of `move` and `copy`, `nil` for the others.
    public let from: JSONPointer?
    /// The bytes of the `value` member of `add`, `replace` and `test`
    /// (valid JSON, no whitespace around it); empty for the others.
    public let value: Range<Int>
  }

  /// The value of `operation`, built from its bytes.
  ///
  /// - Parameter operation: an operation of this patch with a value.
  /// - Returns: the value.
  /// - Complexity: O(n) in the length of the value's text.
  public func value(of operation: Operation) -> JSONValue {
    precondition(!operation.value.isEmpty, "the operation has a value")
    return bytes.withUnsafeBufferPointer { buffer in
      do {
        return try JSONReader.parseValue(in: buffer, range: operation.value)
      } catch {
        preconditionFailure("the value was validated when the patch was read")
      }
    }
  }

  /// The operation as a `JSONPatchOperation`, its value built.
  ///
  /// - Parameter operation: an operation of this patch.
  /// - Returns: the same operation with its value as a `JSONValue`.
  /// - Complexity: O(n) in the length of the value's text.
  public func built(_ operation: Operation) -> JSONPatchOperation {
    switch operation.kind {
    case .add: .add(path: operation.path, value: value(of: operation))
    case .remove: .remove(path: operation.path)
    case .replace: .replace(path: operation.path, value: value(of: operation))
    case .move: .move(from: operation.from!, path: operation.path)
    case .copy: .copy(from: operation.from!, path: operation.path)
    case .test: .test(path: operation.path, value: value(of: operation))
    }
  }
}
