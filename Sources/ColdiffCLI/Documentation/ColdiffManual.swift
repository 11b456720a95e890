/// The prose of `coldiff(1)` around its flag table: what the tool does,
/// the input forms, identity and equality, the output formats and git.
public enum ColdiffManual {
  /// The manual of `coldiff`.
  public static let manual = Manual(
    command: ColdiffArguments.command,
    leadingSections: [description, inputs, identity, rules],
    trailingSections: [
      formats, memory, shards, git,
      .optionSyntax(
        for: ColdiffArguments.command,
        valueForms: "`--format json`, `--format=json`, `-f json` or `-fjson`", bundle: "`-qf json`",
        dashValue: "`--key=-x`"), environment, examples,
    ],
    seeAlso: ["colpatch(1)", "diff(1)", "git-diff(1)", "gitattributes(5)", "jq(1)"])

  private static let description = ManualSection(
    "DESCRIPTION",
    [
      .paragraph(
        """
        `coldiff` reads two snapshots, OLD and NEW, of one collection of records and tells \
        what changed between them record by record, not line by line. Each record of OLD \
        is matched with the record of NEW that has the same identity, and each change is \
        one of:
        """),
      .definitions([
        ManualDefinition("insert", "a record whose identity is only in NEW;"),
        ManualDefinition("delete", "a record whose identity is only in OLD;"),
        ManualDefinition("update", "same identity in both, content not equal;"),
        ManualDefinition(
          "move",
          """
          same identity in both, and its position relative to the other matched records \
          changed (ordered collections only). The moves are minimal: the matched records \
          that keep their relative order form a longest increasing subsequence, and only \
          the others move.
          """),
      ]),
      .paragraph(
        """
        Either of OLD and NEW (not both) may be `-` for standard input. Results go to \
        standard output, errors to standard error as `coldiff: FILE:LINE:COLUMN: message` \
        where a position is known. The same inputs and options give the same bytes on \
        every run and machine.
        """),
      .paragraph(
        """
        With `--textconv`, `coldiff` reads the single operand FILE and prints a canonical \
        rendering of it instead; see GIT.
        """),
    ])

  private static let inputs = ManualSection(
    "INPUT FORMATS",
    [
      .paragraph(
        """
        The form of each input is recognised from its file name extension and its first \
        byte, or set for both with `--input`:
        """),
      .definitions([
        ManualDefinition(
          "JSON array",
          """
          `.json`, or first non-space byte `[`. Each element is a record; the collection \
          is ordered.
          """),
        ManualDefinition(
          "JSON object",
          """
          `.json` with first non-space byte `{`. Each member is a record and its name is \
          the record's identity; the collection is unordered.
          """),
        ManualDefinition(
          "JSON Lines",
          """
          `.jsonl`, `.ndjson`. Each non-blank line is a record; the collection is \
          ordered. Standard input or an unknown extension starting with `{` is JSON Lines \
          when another value follows the first, and a JSON object otherwise.
          """),
        ManualDefinition(
          "CSV, TSV",
          """
          `.csv`, `.tsv` (RFC 4180: quoted fields, embedded newlines, CRLF, a UTF-8 byte \
          order mark; TSV quotes as CSV does, with a tab as the delimiter). Each row after \
          the header is a record, an object keyed by column name whose values are \
          strings kept exactly as written; empty lines at the end of the file are not \
          records. `--delimiter` names another delimiter; a `.csv` whose header line has \
          no comma but a `;` is read with `;`, and a note says so. The headers of OLD and \
          NEW may differ: any change of the header, its order included, is a difference, \
          shown as `columns: +d, -b` when columns were only added or removed and as both \
          headers (`columns: a, c → c, a`) otherwise; the diff document then carries \
          `"columns": {"old": [...], "new": [...]}`.
          """),
      ]),
      .paragraph(
        """
        OLD and NEW may be of different forms; records are then compared as values. \
        Numbers and strings keep their original text (`1.50` stays `1.50`) wherever a \
        record is written back unchanged. An empty `.json` file or a top-level scalar is \
        an error (not a collection); an empty JSON Lines file or a zero-byte CSV file is \
        an empty collection.
        """),
    ])

