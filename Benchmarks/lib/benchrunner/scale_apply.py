"""The colpatch half of the scale section: `colpatch apply` of the 1M
diff document and RFC 6902 patch (made by `coldiff -f json` and `-f
patch` on the 1M medium pair) to OLD, in memory and under `--memory
128M`, one after another, each as many times as --repeat says
(medians); the result under the budget must be the in-memory result,
byte for byte, and NEW. Target (issue 13): peak RSS at most 192 MB."""

import filecmp
import os
import statistics
import subprocess

from .environment import log
from .report import fmt_mb, fmt_ratio, fmt_time, table
from .scale import BUDGET, PROFILE, RSS_TARGET_KB, SIZE, timed_runs

KINDS = (("diff document", "json"), ("RFC 6902 patch", "patch"))


def _patch(env, old, new, fmt, path):
    """The patch of OLD → NEW in coldiff's -f FORMAT, made once."""
    if not os.path.exists(path):
        with open(path + ".part", "wb") as out:
            code = subprocess.call([env.coldiff, "-f", fmt, old, new],
                                   stdout=out)
        if code != 1:
            return "coldiff -f %s exited %s" % (fmt, code)
        os.rename(path + ".part", path)
    return None


def _measure(env, args, rec, outdir, form, fmt):
    d = env.workload_dir(SIZE, PROFILE)
    old, new = os.path.join(d, "old." + form), os.path.join(d, "new." + form)
    stem = os.path.join(outdir, "scale-apply-%s-%s-%s" % (SIZE, form, fmt))
    patch = stem + ".patch.json"
    error = _patch(env, old, new, fmt, patch)
    if error:
        return {"error": error}
    memory_out, bounded_out = stem + ".memory.out", stem + ".bounded.out"
    memory, error = timed_runs(
        [env.colpatch, "apply", patch, old, "-o", memory_out], None, args,
        stem + ".memory.err", statuses=(0,))
    if error:
        return {"error": "in memory: " + error}
    bounded, error = timed_runs(
        [env.colpatch, "apply", "--memory", BUDGET, patch, old, "-o",
         bounded_out], None, args, stem + ".bounded.err", statuses=(0,))
    if error:
        return {"error": "--memory %s: %s" % (BUDGET, error)}
    result = {
        "memory_s": statistics.median(m.wall_s for m in memory),
        "memory_kb": max(m.maxrss_kb or 0 for m in memory),
        "bounded_s": statistics.median(m.wall_s for m in bounded),
        "bounded_kb": max(m.maxrss_kb or 0 for m in bounded),
        "identical": filecmp.cmp(memory_out, bounded_out, shallow=False),
        "new": filecmp.cmp(bounded_out, new, shallow=False),
        "error": None}
    rec.write(dict({"type": "measurement", "section": "scale-apply",
                    "workload": "%s-%s" % (SIZE, PROFILE), "form": form,
                    "patch": fmt, "budget": BUDGET},
                   **{k: (round(v, 6) if isinstance(v, float) else v)
                      for k, v in result.items()}))
    for path in (memory_out, bounded_out):
        os.remove(path)
    return result


def run_section(env, args, rec, outdir):
    print("\n\n######## scale: colpatch apply of the %s %s diff document and "
          "patch in memory and with --memory %s; targets: RSS <= %s, the same "
          "bytes" % (SIZE, PROFILE, BUDGET, fmt_mb(RSS_TARGET_KB)))
    if env.coldiff is None or env.colpatch is None:
        print("skipped: coldiff or colpatch is unavailable")
        return
    rows = []
    for form in args.forms:
        for name, fmt in KINDS:
            log("measuring scale apply %s %s %s" % (SIZE, form, fmt))
            r = _measure(env, args, rec, outdir, form, fmt)
            label = ["%s-%s" % (SIZE, PROFILE), form, name]
            if r["error"]:
                rows.append(label + ["-"] * 6 + [r["error"]])
                continue
            same = r["identical"] and r["new"]
            met = r["bounded_kb"] <= RSS_TARGET_KB and same
            rows.append(label + [
                fmt_time(r["memory_s"]), fmt_mb(r["memory_kb"]),
                fmt_time(r["bounded_s"]), fmt_mb(r["bounded_kb"]),
                fmt_ratio(r["bounded_s"] / r["memory_s"]),
                "yes" if same else "NO", "met" if met else "missed"])
    print(table(rows, ["workload", "form", "patch", "in memory", "its RSS",
                       "--memory " + BUDGET, "its RSS", "time ratio",
                       "same bytes", "targets"]))
