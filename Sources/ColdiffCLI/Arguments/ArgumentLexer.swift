/// The first step of parsing: splits a command line into flags with their
/// values and operands, by the conventions users know.
///
/// - `--name value` and `--name=value`; `-k value` and `-kvalue`;
/// - short switches bundle (`-qf json`, `-qfjson`): the first short flag
///   that takes a value takes the rest of the bundle, or else the next
///   argument, as its value;
/// - a value is never taken from a following argument that looks like an
///   option (`-x`, `--x`); write `--key=-x` for such a value;
/// - `--` ends the options; `-` alone is an operand (standard input);
/// - flags and operands may be mixed in any order.
///
/// Unknown options and missing values are ``UsageError``s with a "did you
/// mean" suggestion where a flag's name is close.
public struct ArgumentLexer: Sendable {
  /// The command whose flags are recognised.
  public let command: CommandDescription

  /// Creates a lexer for `command`'s flags.
  ///
  /// - Parameter command: The command being parsed.
  public init(command: CommandDescription) {
    self.command = command
  }

  /// Splits `arguments` (without the program name) into flags and
  /// operands.
  ///
  /// - Parameter arguments: The command-line arguments.
  /// - Returns: What was typed.
  /// - Throws: ``UsageError`` for an unknown option, a switch given a
  ///   value, or a value flag without its value.
  /// - Complexity: O(*n*) in the number of arguments, times the size of
  ///   the flag table.
  public func lex(_ arguments: [String]) throws(UsageError) -> TypedArguments {
    var typed = TypedArguments(command: command)
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        typed.operands.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument.hasPrefix("--") {
        let occurrence = try longFlag(argument, arguments, &index)
        typed.flags.append(occurrence)
      } else {
        typed.flags += try shortFlags(argument, arguments, &index, typed)
      }
    }
    return typed
  }

  private func longFlag(
    _ argument: String, _ arguments: [String], _ index: inout Int
  ) throws(UsageError) -> FlagOccurrence {
    let parts = argument.dropFirst(2).split(
      separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let name = String(parts[0])
    let inlineValue = parts.count == 2 ? String(parts[1]) : nil
    guard let flag = command.flag(long: name) else {
      var message = "unknown option '--\(name)'"
      if let suggestion = Suggestion.nearest(to: name, among: command.flags.map(\.long)) {
        message += "; did you mean '--\(suggestion)'?"
      }
      throw UsageError(message, in: command)
    }
    let spelling = "--" + name
    if !flag.takesValue {
      if inlineValue != nil {
        throw UsageError("option '\(spelling)' takes no value", in: command)
      }
      return FlagOccurrence(flag: flag, spelling: spelling, value: nil, argument: argument)
    }
    var value = inlineValue ?? ""
    if inlineValue == nil { value = try nextValue(for: flag, spelling, arguments, &index) }
    return FlagOccurrence(flag: flag, spelling: spelling, value: value, argument: argument)
  }

  private func shortFlags(
    _ argument: String, _ arguments: [String], _ index: inout Int, _ typed: TypedArguments
  ) throws(UsageError) -> [FlagOccurrence] {
    var occurrences: [FlagOccurrence] = []
    var rest = Substring(argument.dropFirst())
    while let character = rest.first {
      rest = rest.dropFirst()
      let spelling = "-" + String(character)
      guard let flag = command.flag(short: character) else {
        var message = "unknown option '\(spelling)'"
        if spelling != argument { message += " in '\(argument)'" }
        if let suggestion = typed.longFlagSpelledWithOneDash(argument) {
          message += "; did you mean '\(suggestion)'?"
        }
        throw UsageError(message, in: command)
      }
      if flag.takesValue {
        var value = String(rest)
        if rest.isEmpty { value = try nextValue(for: flag, spelling, arguments, &index) }
        occurrences.append(
          FlagOccurrence(flag: flag, spelling: spelling, value: value, argument: argument))
        return occurrences
      }
      occurrences.append(
        FlagOccurrence(flag: flag, spelling: spelling, value: nil, argument: argument))
    }
    return occurrences
  }

  private func nextValue(
    for flag: Flag, _ spelling: String, _ arguments: [String], _ index: inout Int
  ) throws(UsageError) -> String {
    guard index < arguments.count, arguments[index] == "-" || !arguments[index].hasPrefix("-")
    else {
      let valueName = flag.valueName ?? "VALUE"
      throw UsageError("option '\(spelling)' needs a value (\(valueName))", in: command)
    }
    index += 1
    return arguments[index - 1]
  }
}
