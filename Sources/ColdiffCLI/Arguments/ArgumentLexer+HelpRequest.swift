extension ArgumentLexer {
  /// The first `-h`, `--help` or `--version` typed as a whole argument
  /// before `--`, if any.
  ///
  /// Help and version win over every usage error on the same command line,
  /// so `coldiff --formt --help` prints the help. A value flag never takes
  /// an argument that looks like an option as its value, so such an
  /// argument is always the flag itself.
  ///
  /// - Parameter arguments: The command-line arguments.
  /// - Returns: ``CommonFlags/help`` or ``CommonFlags/version``, or `nil`.
  public func helpOrVersionRequest(in arguments: [String]) -> Flag? {
    for argument in arguments {
      if argument == "--" { return nil }
      for flag in [CommonFlags.help, CommonFlags.version] where command.flags.contains(flag) {
        if argument == flag.longSpelling || argument == flag.shortSpelling { return flag }
      }
    }
    return nil
  }
}
