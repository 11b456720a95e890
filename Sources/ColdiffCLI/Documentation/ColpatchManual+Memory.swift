extension ColpatchManual {
  /// `--memory` and `--temp-dir` of `apply` and `check`: targets larger
  /// than memory.
  static let memory = ManualSection(
    "MEMORY",
    [
      .paragraph(
        """
        `apply` and `check` hold the target's index and the patch, never a parsed copy of \
        the target: TARGET is mapped, records are read from its bytes when the patch \
        touches them, and untouched records are copied byte for byte into the result. \
        With `--memory SIZE`, or without it when a TARGET file does not fit in half the \
        memory the process may use (its cgroup's `memory.max`, else the physical memory; \
        a run in memory holds about 1.5 times the target), the target's pages are also let \
        go behind the scan, behind the patch's reads (every 256 records read) and behind \
        the write of the result, so the target stays on disk and in the page cache instead \
        of in the process, and the result streams to standard output or to its temporary \
        file through a buffer of 1 MiB. The result is the same bytes as without a budget, \
        conflicts are reported the same, and the write stays atomic.
        """),
      .paragraph(
        """
        What is held then is the target's index: about 32 bytes a JSON record and 40 a \
        CSV row for an RFC 6902 patch, which finds records by position, and 88 and 56 for \
        a diff document, which finds them by key (their keys and a table of them), 160 a \
        member of a JSON object; the patch, about 8 times its size; and about 24 MiB of \
        pages read between two releases and buffers. `--memory SIZE` keeps that within \
        SIZE plus a fixed overhead of 64 MiB; a SIZE below it is an \
        error (exit 2) naming the smallest budget that works, given once the target is \
        indexed and before anything is written. Nothing of a TARGET file is spilled. A \
        TARGET read from standard input or a pipe is first copied into a spill folder \
        (`coldiff-XXXXXX`) under `--temp-dir`, `$TMPDIR` or `/tmp`, which is removed as \
        soon as the copy is mapped (the mapping keeps its bytes until the run ends), and \
        on an error or SIGINT, SIGTERM or SIGHUP before that. A collection inside a JSON \
        document (the `--root` of a diff document, or a patch whose operations all lie in \
        one array of the document) is read from a copy of the document, which is held \
        whole: the budget does not cover it. `reverse` reads only PATCH and takes no \
        budget.
        """),
      .example(["colpatch apply --memory 128M d.json big.jsonl -o patched.jsonl"]),
    ])
}
