/// Writes a JSON Patch operation by operation, in the layout of
/// ``JSONPatch/bytes`` (one operation per line), for producers that
/// stream a long patch or copy record values straight from their input.
///
/// ```swift
/// var writer = JSONPatchWriter()
/// writer.append(.test, path: JSONPointer(["3", "id"]), value: .value(.number(JSONNumber(42))))
/// writer.append(.remove(path: JSONPointer(["3"])))
/// writer.append(.add, path: JSONPointer(["-"]), value: .raw(recordBytes))
/// let text = writer.finish()
/// ```
public struct JSONPatchWriter: Sendable {
  private var pending: [UInt8] = []
  private var count = 0
  private var finished = false

  /// Creates a writer for an empty patch.
  public init() {}

  /// Appends an operation.
  ///
  /// - Parameter operation: the operation, written with its values'
  ///   original text.
  public mutating func append(_ operation: JSONPatchOperation) {
    startOperation()
    operation.write(to: &pending)
  }

  /// Appends an `add`, `replace` or `test` whose value may be given as raw
  /// bytes (copied unchanged).
  ///
  /// - Parameters:
  ///   - kind: which operation: `add`, `replace` or `test`.
  ///   - path: its `path`.
  ///   - value: its `value`.
  public mutating func append(
    _ kind: JSONPatchOperation.Kind, path: JSONPointer, value: DocumentValue
  ) {
    append(JSONPatchOperation(kind: kind, path: path, value: value))
  }

  /// The text written since the last call, which the caller passes on to
  /// its output (so that a long patch need not be held whole).
  ///
  /// - Returns: the bytes not yet taken.
  public mutating func takeBytes() -> [UInt8] {
    defer { pending.removeAll(keepingCapacity: true) }
    return pending
  }

  /// Closes the patch and returns the text not yet taken.
  ///
  /// An empty patch is `[]`; the text ends with a newline. Nothing may be
  /// appended afterwards.
  ///
  /// - Returns: the bytes not yet taken, the closing bracket included.
  public mutating func finish() -> [UInt8] {
    precondition(!finished, "the patch is already finished")
    finished = true
    pending += (count == 0 ? "[]\n" : "\n]\n").utf8
    return takeBytes()
  }

  /// Writes what comes before an operation: the opening bracket or the
  /// comma ending the previous line, and the indentation.
  private mutating func startOperation() {
    precondition(!finished, "nothing can be appended to a finished patch")
    pending += (count == 0 ? "[\n  " : ",\n  ").utf8
    count += 1
  }
}
