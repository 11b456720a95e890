/// The prose of `colpatch(1)` around its flag table: the two kinds of
/// patch, atomic writes, the form of the result, targets larger than
/// memory, the round trip and the three-way merge.
public enum ColpatchManual {
  /// The manual of `colpatch`.
  public static let manual = Manual(
    command: ColpatchArguments.command,
    leadingSections: [description],
    trailingSections: [
      patches, writing, memory, roundTrip, merge,
      .optionSyntax(
        for: ColpatchArguments.command,
        valueForms: "`--output out.json`, `--output=out.json`, `-o out.json` or `-oout.json`",
        bundle: nil, dashValue: "`--output=-out.json`"), examples,
    ],
    seeAlso: ["coldiff(1)", "patch(1)", "jq(1)"])

  private static let description = ManualSection(
    "DESCRIPTION",
    [
      .paragraph(
        """
        `colpatch` applies a change description to a snapshot of a collection of records \
        (a JSON array or object, JSON Lines, CSV or TSV), checks that it applies, or \
        reverses it; `merge` merges two snapshots made from one base, record by record. \
        The change description is an RFC 6902 JSON Patch, from `coldiff -f patch` or \
        anyone else, or a coldiff diff document from `coldiff -f json`; `colpatch` tells \
        them apart by their shape.
        """),
      .paragraph(
        """
        A FILE of `-` is standard input, which can be read once: TARGET defaults to \
        standard input, so `colpatch apply p.json < old.json` works, and \
        `colpatch apply PATCH -` says so explicitly.
        """),
    ])

  private static let patches = ManualSection(
    "PATCHES AND DIFF DOCUMENTS",
    [
      .paragraph(
        """
        An RFC 6902 patch is positional, as the RFC defines it: its operations run one \
        after another on array positions as they are at that moment. Its `test` \
        operations guard the changes, so a patch applied to the wrong snapshot fails \
        instead of corrupting it.
        """),
      .paragraph(
        """
        A diff document is applied by key: a delete or update finds its record by key \
        and checks the old values it carries, and an insert or move goes right after the \
        record that precedes it in NEW (or first). A diff document therefore still applies \
        to a target whose other records changed or moved since OLD, and a conflict is \
        reported by key and by the pointer of the first member that differs (`colpatch: \
        key 42: /price is 11, the diff expects 10`); a value longer than 60 characters is \
        shortened so that where the two first differ stays in view. A document whose \
        `columns` gives the two headers of a CSV or TSV table puts a table's columns in \
        NEW's order.
        """),
      .paragraph(
        """
        A tree diff document (`coldiff --tree`) is applied by key across the whole tree: \
        records are found at any depth and placed under their `parent`, after their \
        `after`. In a JSON object the members are the roots, found by their names; a \
        record placed at the top becomes the member named by its key, which must then be \
        a string (otherwise the document does not fit: exit status 1).
        """),
      .paragraph(
        """
        A failing operation is named by its 0-based number in the patch array (`jq \
        '.[17]' p.json` shows it), its path and the reason (`colpatch: op 17 (test \
        /3/id): expected 42, found 41`). A patch that is not well formed (bad pointer \
        syntax, a missing member, an unknown op) is trouble (exit status 2), as is \
        unreadable input. A well-formed patch or document that does not fit this target \
        (a failed `test`, a missing path, no record with that key, a target record \
        without the key field, a document of another kind of collection, a value a CSV \
        field cannot hold) does not apply (exit status 1), and the target stays byte for \
        byte as it was. When not a single guard of the patch holds on the target, the \
        message adds `(was the patch made for another file?)`; when the reverse of the \
        patch applies to it, `(the patch seems already applied)`.
        """),
      .paragraph(
        """
        `check` lists every conflict, one a line (at most 50, then `… and N more`); for \
        an RFC 6902 patch it goes on past each failing operation, leaving it out, so a \
        later conflict may follow from an earlier one. `apply` reports the first.
        """),
      .paragraph(
        """
        `reverse` needs, before every `remove` and `replace`, the `test` that carries the \
        old value, and before every `move` the `test` of the moved record's key; a patch \
        without them is refused, naming the first such operation. An insert-only patch \
        reverses without guards, and a diff document always reverses.
        """),
    ])

  private static let writing = ManualSection(
    "WRITING THE RESULT",
    [
      .paragraph(
        """
        `apply` writes the result to standard output, to OUT with `-o`, or back to \
        TARGET with `-i`. Writes are atomic: the result goes to a temporary file beside \
        the destination, which is then renamed over it (with `-i`, after flushing it to \
        the disk, so that a crash cannot leave TARGET short; with `-o`, an OUT that is \
        there is swapped with the temporary file in one step and then removed, which \
        spares the file system from writing the new file out before the swap returns). \
        When any operation fails, \
        nothing is written, the target is untouched and no temporary file is left behind. \
        With `-i`, a hard link to TARGET keeps the old contents.
        """),
      .paragraph(
        """
        The result keeps the target's form: CSV stays CSV with its header order and \
        delimiter (new columns are appended, columns no row has any more are dropped, \
        the empty lines that ended the file end it again; `--delimiter` reads and writes \
        another delimiter), \
        JSON Lines stays one record per line, and JSON keeps its indentation style. \
        Records the patch does not touch are written back byte for byte; inserted and \
        changed records are written in the target's style.
        """),
    ])

  private static let roundTrip = ManualSection(
    "THE ROUND TRIP",
    [
      .paragraph(
        """
        For every input the tools accept, a patch or diff document made by coldiff(1) \
        turns OLD into NEW, and its reverse turns NEW back into OLD: each of these \
        commands prints NEW, NEW and OLD. coldiff(1) exits 1 when there are differences, \
        so `;`, not `&&`, follows it.
        """),
      .example([
        "coldiff -f patch OLD NEW > p.json; colpatch apply p.json OLD",
        "coldiff -f json OLD NEW > d.json; colpatch apply d.json OLD",
        "colpatch reverse p.json > r.json && colpatch apply r.json NEW",
      ]),
      .paragraph(
        """
        The results are equal as JSON or CSV values, and equal byte for byte where NEW \
        was written in one consistent style. Fields left out with `coldiff --ignore` are \
        not carried.
        """),
    ])

  private static let examples = ManualSection(
    "EXAMPLES",
    [
      .paragraph("Check a patch, then apply it in place:"),
      .example(["colpatch check p.json catalog.json &&", "  colpatch apply -i p.json catalog.json"]
      ),
      .paragraph("Undo a change that was applied:"),
      .example(["colpatch reverse p.json |", "  colpatch apply -o restored.json - catalog.json"]),
    ])
}
