/// The group a flag is listed under in help text and man pages.
///
/// The cases are declared in the order the groups are printed.
public enum FlagCategory: Sendable, Equatable, CaseIterable {
  /// How records are matched and compared.
  case identity
  /// How the inputs are read.
  case input
  /// What is printed or written.
  case output
  /// Runs in shards, beyond one machine.
  case scale
  /// Modes for git integration.
  case git
  /// Help and version.
  case general

  /// The heading printed above the group.
  public var title: String {
    switch self {
    case .identity: "Identity and equality"
    case .input: "Input"
    case .output: "Output"
    case .scale: "Scale"
    case .git: "Git"
    case .general: "General"
    }
  }
}
