/// The flag table of `colpatch` and its subcommands, declared once.
public enum ColpatchFlags {
  /// `-o, --output OUT`: write the result to OUT.
  public static let output = Flag(
    long: "output", short: "o", valueName: "OUT", completion: .file, category: .output,
    summary: "write the result to OUT instead of standard output",
    discussion: """
      Write the result to the file OUT instead of standard output (`-o -` is standard \
      output). The file is written atomically and only when every operation applies.
      """)

  /// `-i, --in-place`: write the result back to TARGET.
  public static let inPlace = Flag(
    long: "in-place", short: "i", category: .output,
    summary: "write the result back to TARGET",
    discussion: """
      Replace TARGET with the result, by writing a temporary file beside it and renaming \
      it over TARGET, and only when every operation applies. TARGET keeps its owner, \
      group and mode (as far as the process may set them); a symbolic link is written \
      through (the file it names is replaced, the link stays); a hard link to TARGET \
      keeps the old contents. In a folder where no file can be created, colpatch says \
      `cannot create a temporary file in DIR` (exit 2). Cannot be combined with \
      `--output`.
      """)

  /// `--input FORMAT`: the target's form, overriding detection.
  public static let input = Flag(
    long: "input", valueName: "FORMAT", choices: ["json", "jsonl", "csv", "tsv"],
    completion: .choice, category: .input,
    summary: "read TARGET as FORMAT instead of detecting it",
    discussion: """
      Read TARGET as FORMAT instead of detecting the form from the file name extension and \
      the first byte. `apply` writes the result in the same form.
      """)

  /// The flags of `colpatch` before a subcommand.
  public static let topLevel: [Flag] = [CommonFlags.help, CommonFlags.version]

  /// The flags of `colpatch apply`.
  public static let apply: [Flag] = [
    output, inPlace, input, CommonFlags.delimiter, CommonFlags.help, CommonFlags.version,
  ]

  /// The flags of `colpatch check`.
  public static let check: [Flag] = [
    input, CommonFlags.delimiter, CommonFlags.help, CommonFlags.version,
  ]

  /// The flags of `colpatch reverse`.
  public static let reverse: [Flag] = [CommonFlags.help, CommonFlags.version]

  /// The flags of `colpatch help`.
  public static let help: [Flag] = [CommonFlags.help, CommonFlags.version]
}
