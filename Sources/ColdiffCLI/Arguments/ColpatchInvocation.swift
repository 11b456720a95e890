/// What a `colpatch` command line asks for.
public enum ColpatchInvocation: Sendable, Equatable {
  /// Print this help text on standard output and exit 0.
  case help(String)
  /// Print this version text on standard output and exit 0.
  case version(String)
  /// Run this subcommand.
  case run(ColpatchCommand)
}