  private static let rules = ManualSection(
    "COMPARISON RULES",
    [
      .paragraph(
        """
        `--root POINTER` reads the collection from the array or object at POINTER inside \
        each JSON document (a wrapped API export). Patch paths start from the whole \
        document (`/data/items/3/price`), messages give lines and columns of the whole \
        file, and the diff document keeps the collection's own positions and records the \
        root in its `rules`. colpatch writes everything outside the collection back byte \
        for byte.
        """),
      .paragraph(
        """
        A FIELD of `--ignore` and `--compare` may be a pattern: a segment `*` is any one \
        member name or array index, `**` any number of segments (`**.updated_at`, \
        `*.price`).
        """),
      .paragraph(
        """
        `--compare FIELDS=RULES` compares the matched fields, and everything inside them, \
        by the rules: `abs:X` and `rel:X` tolerances decided exactly on the decimal digits \
        (a string whose text is a number counts as that number), `trim` (Unicode white \
        space), `icase` (simple case folding) and `nfc` (canonical equivalence; without \
        it strings compare scalar by scalar). Values equal under the rules are not \
        changes, so a patch applied to OLD gives NEW up to the rules. Identity is not \
        affected. The diff document records the rules in `"rules"` (`ignore`, `compare`, \
        `root`), and colpatch checks a target's old values under them, so a target that \
        drifted within a tolerance still takes the diff.
        """),
      .paragraph(
        """
        `--array-key FIELD=KEYFIELD` makes the array at FIELD inside each record a keyed \
        collection: elements are matched by KEYFIELD, with minimal moves, and the changes \
        name them by key: `lines[A-7].qty: 1 → 2` in the text report; in the diff document \
        `{"path": "/lines/2/qty", "key": "A-7", "old": 1, "new": 2}`, an inserted or \
        deleted element with only `new` or `old`, a moved one with `from`. The patch moves, \
        adds and removes elements by position with `test` guards; colpatch applies a diff \
        document's element changes by key. FIELD may be a pattern (`lines.*.parts`), so \
        keyed arrays nest.
        """),
    ])

  private static let identity = ManualSection(
    "IDENTITY AND EQUALITY",
    [
      .paragraph(
        """
        Identity and equality are separate: identity (the licence plate) decides insert, \
        delete and move; equality (the paint colour) decides update.
        """),
      .paragraph(
        """
        Identity is the value of the `--key` fields. A FIELD that starts with `/` is a \
        JSON Pointer (`/user/id`); otherwise `.` separates path segments (`user.id`). \
        Without `--key`, the key is `id` when every record of both snapshots has a member \
        `id`; otherwise a record's identity is its whole value, a changed record is a \
        delete and an insert, and duplicates are matched occurrence by occurrence. A key \
        missing from a record, or the same key twice in one snapshot, is an error (exit \
        status 2) naming the file, the record's line and number, and the key. Record \
        numbers are 0-based positions, as in the documents (`record #0` is the first); \
        lines and columns count from 1.
        """),
      .paragraph(
        """
        Hints, not guesses: without `--key` and without `id` in every record, when a field \
        is present and unique in every record of both snapshots, a note names it: `no \
        "id" field;` then `--key FIELD would match records by FIELD`. Whole records are \
        still what is matched. A `--key` FIELD that no record has is an error, \
        an `--ignore` FIELD that no record has a note, each with a did-you-mean when a \
        field differs only in case or by one edit. `-q` silences notes.
        """),
      .paragraph(
        """
        Equality is JSON equality: object member order does not matter, numbers compare \
        by exact decimal value (`1.0`, `1` and `1e0` are equal, `-0` equals `0`, integers \
        beyond 2^53 compare exactly), and strings compare by their decoded characters. \
        `--ignore` leaves fields out of the comparison.
        """),
      .paragraph(
        """
        With `--tree FIELD`, records nest child records in the array member FIELD. \
        Identity is unique across the whole tree (the same key at two depths is an error \
        naming both records) and needs a key: `--key`, or `id` in every record. A record's \
        equality leaves out its children: a parent whose children changed is not updated; \
        whether the member is there counts where the record has no children on one side. \
        Positions are index paths (`[0, 2, 1]`). A record that changes its parent is one \
        move, its subtree with it; a deleted subtree is one delete of its root, and the \
        text report lists its other records indented under it (the Markdown and HTML \
        reports give the root's own fields and the number of records below it, and name \
        a node by the keys from its root, `Garden › Tools`). The diff document has \
        `"kind": "tree"`, the member as `"tree": "/children"`, and on each insert and move \
        the key of its new `parent` and of the sibling it comes `after`; the patch uses \
        paths such as `/0/children/2`.
        """),
      .paragraph(
        """
        In a JSON object, the members are the roots. A root's key is its member name, as a \
        JSON string, in one identity space with the nested records' keys (`--key`, one \
        field, or `id`): a nested record whose key is a root's name is a duplicate, and a \
        root that becomes a nested record with that key (or the reverse) is one move. \
        Roots have no order (no moves among them, no `after` at the top); an index path \
        starts with the root's name (`["electronics", 0, 2]`) and a patch path with the \
        member (`/electronics/children/0`). A record placed at the top becomes the member \
        named by its key, which must then be a string. A JSON object compares only with a \
        JSON object.
        """),
    ])

