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

  /// `--delimiter CHAR`: the field separator of CSV and TSV input (SPEC
  /// §8.1.3), shared by `coldiff` and `colpatch apply|check`.
  public static let delimiter = Flag(
    long: "delimiter", valueName: "CHAR", completion: .text, category: .input,
    summary: "read (and write) CSV and TSV with CHAR between fields",
    discussion: """
      Read CSV and TSV input with the one-byte delimiter CHAR between fields instead of \
      `,` (CSV) or a tab (TSV), as in `--delimiter ';'` or `--delimiter '|'`; `tab` names \
      the tab. CHAR is an ASCII character other than `"`, CR and LF. colpatch writes the \
      result with it. Without this option, a `.csv` file whose header line holds no comma \
      but a `;` is read with `;`, and a note on standard error says so. JSON input \
      ignores it.
      """)

  /// The value of `--delimiter`, checked: one ASCII byte other than `"`,
  /// CR and LF, or `tab`.
  ///
  /// - Parameters:
  ///   - typed: the arguments.
  ///   - command: the command, for the usage error.
  /// - Returns: the byte, or `nil` when the flag was not given.
  /// - Throws: ``UsageError`` for any other value.
  static func delimiter(in typed: TypedArguments, command: CommandDescription)
    throws(UsageError) -> UInt8?
  {
    guard let value = try typed.value(of: delimiter) else { return nil }
    if value == "tab" { return 0x09 }
    let bytes = Array(value.utf8)
    guard bytes.count == 1, bytes[0] < 0x80, bytes[0] != UInt8(ascii: "\""),
      bytes[0] != 0x0A, bytes[0] != 0x0D
    else {
      throw UsageError(
        "invalid value '\(value)' for '--delimiter' (one ASCII character other than a quote, "
          + "CR or LF, or 'tab')", in: command)
    }
    return bytes[0]
  }
}
