/// The exit statuses of both tools, with `diff(1)`'s meaning.
public enum ExitStatus: Int32, Sendable {
  /// coldiff: no differences; colpatch: applied (or applies) cleanly.
  case success = 0
  /// coldiff: differences found; colpatch: the patch does not apply.
  case differences = 1
  /// Trouble: bad usage, unreadable or malformed input, key errors.
  case trouble = 2
}