  private static let formats = ManualSection(
    "OUTPUT FORMATS",
    [
      .definitions([
        ManualDefinition(
          "`text`",
          """
          For people: one line per change, grouped and colored: `+` insert, `-` delete, \
          `~` update with its changed fields as `path: old → new`, `↕` move with \
          `from → to`. Records are named by their key, long values are shortened to fit \
          the terminal (cutting what old and new share, so the first characters that \
          differ show on both sides of `→`), and a closing line counts the changes. Nothing is printed when \
          there are no differences.
          """),
        ManualDefinition(
          "`json`",
          """
          The diff document, an object with `"coldiff": 1`, the `kind` (`ordered`, \
          `unordered` or `tree`), the `key` fields as JSON Pointers, and the lists \
          `inserts`, `deletes`, `updates` and `moves`, each sorted by its index. Deletes, \
          updates and the `from` of moves are positions in OLD; inserts and the `to` of \
          moves are positions in NEW. Inserts and moves carry `after`, the key of the \
          record before them in NEW. Updates list their `changes` as JSON Pointer paths \
          inside the record with `old` and `new` values; a change that adds a member \
          carries `after`, the member before it in NEW (`null` when first), and one that \
          removes a member the one before it in OLD, so that colpatch(1) puts members \
          back where they were. For CSV and TSV tables whose headers differ, `columns` \
          gives both headers. The document carries the \
          records' keys and values, so it can be reviewed, applied and reversed without \
          the snapshots.
          """),
        ManualDefinition(
          "`patch`",
          """
          An RFC 6902 JSON Patch whose operations, applied one after another, turn OLD into \
          NEW; any RFC 6902 implementation can apply it. Deletes are `remove`, inserts \
          `add`, moves `move`, and updates are field-level `replace`, `add` and `remove`. \
          Unless `--no-test` is given, each operation on an existing record is preceded by \
          a `test` of its key, and each `replace` and `remove` by a `test` of the old \
          value, so the patch fails on the wrong snapshot instead of corrupting it, and \
          can be reversed.
          """),
        ManualDefinition(
          "`stat`",
          """
          Exactly one line, `N inserted, N deleted, N updated, N moved`, also when all \
          are 0.
          """),
        ManualDefinition(
          "`markdown`",
          """
          A GitHub-flavoured Markdown summary for CI job summaries and review comments: a \
          title naming OLD and NEW, a table of counts, a table of the changed fields with \
          the number of updated records each changed (most first), then one table per kind \
          of change (deleted, inserted, updated, moved), records named by their key; an \
          update has a row per changed field as `old → new`. At most `--limit` changes are \
          shown (100 by default), then `… and N more changes`. Values are one-line JSON, \
          long ones cut where both sides agree so the difference stays in view, and every \
          character that means something in Markdown or HTML (`|`, backquotes, `<`, `&`, \
          `*`, `_`, `[`, `]` and the like) is escaped, and line breaks written as `\\n`, so any \
          value renders as its text. With no differences the counts are followed by \
          `No differences.`
          """),
        ManualDefinition(
          "`html`",
          """
          One self-contained HTML page for a browser: style, script and data inline, and a \
          Content Security Policy that lets the page load nothing, so opening it makes no \
          network request. It shows the counts, the changed fields (a click filters by \
          one), and every change grouped by kind with the changed characters of old and \
          new values highlighted; filters by key text, by field and by kind (also read \
          from the address, `report.html#key=TEXT&field=NAME`). Only the rows on screen \
          are drawn, so a report of 100,000 changes stays responsive. Colors are safe for \
          color-blind readers and every row also carries its sigil; printing gives the \
          counts, the fields and the first 500 rows of the current filter. `--limit` does \
          not apply: the page holds every change.
          """),
      ])
    ])

