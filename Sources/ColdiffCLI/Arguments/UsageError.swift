/// A command line that cannot be run: an unknown option, a missing or
/// invalid value, the wrong number of operands.
///
/// The command prints ``report`` on standard error and exits 2.
public struct UsageError: Error, Sendable, Equatable {
  /// The tool that prefixes the message (`coldiff`).
  public let tool: String
  /// One line saying what is wrong, with a suggestion where one is close.
  public let message: String
  /// The usage lines of the command that was being parsed.
  public let usage: String

  /// Creates a usage error.
  ///
  /// - Parameters:
  ///   - tool: The tool's name.
  ///   - message: What is wrong, on one line.
  ///   - usage: The usage lines to print after the message.
  public init(tool: String, message: String, usage: String) {
    self.tool = tool
    self.message = message
    self.usage = usage
  }

  /// Creates a usage error about `command`.
  ///
  /// - Parameters:
  ///   - message: What is wrong, on one line.
  ///   - command: The command whose usage follows the message.
  public init(_ message: String, in command: CommandDescription) {
    self.init(tool: command.tool, message: message, usage: command.usage)
  }

  /// The text to print on standard error: `TOOL: MESSAGE`, then the usage
  /// lines, ending with a newline.
  public var report: String {
    tool + ": " + message + "\n" + usage + "\n"
  }
}
