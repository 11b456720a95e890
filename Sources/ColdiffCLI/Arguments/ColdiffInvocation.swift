/// What a `coldiff` command line asks for.
public enum ColdiffInvocation: Sendable, Equatable {
  /// Print this help text on standard output and exit 0.
  case help(String)
  /// Print this version text on standard output and exit 0.
  case version(String)
  /// Compare (or, with `--textconv`, render) with these options.
  case run(ColdiffOptions)
}
