/// A value carried by a document (a record in a diff document): either a
/// ``JSONValue`` or the bytes of one JSON value, copied as they are.
///
/// The raw form lets a writer copy thousands of inserted records straight
/// from the input without building their value trees, and a reader keep
/// them as they are: ``DiffDocument/init(bytes:)`` holds `.value`s,
/// ``DiffDocument/init(keepingRecordBytes:)`` (list and object-map
/// documents only) holds its inserted and deleted records as `.raw`.
public enum DocumentValue: Sendable {
  /// A value tree, written with its original number and string text.
  case value(JSONValue)
  /// The bytes of exactly one valid JSON value (no surrounding space),
  /// written unchanged. They are not checked: the caller guarantees them.
  case raw(ArraySlice<UInt8>)

  /// Appends the value on one line (`.raw` as its bytes, unchanged).
  ///
  /// - Parameter out: the buffer to append to.
  func writeInline(to out: inout [UInt8]) {
    switch self {
    case .value(let value): value.writeInline(to: &out)
    case .raw(let bytes): out += bytes
    }
  }

  /// The value as a tree, built from its bytes when it is `.raw`.
  ///
  /// - Returns: the value.
  /// - Complexity: O(n) in the size of the value.
  public func built() -> JSONValue {
    switch self {
    case .value(let value): return value
    case .raw(let bytes):
      return bytes.withUnsafeBufferPointer { buffer in
        do {
          return try JSONReader.parseValue(in: buffer, range: 0..<buffer.count)
        } catch {
          preconditionFailure("raw document values are valid JSON")
        }
      }
    }
  }
}

extension DocumentValue: Hashable {
  /// Hashes the value tree, or the bytes, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .value(let value): hasher.combine(value)
    case .raw(let bytes): hasher.combine(bytes)
    }
  }

  /// Two `.value`s are equal as JSON values, two `.raw`s when their bytes
  /// are; a `.value` never equals a `.raw` (comparing them would need a
  /// parse).
  public static func == (lhs: DocumentValue, rhs: DocumentValue) -> Bool {
    switch (lhs, rhs) {
    case (.value(let a), .value(let b)): return a == b
    case (.raw(let a), .raw(let b)): return a.elementsEqual(b)
    default: return false
    }
  }
}
