/// The version of coldiff and colpatch, printed by `--version` and written
/// into the man pages.
public enum ToolVersion {
  /// The version number (semantic versioning).
  public static let current = "0.1.0"
}
