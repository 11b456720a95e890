/// The flag table of `coldiff`: every option it accepts, declared once.
public enum ColdiffFlags {
  /// `-k, --key FIELDS`: the identity fields.
  public static let key = Flag(
    long: "key", short: "k", valueName: "FIELDS", completion: .field, category: .identity,
    summary: "identity fields, comma-separated (name, dotted path or /pointer)",
    discussion: """
      Identify records by the values of these fields, separated by commas. A FIELD is a \
      member name, a dotted path (`user.id`) or, when it starts with `/`, a JSON Pointer \
      (`/user/id`); name a member that contains a dot with a pointer, and write a comma \
      that is part of a name twice (`a,,b` is the one field `a,b`). A composite key \
      compares field by field. Without this option the key is `id` when every record \
      of both snapshots has one, and otherwise the whole record.
      """)

  /// `--ignore FIELD`: a field left out of equality (repeatable).
  public static let ignore = Flag(
    long: "ignore", valueName: "FIELD", completion: .field, category: .identity,
    summary: "leave FIELD out of the comparison (repeatable)",
    discussion: """
      Leave FIELD out when deciding whether two records with the same identity are equal. \
      Ignored fields never appear in the changes or in patches. Give the option once per \
      field.
      """,
    repeatable: true)

  /// `--unordered`: the collection has no order, so there are no moves.
  public static let unordered = Flag(
    long: "unordered", category: .identity,
    summary: "treat the collection as unordered: report no moves",
    discussion: """
      Order is not part of the collection: records are matched and compared, but no moves \
      are reported. JSON objects are always unordered.
      """)

  /// `--tree FIELD`: records nest child records in FIELD.
  public static let tree = Flag(
    long: "tree", valueName: "FIELD", completion: .field, category: .identity,
    summary: "records nest child records in the array member FIELD",
    discussion: """
      Records nest their child records in the array member FIELD, to any depth; the \
      top-level records of a JSON array, JSON object or JSON Lines are the roots (a JSON \
      object's roots are named by their member names). Identity is unique across the \
      whole tree, positions are index paths (`[0, 2, 1]`, `["name", 2]`), and a move may \
      change a record's parent. Not for CSV.
      """)

  /// `--input FORMAT`: the input form, overriding detection.
  public static let input = Flag(
    long: "input", valueName: "FORMAT", choices: ["json", "jsonl", "csv", "tsv"],
    completion: .choice, category: .input,
    summary: "read both inputs as FORMAT instead of detecting it",
    discussion: """
      Read OLD and NEW as FORMAT instead of detecting the form from the file name \
      extension and the first byte.
      """)

  /// `-f, --format FORMAT`: the output format.
  public static let format = Flag(
    long: "format", short: "f", valueName: "FORMAT",
    choices: ["text", "json", "patch", "stat", "markdown", "html"],
    defaultChoice: "text", completion: .choice, category: .output,
    summary: "output format",
    discussion: """
      Print the differences as `text` for people, `json` (the diff document), `patch` (an \
      RFC 6902 JSON Patch), `stat` (one line of counts), `markdown` (a GitHub-flavoured \
      summary for CI and review comments) or `html` (one self-contained page for a \
      browser). See OUTPUT FORMATS.
      """)

  /// `--no-test`: leave the `test` guards out of a patch.
  public static let noTest = Flag(
    long: "no-test", category: .output,
    summary: "with --format patch: leave out the test guards",
    discussion: """
      With `--format patch`, leave out the `test` operations that guard each change. The \
      patch is shorter but applies blindly to any snapshot, and `colpatch reverse` refuses \
      it. Other formats ignore this option.
      """)

  /// `--limit N`: how many changes the text and Markdown reports show.
  public static let limit = Flag(
    long: "limit", valueName: "N", completion: .text, category: .output,
    summary: "show at most N changes in the text and markdown formats",
    discussion: """
      Show at most N changes (records) in the `text` and `markdown` formats, then say how \
      many more there are; the closing counts always follow. The `markdown` format shows \
      100 unless told otherwise, the `text` format all of them. An updated record counts \
      once, whatever the number of its changed fields. The `html` format always holds \
      every change, and the other formats ignore this option.
      """)

  /// `--color WHEN`: whether the text format is colored.
  public static let color = Flag(
    long: "color", valueName: "WHEN", choices: ["auto", "always", "never"],
    defaultChoice: "auto", completion: .choice, category: .output,
    summary: "color the text format",
    discussion: """
      Color the text format: `always`, `never`, or `auto`, which colors when standard \
      output is a terminal and the environment variable `NO_COLOR` is unset or empty.
      """)

  /// `-q, --quiet`: print nothing; the exit status tells.
  public static let quiet = Flag(
    long: "quiet", short: "q", category: .output,
    summary: "print nothing; the exit status tells",
    discussion: """
      Print nothing on standard output; the exit status tells whether there are \
      differences. Errors are still printed on standard error; notes are not.
      """)

  /// `--textconv`: print the canonical rendering of the one operand.
  public static let textconv = Flag(
    long: "textconv", category: .git,
    summary: "print FILE one record per line, sorted by key, for git textconv",
    discussion: """
      Print a canonical rendering of the single operand FILE for git's `textconv`: one \
      record per line, sorted by key, members in a stable order, so that git's own line \
      diff, `--word-diff` and `--color-moved` work on whole records. The output options \
      do not apply.
      """)

  /// Every flag of `coldiff`, in the order help lists them.
  public static let all: [Flag] = [
    key, ignore, unordered, tree, input, CommonFlags.delimiter, format, noTest, limit, color,
    quiet, textconv,
    CommonFlags.help, CommonFlags.version,
  ]
}
