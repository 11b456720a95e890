/// A command or subcommand as the parser and the documentation see it: its
/// name, usage, description, flags and subcommands.
public struct CommandDescription: Sendable, Equatable {
  /// The tool that prefixes error messages (`colpatch`).
  public let tool: String
  /// The subcommand's name (`apply`), or `nil` for the tool itself.
  public let subcommand: String?
  /// The forms of the command line after the command name
  /// (`[OPTIONS] OLD NEW`), one per usage line.
  public let synopses: [String]
  /// A one-line description (the man page's NAME line, the subcommand
  /// list).
  public let abstract: String
  /// A one-paragraph description for help text.
  public let overview: String
  /// The flags the command accepts, in the order help lists them.
  public let flags: [Flag]
  /// The subcommands, in the order help lists them.
  public let subcommands: [CommandDescription]
  /// The exit statuses and their meanings.
  public let exitStatuses: [ExitStatusDescription]

  /// Describes a command.
  ///
  /// - Parameters:
  ///   - tool: The tool's name.
  ///   - subcommand: The subcommand's name, or `nil` for the tool itself.
  ///   - synopses: The usage forms after the command name.
  ///   - abstract: The one-line description.
  ///   - overview: The help paragraph.
  ///   - flags: The accepted flags.
  ///   - subcommands: The subcommands.
  ///   - exitStatuses: The exit statuses.
  public init(
    tool: String, subcommand: String? = nil, synopses: [String], abstract: String,
    overview: String, flags: [Flag], subcommands: [CommandDescription] = [],
    exitStatuses: [ExitStatusDescription]
  ) {
    self.tool = tool
    self.subcommand = subcommand
    self.synopses = synopses
    self.abstract = abstract
    self.overview = overview
    self.flags = flags
    self.subcommands = subcommands
    self.exitStatuses = exitStatuses
  }

  /// The full command name (`colpatch apply`).
  public var name: String {
    if let subcommand { return tool + " " + subcommand }
    return tool
  }

  /// The usage lines: `usage: NAME SYNOPSIS`, then the other forms
  /// aligned under the first.
  public var usage: String {
    var lines: [String] = []
    for (index, synopsis) in synopses.enumerated() {
      let lead = index == 0 ? "usage: " : "       "
      lines.append(lead + name + (synopsis.isEmpty ? "" : " " + synopsis))
    }
    return lines.joined(separator: "\n")
  }

  /// The flag whose long name is `long`, if the command accepts it.
  ///
  /// - Parameter long: The long name without dashes.
  /// - Returns: The flag, or `nil`.
  public func flag(long: String) -> Flag? {
    flags.first { $0.long == long }
  }

  /// The flag whose short name is `short`, if the command accepts it.
  ///
  /// - Parameter short: The short name.
  /// - Returns: The flag, or `nil`.
  public func flag(short: Character) -> Flag? {
    flags.first { $0.short == short }
  }

  /// The subcommand called `name`, if there is one.
  ///
  /// - Parameter name: The subcommand's name.
  /// - Returns: The subcommand, or `nil`.
  public func subcommand(named name: String) -> CommandDescription? {
    subcommands.first { $0.subcommand == name }
  }
}
