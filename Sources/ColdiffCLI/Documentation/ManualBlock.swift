/// One block of man page prose.
///
/// Text in backquotes (`` `--format patch` ``) is literal: the man page
/// sets it in bold and keeps its hyphens as ASCII minus signs.
public enum ManualBlock: Sendable, Equatable {
  /// A paragraph of running text.
  case paragraph(String)
  /// Lines shown as typed (commands, file contents), indented.
  case example([String])
  /// Terms, each with an indented description.
  case definitions([ManualDefinition])
}
