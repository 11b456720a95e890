"""The rules section: `coldiff` with comparison rules (SPEC §8.2) that
match few fields against the plain `coldiff` on the same JSON workloads,
timed in the same run; the target is rules time / plain time <= 1.15.

The rules are chosen so that they hide no change gen.py makes (a balance
changes by at least 0.02, a city always changes), so both runs must give
the ground truth's counts: the rules are exercised on every changed
record, and the comparison is of the same work."""

import os

from .environment import log
from .measure import run_judged
from .report import Result, counts_text, fmt_mb, fmt_ratio, fmt_time, table
from .tools import Tool, _coldiff_counts, coldiff_correct

TARGET = 1.15
RULES = ["--ignore", "**.legacy_id", "--compare", "balance=abs:0.01",
         "--compare", "address.*=trim"]


def _tools():
    return [
        Tool("coldiff rules", "coldiff", ("json",), ("coldiff",),
             lambda env, old, new: [env.coldiff] + RULES + ["-f", "json", old,
                                                            new],
             _coldiff_counts),
        Tool("coldiff plain", "coldiff", ("json",), ("coldiff",),
             lambda env, old, new: [env.coldiff, "-f", "json", old, new],
             _coldiff_counts),
    ]


def _measure(env, wl, args, rec, outdir):
    results = [Result(t) for t in _tools()]
    for rep in range(args.repeat):
        for res in results:
            if res.failure or res.timed_out_after:
                continue
            argv = res.tool.argv(env, wl["old"], wl["new"])
            stem = os.path.join(outdir, "rules-%s-%s" % (
                wl["name"], res.tool.name.replace(" ", "_")))
            m, error = run_judged(res, argv, stem + ".out", args.timeout,
                                  stem + ".err", (0, 1))
            if m is None:
                continue
            counts = correct = None
            if error is None:
                try:
                    counts = _coldiff_counts(stem + ".out")
                except Exception as e:  # unreadable output is a failure
                    error = res.failure = "unreadable output (%s: %s)" % (
                        type(e).__name__, e)
            if counts is not None:
                correct = coldiff_correct(counts, wl["truth"])
                res.counts = res.counts or counts
                res.correct = correct if res.correct is None else (
                    res.correct and correct)
            res.runs.append((m, counts, error))
            rec.write({"type": "measurement", "section": "rules",
                       "workload": wl["name"], "size": wl["size"],
                       "form": "json", "tool": res.tool.name, "repeat": rep,
                       "argv": argv, "wall_s": round(m.wall_s, 6),
                       "maxrss_kb": m.maxrss_kb, "exit_code": m.exit_code,
                       "timed_out": m.timed_out, "error": error,
                       "counts": counts, "correct": correct})
    return results


def run_section(env, workloads, args, rec, outdir):
    print("\n\n######## rules: coldiff %s against the plain coldiff "
          "(target: rules / plain <= %.2f)" % (" ".join(RULES), TARGET))
    if env.coldiff is None:
        print("skipped: coldiff is unavailable (%s)"
              % env.unavailable.get("coldiff", "?"))
        return
    summary = []
    for wl in [w for w in workloads if w["form"] == "json"]:
        log("measuring rules %s" % wl["name"])
        results = _measure(env, wl, args, rec, outdir)
        print("\n== %s json" % wl["name"])
        rows = []
        for r in results:
            status = r.status_text(args.timeout)
            if status:
                rows.append([r.tool.name, "-", "-", "-", "-", status])
                continue
            rows.append([r.tool.name, fmt_time(r.median_s), fmt_mb(r.peak_kb),
                         "yes" if r.correct else "NO", counts_text(r.counts),
                         ""])
        print(table(rows, ["run", "median", "peak RSS", "correct",
                           "ins/del/upd moves", "note"]))
        ruled, plain = results
        ratio = None
        if ruled.ok and plain.ok and ruled.correct and plain.correct:
            ratio = ruled.median_s / plain.median_s
            print("rules / plain = %s (target <= %.2f: %s)" % (
                fmt_ratio(ratio), TARGET,
                "met" if ratio <= TARGET else "NOT met"))
        else:
            print("rules / plain: - (a run failed or had wrong counts)")
        summary.append([wl["name"],
                        fmt_time(ruled.median_s) if ruled.ok else "-",
                        fmt_time(plain.median_s) if plain.ok else "-",
                        fmt_ratio(ratio) if ratio else "-"])
    print("\n== Summary (rules)")
    print(table(summary, ["workload", "rules", "plain", "rules / plain"]))
