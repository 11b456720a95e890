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
      field. FIELD may be a pattern: a segment `*` stands for any one member name (or \
      array index), `**` for any number of them (`--ignore '**.updated_at'`, \
      `--ignore 'lines.*.note'`).
      """,
    repeatable: true)

  /// `--compare FIELDS=RULE[,RULE…]`: how the fields are compared
  /// (repeatable).
  public static let compare = Flag(
    long: "compare", valueName: "RULES", completion: .field, category: .identity,
    summary: "FIELDS=RULE[,RULE…]: compare by abs:X, rel:X, trim, icase, nfc (repeatable)",
    discussion: """
      RULES is FIELDS=RULE[,RULE…]. Compare the values of FIELDS (fields or patterns, comma-separated as for `--key`) by \
      the RULES after `=`, comma-separated, instead of plain JSON equality; values equal \
      under the rules are not changes. `abs:X`: numbers are equal when they differ by at \
      most X; `rel:X`: when they differ by at most X times the larger magnitude; both are \
      decided exactly on the decimal digits (with `abs:0.01`, 1.00 and 1.01 are equal, \
      1.00 and 1.011 are not), and a string whose text is a number (a CSV field) counts \
      as that number. `trim`: strings are equal after removing white space at both ends; \
      `icase`: equal ignoring case (Unicode simple case folding); `nfc`: equal after \
      Unicode NFC normalisation (canonically equivalent). A rule applies to the matched \
      field and to everything inside it (`--compare '*.price=abs:0.005'`, \
      `--compare name,title=trim,icase`). Identity is not affected.
      """,
    repeatable: true)

  /// `--array-key FIELD=KEYFIELD`: the array at FIELD is keyed
  /// (repeatable).
  public static let arrayKey = Flag(
    long: "array-key", valueName: "KEY", completion: .field, category: .identity,
    summary: "FIELD=KEYFIELD: match the array FIELD's elements by KEYFIELD (repeatable)",
    discussion: """
      KEY is FIELD=KEYFIELD. The array at FIELD inside each record (a field or a \
      pattern) is itself a keyed collection: its elements are matched by the value of \
      KEYFIELD and compared element by element, with minimal moves. Changes name the \
      element by its key (`lines[A-7].qty: 1 → 2` in the text report; `"key"` in the \
      diff document, with `"from"` for a moved element); the patch uses positional \
      operations with `test` guards. An element without KEYFIELD, or a key twice in one \
      array, is an error naming the record and the element. With `--tree`, the arrays \
      inside each record of the tree.
      """,
    repeatable: true)

  /// `--root POINTER`: the collection is the array or object at POINTER.
  public static let root = Flag(
    long: "root", valueName: "POINTER", completion: .field, category: .input,
    summary: "the collection is the array or object at POINTER in each JSON document",
    discussion: """
      Read the collection from the array or object at POINTER (a JSON Pointer such as \
      `/data/items`, or a dotted FIELD) inside each JSON document, as in a wrapped API \
      export (`{"data": {"items": [...]}}`). Record positions in messages are lines and \
      columns of the whole file, patch paths start from the whole document \
      (`/data/items/3/price`), and the diff document records the root in its `rules`, \
      so `colpatch` applies either to the whole document and writes everything outside \
      the collection back byte for byte. Only for JSON documents.
      """)

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

  /// `--shard I/N`: diff only shard I of N and write a shard document.
  public static let shard = Flag(
    long: "shard", valueName: "I/N", completion: .text, category: .scale,
    summary: "diff only the records of shard I of N; write a shard document (-f json)",
    discussion: """
      Diff only the records whose key falls in shard I of N (0 ≤ I < N) and write a shard \
      document for `--combine` (`--format json` is required). A record's shard is H mod N, \
      where H is the FNV-1a 64 hash (offset basis 0xcbf29ce484222325, prime 0x100000001b3, \
      each byte XORed in, then a multiplication modulo 2^64) of the record's canonical key \
      bytes; see SHARDS for those bytes. Every shard reads the whole of OLD and NEW; \
      positions in a shard document are positions in the whole inputs.
      """)

  /// `--combine`: the operands are shard documents to combine.
  public static let combine = Flag(
    long: "combine", category: .scale,
    summary: "the operands are the N shard documents of one run: print the whole diff",
    discussion: """
      The operands are the N shard documents of one run (`--shard 0/N` to `--shard N-1/N`, \
      in any order): print, in the chosen format, exactly what one run over the whole \
      inputs prints, moves included. The identity, equality and input options come from \
      the shard documents and cannot be given again. A missing, repeated or foreign shard \
      (of other inputs or options) is an error.
      """)

  /// `--memory SIZE`: the memory budget; beyond it, work bucket by bucket.
  public static let memory = Flag(
    long: "memory", valueName: "SIZE", completion: .text, category: .scale,
    summary: "keep within SIZE of memory (128M, 1G): work bucket by bucket, spilling to disk",
    discussion: """
      Keep the peak resident memory within SIZE plus a fixed overhead: when OLD and NEW do \
      not fit in SIZE (a run in memory takes about 1.5 times their size), read them window \
      by window, spill their records into bucket files under `--temp-dir` by the hash of \
      their key (the hash of SHARDS), and match and compare bucket by bucket. The output is \
      the same bytes as in memory, in every format. SIZE is a number of bytes with an \
      optional suffix `K`, `M`, `G` or `T` (powers of 1024; `k`, `m`, `g`, `t` too): `512M`, \
      `8G`, `1048576`. The smallest budget is 64K; a budget too small for the input (a \
      record larger than an eighth of it) is an error naming the smallest that works. \
      Without this option the budget is half the memory the process may use (its cgroup's \
      limit, else the physical memory), and inputs that fit are compared in memory. Not \
      with `--tree`, `--array-key`, `--root`, `--shard` or `--combine`.
      """)

  /// `--temp-dir DIR`: where a bucketed run spills.
  public static let tempDir = Flag(
    long: "temp-dir", valueName: "DIR", completion: .file, category: .scale,
    summary: "spill bucket files into DIR (default: $TMPDIR, else /tmp)",
    discussion: """
      Make the spill folder of a bucketed run (`--memory`) in DIR; by default in `$TMPDIR`, \
      else `/tmp`. The folder (`coldiff-XXXXXX`) and its files are removed when the run \
      ends, also on an error and on SIGINT, SIGTERM or SIGHUP. A disk that fills up is an \
      error (exit 2) and nothing is written on standard output. The spill takes about the \
      size of OLD and NEW together.
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
    key, ignore, compare, arrayKey, unordered, tree, root, input, CommonFlags.delimiter, format,
    noTest, limit, color, quiet, memory, tempDir, shard, combine, textconv,
    CommonFlags.help, CommonFlags.version,
  ]
}
