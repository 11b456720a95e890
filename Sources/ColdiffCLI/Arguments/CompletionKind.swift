/// What a shell should offer when completing a flag's value.
public enum CompletionKind: Sendable, Equatable {
  /// The flag takes no value.
  case none
  /// A file name.
  case file
  /// One of the flag's `choices`.
  case choice
  /// A record field name; shells offer nothing but a hint.
  case field
  /// Other text (a delimiter character, a number of changes, a shard
  /// `I/N`); shells offer nothing but a hint.
  case text
}
