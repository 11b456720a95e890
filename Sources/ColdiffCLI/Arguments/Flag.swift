/// One command-line option, declared once and used by the parser, the help
/// text, the man pages and the shell completions.
///
/// A flag either takes a value (it has a `valueName`) or is a switch. A
/// value flag given twice keeps its last value unless it is `repeatable`,
/// in which case every value is kept in order.
public struct Flag: Sendable, Equatable {
  /// The long name without dashes (`format` for `--format`).
  public let long: String
  /// The one-character short name (`f` for `-f`), if any.
  public let short: Character?
  /// The placeholder for the value in usage text (`FORMAT`); `nil` for a
  /// switch.
  public let valueName: String?
  /// The values the flag accepts, in the order help lists them; empty when
  /// any value is accepted.
  public let choices: [String]
  /// The choice used when the flag is absent, if any.
  public let defaultChoice: String?
  /// What shells complete for the value.
  public let completion: CompletionKind
  /// The group the flag is listed under.
  public let category: FlagCategory
  /// A one-line description for help text (at most 79 columns).
  public let summary: String
  /// The longer description for the man page.
  ///
  /// Text in backquotes (`` `--format patch` ``) is literal.
  public let discussion: String
  /// Whether every occurrence is kept (`--ignore`) rather than the last.
  public let repeatable: Bool

  /// Declares a flag.
  ///
  /// - Parameters:
  ///   - long: The long name without dashes.
  ///   - short: The short name, if any.
  ///   - valueName: The value's placeholder, or `nil` for a switch.
  ///   - choices: The accepted values, or empty for any value.
  ///   - defaultChoice: The choice that applies when the flag is absent.
  ///   - completion: What shells complete for the value.
  ///   - category: The help group.
  ///   - summary: The one-line description.
  ///   - discussion: The man page description.
  ///   - repeatable: Whether all occurrences are kept.
  public init(
    long: String, short: Character? = nil, valueName: String? = nil, choices: [String] = [],
    defaultChoice: String? = nil, completion: CompletionKind = .none, category: FlagCategory,
    summary: String, discussion: String, repeatable: Bool = false
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.choices = choices
    self.defaultChoice = defaultChoice
    self.completion = completion
    self.category = category
    self.summary = summary
    self.discussion = discussion
    self.repeatable = repeatable
  }

  /// Whether the flag takes a value.
  public var takesValue: Bool { valueName != nil }

  /// `--long`, as typed.
  public var longSpelling: String { "--" + long }

  /// `-s`, as typed, if the flag has a short name.
  public var shortSpelling: String? { short.map { "-" + String($0) } }

  /// Both names as help shows them: `-f, --format` or `--unordered`.
  public var names: String {
    if let shortSpelling { return shortSpelling + ", " + longSpelling }
    return longSpelling
  }
}
