/// A command line as it was typed: the flags with their values, in order,
/// and the operands, before any validation of values or counts.
///
/// ``ArgumentLexer`` produces it; the tools' resolvers turn it into
/// validated options with the accessors below, which report bad values as
/// ``UsageError``s about `command`.
public struct TypedArguments: Sendable, Equatable {
  /// The command the arguments were read for.
  public let command: CommandDescription
  /// Every flag occurrence, in the order typed.
  public var flags: [FlagOccurrence]
  /// The operands, in the order typed (`-` included as typed).
  public var operands: [String]

  /// Creates typed arguments.
  ///
  /// - Parameters:
  ///   - command: The command they were read for.
  ///   - flags: The flag occurrences.
  ///   - operands: The operands.
  public init(command: CommandDescription, flags: [FlagOccurrence] = [], operands: [String] = []) {
    self.command = command
    self.flags = flags
    self.operands = operands
  }

  /// Whether `flag` was given at least once.
  ///
  /// - Parameter flag: A flag of the table.
  /// - Returns: `true` if it occurs.
  public func contains(_ flag: Flag) -> Bool {
    flags.contains { $0.flag == flag }
  }

  /// The value of the last occurrence of `flag`, checked to be non-empty
  /// and, for a flag with choices, one of them.
  ///
  /// - Parameter flag: A value flag of the table.
  /// - Returns: The value, or `nil` when the flag was not given.
  /// - Throws: ``UsageError`` for an empty value or a value that is not
  ///   one of the flag's choices.
  public func value(of flag: Flag) throws(UsageError) -> String? {
    guard let occurrence = flags.last(where: { $0.flag == flag }) else { return nil }
    return try checked(occurrence)
  }

  /// The values of every occurrence of a repeatable `flag`, in order, each
  /// checked as ``value(of:)`` checks it.
  ///
  /// - Parameter flag: A value flag of the table.
  /// - Returns: The values; empty when the flag was not given.
  /// - Throws: ``UsageError`` for the first invalid value.
  public func values(of flag: Flag) throws(UsageError) -> [String] {
    var values: [String] = []
    for occurrence in flags where occurrence.flag == flag {
      values.append(try checked(occurrence))
    }
    return values
  }

  /// The first occurrence of `-h/--help` or `--version`, if any.
  public var helpOrVersion: Flag? {
    flags.first { $0.flag == CommonFlags.help || $0.flag == CommonFlags.version }?.flag
  }

  private func checked(_ occurrence: FlagOccurrence) throws(UsageError) -> String {
    let flag = occurrence.flag
    guard let value = occurrence.value else {
      preconditionFailure("the lexer gives every value flag a value: \(flag.long)")
    }
    if value.isEmpty {
      throw UsageError("option '\(occurrence.spelling)' needs a non-empty value", in: command)
    }
    if flag.choices.isEmpty || flag.choices.contains(value) { return value }
    var message =
      "invalid value '\(value)' for '\(occurrence.spelling)' (choose from "
      + flag.choices.joined(separator: ", ") + ")"
    if let suggestion = longFlagSpelledWithOneDash(occurrence.argument) {
      message += "; did you mean '\(suggestion)'?"
    } else if let suggestion = Suggestion.nearest(to: value, among: flag.choices) {
      message += "; did you mean '\(suggestion)'?"
    }
    throw UsageError(message, in: command)
  }

  /// `--name` when `argument` is `-name` or `-name=value` for a long flag
  /// of the command, a common slip that reads as a bundle of short flags.
  func longFlagSpelledWithOneDash(_ argument: String) -> String? {
    guard argument.hasPrefix("-"), !argument.hasPrefix("--") else { return nil }
    let name = argument.dropFirst().split(separator: "=", maxSplits: 1).first.map(String.init)
    guard let name, name.count > 1, command.flag(long: name) != nil else { return nil }
    return "--" + name
  }
}
