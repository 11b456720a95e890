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

  /// `-o, --output OUT` of `merge`: write the merged snapshot to OUT.
  public static let mergeOutput = Flag(
    long: "output", short: "o", valueName: "OUT", completion: .file, category: .output,
    summary: "write the merged snapshot to OUT instead of standard output",
    discussion: """
      Write the merged snapshot to the file OUT instead of standard output (`-o -` is \
      standard output). The file is written atomically, also when there are conflicts.
      """)

  /// `-i, --in-place` of `merge`: write the merged snapshot into OURS.
  public static let mergeInPlace = Flag(
    long: "in-place", short: "i", category: .output,
    summary: "write the merged snapshot into OURS (git's merge driver form)",
    discussion: """
      Replace OURS with the merged snapshot, by writing a temporary file beside it and \
      renaming it over OURS, as git's merge driver expects (`%A`). Cannot be combined \
      with `--output`.
      """)

  /// `--conflicts FILE` of `merge`: the conflicts as a JSON document.
  public static let conflicts = Flag(
    long: "conflicts", valueName: "FILE", completion: .file, category: .output,
    summary: "also write the conflicts to FILE as a JSON document",
    discussion: """
      Also write the conflicts to FILE as a JSON document (see THREE-WAY MERGE), \
      atomically, also when there are none (`"conflicts": []`).
      """)

  /// `--input FORMAT` of `merge`: the three inputs' form.
  public static let mergeInput = Flag(
    long: "input", valueName: "FORMAT", choices: ["json", "jsonl", "csv", "tsv"],
    completion: .choice, category: .input,
    summary: "read BASE, OURS and THEIRS as FORMAT instead of detecting it",
    discussion: """
      Read BASE, OURS and THEIRS as FORMAT instead of detecting the form from the file \
      name extension and the first byte. The merged snapshot is written in OURS's form.
      """)

  /// `--path PATH` of `merge`: the name whose extension decides the form.
  public static let mergePath = Flag(
    long: "path", valueName: "PATH", completion: .file, category: .git,
    summary: "read the inputs in the form PATH's extension names (git's %P)",
    discussion: """
      Read BASE, OURS and THEIRS in the form the extension of PATH names, as if they were \
      called PATH. git hands a merge driver temporary files without the extension, so a \
      CSV, TSV or JSON Lines file needs `--path %P` in the driver's command (JSON is told \
      by its first byte).
      """)

  /// `--memory SIZE` of `apply` and `check`: the memory budget.
  public static let memory = Flag(
    long: "memory", valueName: "SIZE", completion: .text, category: .scale,
    summary: "keep within SIZE of memory (128M, 1G): the target stays on disk",
    discussion: """
      Keep the peak resident memory within SIZE plus a fixed overhead of at most 64M: \
      TARGET stays mapped but not resident (its pages are let go behind the scan, the \
      patch's reads and the write of the result), and only its index, the patch and the \
      records the patch touches are held (see MEMORY). The result is the same bytes as \
      without it, and is still written atomically. SIZE is a number of bytes with an \
      optional suffix `K`, `M`, `G` or `T` (powers of 1024): `512M`, `8G`. A budget too \
      small for the target's index and the patch is an error (exit 2) naming the \
      smallest that works. Without this option the budget is half the memory the process \
      may use (its cgroup's limit, else the physical memory), and a TARGET file that fits \
      is applied in memory.
      """)

  /// `--temp-dir DIR` of `apply` and `check`: where standard input is
  /// copied under `--memory`.
  public static let tempDir = Flag(
    long: "temp-dir", valueName: "DIR", completion: .file, category: .scale,
    summary: "with --memory, copy a TARGET read from standard input into DIR",
    discussion: """
      With `--memory`, a TARGET read from standard input (or a pipe) is first copied into \
      a spill folder (`coldiff-XXXXXX`) made in DIR, by default in `$TMPDIR`, else `/tmp`, \
      so that it can stay on disk; the folder is removed when the run ends, also on an \
      error and on SIGINT, SIGTERM or SIGHUP. A TARGET file needs no spill.
      """)

  /// The flags of `colpatch` before a subcommand.
  public static let topLevel: [Flag] = [CommonFlags.help, CommonFlags.version]

  /// The flags of `colpatch apply`.
  public static let apply: [Flag] = [
    output, inPlace, input, CommonFlags.delimiter, memory, tempDir, CommonFlags.help,
    CommonFlags.version,
  ]

  /// The flags of `colpatch check`.
  public static let check: [Flag] = [
    input, CommonFlags.delimiter, memory, tempDir, CommonFlags.help, CommonFlags.version,
  ]

  /// `--tree FIELD` of `merge`: merge trees of records nested in FIELD.
  public static let mergeTree = Flag(
    long: "tree", valueName: "FIELD", completion: .field, category: .identity,
    summary: "merge trees of records nested in the array member FIELD",
    discussion: """
      Merge trees of records nested in the array member FIELD, as `coldiff --tree` \
      compares them: records are matched by key across the whole tree, an insert or a \
      move goes under its parent right after the sibling that precedes it (ours first), \
      and a record one side moved to a new parent moves there. A record placed under a \
      record the other side deleted is a conflict on that record. Not for CSV, nor with \
      `--unordered`.
      """)

  /// The flags of `colpatch merge`: coldiff's identity and equality
  /// options, then where the result goes.
  public static let merge: [Flag] = [
    ColdiffFlags.key, ColdiffFlags.ignore, ColdiffFlags.compare, ColdiffFlags.arrayKey,
    ColdiffFlags.unordered, mergeTree, mergeInput, mergeOutput, mergeInPlace, conflicts, mergePath,
    CommonFlags.help, CommonFlags.version,
  ]

  /// The flags of `colpatch reverse`.
  public static let reverse: [Flag] = [CommonFlags.help, CommonFlags.version]

  /// The flags of `colpatch help`.
  public static let help: [Flag] = [CommonFlags.help, CommonFlags.version]
}
