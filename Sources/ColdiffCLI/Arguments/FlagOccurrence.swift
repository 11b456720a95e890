/// One flag as it was typed on the command line.
public struct FlagOccurrence: Sendable, Equatable {
  /// The flag from the table.
  public let flag: Flag
  /// The name as typed: `-f` or `--format`.
  public let spelling: String
  /// The value, if the flag takes one.
  public let value: String?
  /// The whole command-line argument the flag came from (`-qfjson`).
  public let argument: String

  /// Records a flag occurrence.
  ///
  /// - Parameters:
  ///   - flag: The flag from the table.
  ///   - spelling: The name as typed.
  ///   - value: The value, if any.
  ///   - argument: The argument it came from.
  public init(flag: Flag, spelling: String, value: String?, argument: String) {
    self.flag = flag
    self.spelling = spelling
    self.value = value
    self.argument = argument
  }
}