  private static let git = ManualSection(
    "GIT",
    [
      .paragraph("As a difftool, `coldiff` takes git's two files:"),
      .example([
        "git difftool -x coldiff",
        "git config difftool.coldiff.cmd 'coldiff \"$LOCAL\" \"$REMOTE\"'",
      ]),
      .paragraph(
        """
        Under git (`GIT_DIFF_PATH_TOTAL` set), each file's report starts with the header \
        `diff --coldiff a/PATH b/PATH`, naming the path in the repository (`BASE`, which \
        `git difftool -x` exports, else the name git kept for its temporary copy).
        """),
      .paragraph(
        """
        As git's external diff driver for JSON files, name it in `.gitattributes`; `git \
        diff` runs it, `git log -p` and `git show` only with `--ext-diff`:
        """),
      .example(["*.json diff=coldiff"]),
      .paragraph("and tell git the command:"),
      .example(["git config diff.coldiff.command coldiff"]),
      .paragraph(
        """
        git then calls `coldiff PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE` \
        (seven operands), adds the new path and git's rename header for a rename (nine \
        operands), and passes PATH alone for an unmerged path (one operand, only with \
        `GIT_DIFF_PATH_TOTAL` set; otherwise one operand is `missing operand NEW`, exit \
        2). `coldiff` recognises these forms, prints a header naming the path or paths \
        before the report, reads `/dev/null` as an empty collection (a file added or \
        deleted), and prints `* Unmerged path PATH` for an unmerged path. It exits 0 \
        unless there was trouble, because git treats any other status as fatal; when \
        `GIT_EXTERNAL_DIFF_TRUST_EXIT_CODE` is `true` (git's `trustExitCode`) it exits 0 \
        or 1 as for two files.
        """),
      .paragraph(
        """
        git never aborts because of `coldiff`: in the driver forms and under `git \
        difftool`, a file that is not a collection `coldiff` can read (JSON with comments, \
        a scalar, an empty `.json`, invalid bytes, a key error) is shown as a plain \
        unified line diff under the same header, after one `coldiff: note:` line on \
        standard error naming its path in the repository; with `--textconv` it passes \
        through unchanged, after the note.
        """),
      .paragraph(
        """
        One driver per key sets keys per path: `airports.csv diff=airports` in \
        `.gitattributes` with `git config diff.airports.command 'coldiff -k iata'`. A CSV \
        with another delimiter needs `--delimiter` in its driver's command.
        """),
      .paragraph(
        """
        For git's own line diff on whole records, use `--textconv`: one record per line, \
        sorted by key, members in a stable order, so that `--word-diff` and \
        `--color-moved` work too:
        """),
      .example(["git config diff.coldiff.textconv 'coldiff --textconv'"]),
    ])

  private static let environment = ManualSection(
    "ENVIRONMENT",
    [
      .definitions([
        ManualDefinition(
          "`NO_COLOR`",
          "When set and not empty, `--color auto` does not color the text format."),
        ManualDefinition(
          "`GIT_DIFF_PATH_TOTAL`",
          """
          Set by git for its external diff and difftool: one operand is an unmerged path, \
          and two are git's copies of a file, reported under a header naming its path.
          """),
        ManualDefinition(
          "`BASE`",
          "Under `git difftool -x`, the path in the repository that the header names."),
        ManualDefinition(
          "`GIT_EXTERNAL_DIFF_TRUST_EXIT_CODE`",
          "When `true` in git's driver forms, the exit status tells whether there are differences."),
      ])
    ])

  private static let examples = ManualSection(
    "EXAMPLES",
    [
      .paragraph("Compare two exports keyed by `sku`, ignoring a timestamp:"),
      .example(["coldiff -k sku --ignore updated_at old.json new.json"]),
      .paragraph("Write a guarded patch and apply it with colpatch(1):"),
      .example(["coldiff -f patch old.csv new.csv > p.json", "colpatch apply p.json old.csv"]),
      .paragraph("Count the changes between two JSON Lines files read from a pipe:"),
      .example(["zcat old.jsonl.gz | coldiff -f stat - new.jsonl"]),
      .paragraph("Compare two category trees whose records nest in `children`:"),
      .example(["coldiff --tree children -k slug old.json new.json"]),
      .paragraph("Write a GitHub Actions job summary, and a page to open in a browser:"),
      .example([
        "coldiff -f markdown old.json new.json >> \"$GITHUB_STEP_SUMMARY\"",
        "coldiff -f html old.json new.json > report.html",
      ]),
    ])
}
