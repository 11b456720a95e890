"""The scale section: the 1M-record JSON pair (medium profile) diffed in
memory and bucket by bucket under `--memory 128M`, one after another,
each as many times as --repeat says (medians); the bucketed output must
be the in-memory run's, byte for byte. Targets (issue 13): peak RSS at
most 192 MB and time at most 2.5 times the run in memory. The 10M
workload against DuckDB under the same memory limit is not measured
here."""

import filecmp
import os
import statistics

from .environment import log
from .measure import run_timed
from .report import fmt_mb, fmt_ratio, fmt_time, table

SIZE = "1m"
PROFILE = "medium"
BUDGET = "128M"
RSS_TARGET_KB = 192 * 1000 * 1000 // 1024  # 192 MB as fmt_mb prints it
TIME_TARGET = 2.5


def _runs(argv, out, args, err):
    """--repeat timed runs that must exit 0 or 1; (measurements, error)."""
    runs = []
    for _ in range(args.repeat):
        try:
            m = run_timed(argv, out, args.timeout, err)
        except OSError as e:
            return runs, "cannot run %s: %s" % (argv[0], e)
        if m.timed_out:
            return runs, "timeout"
        if m.exit_code not in (0, 1):
            return runs, "exit %s: %s" % (m.exit_code, m.stderr_tail)
        runs.append(m)
    return runs, None


def _measure(env, args, rec, outdir, form):
    d = env.workload_dir(SIZE, PROFILE)
    old, new = os.path.join(d, "old." + form), os.path.join(d, "new." + form)
    stem = os.path.join(outdir, "scale-%s-%s" % (SIZE, form))
    memory_out, bucket_out = stem + ".memory.out", stem + ".bucketed.out"
    memory, error = _runs([env.coldiff, "-f", "json", old, new], memory_out,
                          args, stem + ".memory.err")
    if error:
        return {"error": "in memory: " + error}
    bucketed, error = _runs(
        [env.coldiff, "--memory", BUDGET, "-f", "json", old, new], bucket_out,
        args, stem + ".bucketed.err")
    if error:
        return {"error": "--memory %s: %s" % (BUDGET, error)}
    result = {
        "memory_s": statistics.median(m.wall_s for m in memory),
        "memory_kb": max(m.maxrss_kb or 0 for m in memory),
        "bucketed_s": statistics.median(m.wall_s for m in bucketed),
        "bucketed_kb": max(m.maxrss_kb or 0 for m in bucketed),
        "identical": filecmp.cmp(memory_out, bucket_out, shallow=False),
        "error": None}
    rec.write(dict({"type": "measurement", "section": "scale",
                    "workload": "%s-%s" % (SIZE, PROFILE), "form": form,
                    "budget": BUDGET}, **{k: (round(v, 6) if isinstance(
                        v, float) else v) for k, v in result.items()}))
    return result


def run_section(env, args, rec, outdir):
    print("\n\n######## scale: the %s %s pair in memory and with --memory %s "
          "(bucketed); targets: RSS <= %s, time <= %.1fx in memory, the same "
          "bytes" % (SIZE, PROFILE, BUDGET, fmt_mb(RSS_TARGET_KB), TIME_TARGET))
    if env.coldiff is None:
        print("skipped: coldiff is unavailable (%s)"
              % env.unavailable.get("coldiff", "?"))
        return
    env.generate([SIZE], [PROFILE])
    rows = []
    for form in args.forms:
        log("measuring scale %s %s" % (SIZE, form))
        r = _measure(env, args, rec, outdir, form)
        if r["error"]:
            rows.append(["%s-%s" % (SIZE, PROFILE), form] + ["-"] * 6
                        + [r["error"]])
            continue
        ratio = r["bucketed_s"] / r["memory_s"]
        met = (r["bucketed_kb"] <= RSS_TARGET_KB and ratio <= TIME_TARGET
               and r["identical"])
        rows.append([
            "%s-%s" % (SIZE, PROFILE), form, fmt_time(r["memory_s"]),
            fmt_mb(r["memory_kb"]), fmt_time(r["bucketed_s"]),
            fmt_mb(r["bucketed_kb"]), fmt_ratio(ratio),
            "yes" if r["identical"] else "NO", "met" if met else "missed"])
    print(table(rows, ["workload", "form", "in memory", "its RSS",
                       "--memory " + BUDGET, "its RSS", "time ratio",
                       "same bytes", "targets"]))
