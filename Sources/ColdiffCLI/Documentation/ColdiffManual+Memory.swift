extension ColdiffManual {
  /// `--memory` and `--temp-dir`: inputs larger than memory, compared
  /// bucket by bucket.
  static let memory = ManualSection(
    "MEMORY",
    [
      .paragraph(
        """
        A run in memory holds both inputs and their indexes: about 1.5 times the size of \
        OLD and NEW. With `--memory SIZE`, or without it when the inputs do not fit in half \
        the memory the process may use (its cgroup's `memory.max`, else the physical \
        memory) or one of them is larger than 1 GiB (the index of a run in memory keeps \
        offsets in 32 bits), coldiff works bucket by bucket instead. It reads OLD and NEW window by \
        window (standard input is first copied to the spill folder), writes each record \
        into one of B bucket files per input by the hash of its key (the hash of SHARDS, \
        modulo B), then matches and compares the records of each bucket on their own, and \
        keeps of every matched record only its key and its positions in OLD and NEW: the \
        moves are the minimal moves over all of them, as in memory. B grows with the \
        inputs: a bucket of both inputs is about a sixteenth of the budget. The output is \
        the same bytes as a run in memory, in every format, and errors name the same \
        lines, columns and records (of an input with several duplicate keys, another \
        duplicate may be the one named).
        """),
      .paragraph(
        """
        The spill folder `coldiff-XXXXXX` is made under `--temp-dir`, `$TMPDIR` or `/tmp`, \
        takes about the size of OLD and NEW, and is removed when the run ends, on an error \
        and on SIGINT, SIGTERM or SIGHUP. A full disk is an error (exit 2) and nothing is \
        printed on standard output. A budget below 64K, or smaller than eight times the \
        largest record, is an error that names the smallest budget that works. What is \
        kept for the whole run grows with the number of records (about 40 bytes a record \
        plus twice its key), beside the budget. Under `--memory`, `--tree`, `--array-key`, \
        `--root`, `--shard` and `--combine` are refused; the hint of a field that would do \
        as a key (when records have no `id`) is not given, since it needs every record at \
        once. A progress line on standard error (bytes read, then buckets compared) shows \
        when a run takes more than a second and standard error is a terminal.
        """),
      .paragraph(
        """
        Those options, and standard input, are compared in memory whatever the size of \
        the inputs. There a record of 4 GiB or more, or keys that take 4 GiB or more in \
        all, is an error naming the file (exit 2), as a CSV input of 4 GiB or more is; the \
        keys of an input over 1 GiB are made after it is read, not while.
        """),
      .example(["coldiff -k sku --memory 1G --temp-dir /scratch old.jsonl new.jsonl"]),
    ])
}
