/// When `coldiff --color` colors the text format.
public enum ColorOption: String, Sendable, Equatable, CaseIterable {
  /// On a terminal when `NO_COLOR` is unset or empty (the default).
  case auto
  /// Always.
  case always
  /// Never.
  case never
}
