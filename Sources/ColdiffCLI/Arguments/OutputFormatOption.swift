/// The output format named by `coldiff --format`.
public enum OutputFormatOption: String, Sendable, Equatable, CaseIterable {
  /// One line per change, for people (the default).
  case text
  /// The diff document.
  case json
  /// An RFC 6902 JSON Patch.
  case patch
  /// One line of counts.
  case stat
  /// A GitHub-flavoured Markdown summary, for CI and review comments.
  case markdown
  /// One self-contained HTML page, for a browser.
  case html
}
