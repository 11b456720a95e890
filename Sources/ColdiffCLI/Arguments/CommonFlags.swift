/// The flags every command and subcommand accepts.
public enum CommonFlags {
  /// `-h, --help`: print the help text and exit 0.
  public static let help = Flag(
    long: "help", short: "h", category: .general,
    summary: "print this help and exit",
    discussion: "Print a summary of the usage and options to standard output and exit 0.")

  /// `--version`: print the version and exit 0.
  public static let version = Flag(
    long: "version", category: .general,
    summary: "print the version and exit",
    discussion: "Print the name and version number to standard output and exit 0.")
}
