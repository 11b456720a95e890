"""The merge section: `colpatch merge BASE OURS THEIRS` on two sides made
from one BASE, each changing 1% of N records of each kind (OURS is gen.py's
medium NEW, THEIRS lib/gen_theirs.py's, on disjoint records), against
`coldiff -f json BASE OURS` on the same files in the same run; the target
is merge time / coldiff time <= 2."""

import json
import os
import subprocess
import sys

from .environment import log
from .measure import run_judged
from .report import Result, fmt_mb, fmt_ratio, fmt_time, table

TARGET = 2.0


class _Run:
    def __init__(self, name, argv):
        self.name, self.kind, self.argv = name, "merge", argv


def _theirs(env, size, workload_dir):
    """Write THEIRS for the medium workload of `size` (kept when there)."""
    out = os.path.join(env.work, "merge", "%s-medium" % size)
    truth = os.path.join(out, "theirs_truth.json")
    if not os.path.exists(truth):
        gen = os.path.join(env.root, "Benchmarks", "lib", "gen_theirs.py")
        log("generating THEIRS for the merge of %s" % size)
        if subprocess.run([sys.executable, gen, workload_dir, out]).returncode != 0:
            sys.exit("bench: gen_theirs.py failed")
    with open(truth) as f:
        return out, json.load(f)


def _records(path, form):
    """How many records gen.py's layout holds: one a line, without the
    brackets of a JSON array or the header of a CSV file."""
    with open(path, "rb") as f:
        lines = sum(1 for _ in f)
    return lines - {"json": 2, "csv": 1}.get(form, 0)


def run_section(env, workloads, args, rec, outdir):
    print("\n\n######## merge: colpatch merge BASE OURS THEIRS (1%% changes of "
          "each kind per side, disjoint records) against coldiff BASE OURS "
          "(target: merge / coldiff <= %.1f)" % TARGET)
    if env.coldiff is None or env.colpatch is None:
        print("skipped: coldiff or colpatch is unavailable")
        return
    summary = []
    for wl in [w for w in workloads if w["profile"] == "medium"]:
        d, truth = _theirs(env, wl["size"], os.path.dirname(wl["old"]))
        theirs = os.path.join(d, "theirs." + wl["form"])
        merged = os.path.join(outdir, "merged." + wl["form"])
        runs = [
            _Run("colpatch merge", [env.colpatch, "merge", wl["old"], wl["new"],
                                    theirs, "-o", merged]),
            _Run("coldiff -f json", [env.coldiff, "-f", "json", wl["old"],
                                     wl["new"]]),
        ]
        log("merge section: %s %s" % (wl["name"], wl["form"]))
        results = [Result(r) for r in runs]
        for rep in range(args.repeat):
            for res in results:
                if res.failure or res.timed_out_after:
                    continue
                stem = os.path.join(outdir, "merge-" + res.tool.name.split()[0])
                ok = (0,) if res.tool.name == "colpatch merge" else (0, 1)
                if res.tool.name == "colpatch merge" and os.path.exists(merged):
                    # Each run writes a new file, off the clock, as coldiff's
                    # output file is emptied before its run (README, "merge-
                    # tail (session 6)").
                    os.remove(merged)
                m, error = run_judged(res, res.tool.argv, stem + ".out",
                                      args.timeout, stem + ".err", ok)
                if m is None:
                    continue
                correct = None
                if error is None and res.tool.name == "colpatch merge":
                    count = _records(merged, wl["form"])
                    correct = count == truth["merged_records"]
                    if not correct:
                        res.note = "%d records, expected %d" % (
                            count, truth["merged_records"])
                    res.correct = correct if res.correct is None else (
                        res.correct and correct)
                res.runs.append((m, None, error))
                rec.write({"type": "measurement", "section": "merge",
                           "workload": wl["name"], "size": wl["size"],
                           "form": wl["form"], "tool": res.tool.name,
                           "repeat": rep, "argv": res.tool.argv,
                           "wall_s": round(m.wall_s, 6),
                           "maxrss_kb": m.maxrss_kb, "exit_code": m.exit_code,
                           "timed_out": m.timed_out, "error": error,
                           "correct": correct})
        print("\n== %s, %s" % (wl["name"], wl["form"]))
        rows = []
        for r in results:
            status = r.status_text(args.timeout)
            if status:
                rows.append([r.tool.name, "-", "-", "-", status])
                continue
            rows.append([r.tool.name, fmt_time(r.median_s), fmt_mb(r.peak_kb),
                         {True: "yes", False: "NO", None: "-"}[r.correct],
                         r.note])
        print(table(rows, ["run", "median", "peak RSS", "records right", "note"]))
        merge, diff = results
        ratio = None
        if merge.ok and diff.ok and merge.correct:
            ratio = merge.median_s / diff.median_s
            print("merge / coldiff = %s (target <= %.1f: %s)" % (
                fmt_ratio(ratio), TARGET, "met" if ratio <= TARGET else "NOT met"))
        summary.append(["%s %s" % (wl["name"], wl["form"]),
                        fmt_time(merge.median_s) if merge.ok else "-",
                        fmt_mb(merge.peak_kb) if merge.ok else "-",
                        fmt_time(diff.median_s) if diff.ok else "-",
                        fmt_ratio(ratio) if ratio else "-"])
    print("\n== Summary (merge)")
    print(table(summary, ["workload", "merge", "merge RSS", "coldiff",
                          "merge / coldiff"]))
