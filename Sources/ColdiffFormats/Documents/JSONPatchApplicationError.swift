/// A well-formed JSON Patch operation that does not fit its target: a
/// failed `test`, a path that does not exist, an index out of bounds.
///
/// The command exits 1 for it (a patch that is not well formed is an
/// `InputError` instead, exit 2). Its description is the message SPEC §5
/// shows: `op 17 (test /3/id): expected 42, found 41`.
public struct JSONPatchApplicationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The operation's 0-based index in the patch.
  public var operationIndex: Int
  /// The operation's name (`"test"`).
  public var operationName: String
  /// The operation's `path`.
  public var path: JSONPointer
  /// Why it does not apply, in words (`expected 42, found 41`).
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - operationIndex: the operation's 0-based index in the patch.
  ///   - operationName: the operation's name.
  ///   - path: the operation's `path`.
  ///   - reason: why it does not apply.
  public init(operationIndex: Int, operationName: String, path: JSONPointer, reason: String) {
    self.operationIndex = operationIndex
    self.operationName = operationName
    self.path = path
    self.reason = reason
  }

  /// `op INDEX (NAME PATH): REASON`; the root path shows as `""`.
  public var description: String {
    let shownPath = path.isRoot ? "\"\"" : path.description
    return "op \(operationIndex) (\(operationName) \(shownPath)): \(reason)"
  }
}
