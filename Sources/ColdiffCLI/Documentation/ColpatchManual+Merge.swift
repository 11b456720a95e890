extension ColpatchManual {
  /// The THREE-WAY MERGE section: what `merge` takes, where inserts go,
  /// the conflicts and their document, and git's merge driver.
  static let merge = ManualSection(
    "THREE-WAY MERGE",
    [
      .paragraph(
        """
        `merge` compares BASE with OURS and with THEIRS by key (coldiff's identity \
        options apply), keeps THEIRS's changes that OURS does not already hold, and \
        applies them to OURS by key. Records no side changed keep OURS's bytes; the \
        result is written in OURS's form and style, atomically, also when there are \
        conflicts. A record changed on one side takes that change; changed on both, \
        each side's field changes are taken, and the same change is taken once. The \
        merge needs a key: records matched by their whole value are refused (exit \
        status 2). An empty BASE file (git's, when both branches added the file) is an \
        empty collection of OURS's form.
        """),
      .paragraph(
        """
        With `--tree FIELD` the three inputs are trees of records nested in FIELD and \
        records are matched by key across the whole tree, as `coldiff --tree` matches \
        them. The same rules hold: an insert or move of THEIRS goes under its parent in \
        THEIRS, right after the nearest preceding sibling in THEIRS that is under that \
        parent in the merge (first when there is none), OURS's records placed there \
        first; a record one side moved to a new parent moves there. A record THEIRS \
        deleted stays, with a conflict, when OURS changed it or placed a record among \
        its children; a record THEIRS changed or placed a record under, which OURS \
        deleted, is a conflict on that record (reported once). A move that would put a \
        record inside its own subtree (both sides moved records into each other's) is \
        left at OURS's place. Every conflict names its record by `key`.
        """),
      .paragraph(
        """
        An insert or move of THEIRS goes after the record that precedes it in THEIRS \
        (the nearest one still there when OURS deleted it); when OURS put records right \
        after that same record, OURS's come first. A move against a delete is the \
        delete, and a record both sides moved stays at OURS's place. A member THEIRS \
        added to a record goes the same way: after the member before it in THEIRS's \
        record that the merged record keeps, after the members OURS added there.
        """),
      .paragraph(
        """
        The comparison options are coldiff's. Under `--ignore` and `--compare` a change \
        within the rules is no change, and both sides setting a field to values equal \
        under its rules is one change (OURS's value stays). With `--array-key \
        FIELD=KEYFIELD` the array FIELD is merged element by element by key: changes to \
        different elements, or to different fields of one element, are all taken; an \
        element THEIRS inserted goes at its index in THEIRS, as `apply` places it; a \
        move of an element is taken unless OURS moved or deleted it. The same field of \
        one element changed to different values is one conflict naming the element \
        (`key 7 lines[A-7].qty: base 1, ours 2, theirs 3`), as is an element deleted on \
        one side and changed on the other.
        """),
      .paragraph(
        """
        A conflict is a field changed to different values on the two sides (also a \
        change inside a field the other side replaced or removed, reported at THEIRS's \
        path), a record deleted on one side and changed on the other, or a key inserted \
        on both sides with different content. The merge keeps OURS's side and prints \
        one line per conflict on standard error, those on BASE's records in BASE's \
        order, then those on keys both sides inserted:
        """),
      .example([
        "colpatch: conflict: key 42 /price: base 10, ours 11, theirs 12",
        "colpatch: conflict: key 13: deleted by ours, changed by theirs",
        "colpatch: conflict: key 77: inserted by both sides with",
        "  different content",
      ]),
      .paragraph(
        """
        `--conflicts FILE` also writes them as a JSON document, `{"coldiff": 1, \
        "conflicts": [...]}`, one object per conflict with `kind` (`field`, `delete` or \
        `insert`), the record's `key` (`name` for a member of a JSON object), `path` for \
        a field conflict (in OURS's record), `element` (the key of the `--array-key` \
        element the field is in or is), and `base`, `ours` and `theirs`: the field's values, or the \
        whole records for `delete` and `insert`, each left out where that side has none.
        """),
      .paragraph(
        """
        As git's merge driver, `-i` writes into OURS (`%A`); `--path %P` tells the form \
        of git's extensionless temporary files (JSON needs it not):
        """),
      .example([
        "echo '*.json merge=coldiff' >> .gitattributes",
        "git config merge.coldiff.driver \\",
        "  'colpatch merge %O %A %B -i --path %P'",
      ]),
      .paragraph(
        """
        With conflicts the driver exits 1, git reports a conflict, and the file holds \
        the valid merge with OURS's values where the sides disagree.
        """),
    ])
}
