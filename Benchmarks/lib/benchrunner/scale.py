"""The scale section: the 1M-record JSON pair (medium profile) diffed in
memory and bucket by bucket under `--memory 128M`, one after another,
each as many times as --repeat says (medians); the bucketed output must
be the in-memory run's, byte for byte. Targets (issue 13): peak RSS at
most 192 MB and time at most 2.5 times the run in memory.

When --sizes includes 10m, the 10M-record JSON Lines pair is also diffed
with `--memory 1G` and by DuckDB given the same limit (`SET memory_limit`,
its FULL OUTER JOIN of keyed_duckdb.sql), once each (minutes per run).
Targets: peak RSS at most 1.1 GB, the counts of ground_truth.json, and at
least 3 times faster than DuckDB."""

import filecmp
import json
import os
import statistics

from .environment import log
from .measure import run_timed
from .report import fmt_mb, fmt_ratio, fmt_time, table
from .tools import duckdb_table

SIZE = "1m"
PROFILE = "medium"
BUDGET = "128M"
RSS_TARGET_KB = 192 * 1000 * 1000 // 1024  # 192 MB as fmt_mb prints it
TIME_TARGET = 2.5
BIG_SIZE = "10m"
BIG_FORM = "jsonl"
BIG_BUDGET = "1G"
BIG_RSS_TARGET_KB = 1100 * 1000 * 1000 // 1024  # 1.1 GB
BIG_SPEEDUP_TARGET = 3.0


def timed_runs(argv, out, args, err, statuses=(0, 1)):
    """--repeat timed runs that must exit with one of `statuses`;
    (measurements, error)."""
    runs = []
    for _ in range(args.repeat):
        try:
            m = run_timed(argv, out, args.timeout, err)
        except OSError as e:
            return runs, "cannot run %s: %s" % (argv[0], e)
        if m.timed_out:
            return runs, "timeout"
        if m.exit_code not in statuses:
            return runs, "exit %s: %s" % (m.exit_code, m.stderr_tail)
        runs.append(m)
    return runs, None


def _measure(env, args, rec, outdir, form):
    d = env.workload_dir(SIZE, PROFILE)
    old, new = os.path.join(d, "old." + form), os.path.join(d, "new." + form)
    stem = os.path.join(outdir, "scale-%s-%s" % (SIZE, form))
    memory_out, bucket_out = stem + ".memory.out", stem + ".bucketed.out"
    memory, error = timed_runs([env.coldiff, "-f", "json", old, new],
                               memory_out, args, stem + ".memory.err")
    if error:
        return {"error": "in memory: " + error}
    bucketed, error = timed_runs(
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
    if BIG_SIZE in args.sizes:
        run_big(env, args, rec, outdir)


def _duckdb_limited_argv(env, old, new, spill):
    """DuckDB's keyed diff (keyed_duckdb.sql) under `SET memory_limit` of
    the coldiff budget, spilling to `spill`."""
    # read_json's 1 GiB maximum_object_size (for whole JSON arrays) makes
    # it ask for a 2 GiB buffer, more than the limit: a JSON Lines record
    # is far below 16 MiB.
    tables = [duckdb_table(path).replace(
        "maximum_object_size = 1073741824", "maximum_object_size = 16777216")
        for path in (old, new)]
    with open(env.peer("keyed_duckdb.sql"), encoding="utf-8") as f:
        sql = f.read().format(old_table=tables[0], new_table=tables[1])
    limit = "SET memory_limit = '1GB'; SET temp_directory = '%s';\n" % spill
    return [env.venv_bin("duckdb"), "-batch", "-jsonlines", "-c", limit + sql]


def _big_counts(path):
    """inserted, deleted, updated and moved of a diff document."""
    with open(path, "rb") as f:
        document = json.load(f)
    return {"inserted": len(document["inserts"]),
            "deleted": len(document["deletes"]),
            "updated": len(document["updates"]),
            "moved": len(document["moves"])}


def _warm(paths):
    """Reads each file once, so that both tools find the pair in the page
    cache, as the floors leave the diff section's inputs."""
    for path in paths:
        with open(path, "rb") as f:
            while f.read(1 << 24):
                pass


def _measure_big(env, args, rec, outdir):
    d = env.workload_dir(BIG_SIZE, PROFILE)
    old, new = (os.path.join(d, "old." + BIG_FORM),
                os.path.join(d, "new." + BIG_FORM))
    _warm((old, new))
    stem = os.path.join(outdir, "scale-%s-%s" % (BIG_SIZE, BIG_FORM))
    # Minutes per run: --timeout applies when it is longer than half an hour.
    timeout = max(args.timeout, 1800)
    coldiff = run_timed([env.coldiff, "--memory", BIG_BUDGET, "-f", "json",
                         old, new], stem + ".coldiff.out", timeout,
                        stem + ".coldiff.err")
    if coldiff.timed_out or coldiff.exit_code not in (0, 1):
        return {"error": "coldiff: %s" % ("timeout" if coldiff.timed_out
                                          else coldiff.stderr_tail)}
    truth = env.ground_truth(BIG_SIZE, PROFILE)
    counts = _big_counts(stem + ".coldiff.out")
    os.remove(stem + ".coldiff.out")
    right = all(counts[k] == truth[k] for k in ("inserted", "deleted",
                                                 "updated")) \
        and counts["moved"] == truth["moved_minimal"]
    result = {"coldiff_s": coldiff.wall_s, "coldiff_kb": coldiff.maxrss_kb,
              "right_counts": right, "duckdb_s": None, "duckdb_kb": None,
              "error": None}
    spill = stem + ".duckdb-spill"
    os.makedirs(spill, exist_ok=True)
    if os.path.exists(env.venv_bin("duckdb")):
        duck = run_timed(_duckdb_limited_argv(env, old, new, spill),
                         stem + ".duckdb.out", timeout,
                         stem + ".duckdb.err")
        if not duck.timed_out and duck.exit_code == 0:
            result["duckdb_s"] = duck.wall_s
            result["duckdb_kb"] = duck.maxrss_kb
        os.remove(stem + ".duckdb.out")
    rec.write(dict({"type": "measurement", "section": "scale",
                    "workload": "%s-%s" % (BIG_SIZE, PROFILE),
                    "form": BIG_FORM, "budget": BIG_BUDGET},
                   **{k: (round(v, 6) if isinstance(v, float) else v)
                      for k, v in result.items()}))
    return result


def run_big(env, args, rec, outdir):
    """The 10M JSON Lines pair: coldiff --memory 1G against DuckDB with the
    same memory limit."""
    print("\n######## scale: the %s %s %s pair with --memory %s against DuckDB "
          "(SET memory_limit = '1GB'); targets: RSS <= %s, the right counts, "
          "at least %.0fx faster than DuckDB" % (
              BIG_SIZE, PROFILE, BIG_FORM, BIG_BUDGET,
              fmt_mb(BIG_RSS_TARGET_KB), BIG_SPEEDUP_TARGET))
    env.generate([BIG_SIZE], [PROFILE])
    log("measuring scale %s %s" % (BIG_SIZE, BIG_FORM))
    r = _measure_big(env, args, rec, outdir)
    if r["error"]:
        print("failed: " + r["error"])
        return
    speedup = (r["duckdb_s"] / r["coldiff_s"]) if r["duckdb_s"] else None
    met = (r["coldiff_kb"] <= BIG_RSS_TARGET_KB and r["right_counts"]
           and speedup is not None and speedup >= BIG_SPEEDUP_TARGET)
    print(table([[
        "%s-%s" % (BIG_SIZE, PROFILE), BIG_FORM, fmt_time(r["coldiff_s"]),
        fmt_mb(r["coldiff_kb"]), "yes" if r["right_counts"] else "NO",
        fmt_time(r["duckdb_s"]) if r["duckdb_s"] else "-",
        fmt_mb(r["duckdb_kb"]) if r["duckdb_kb"] else "-",
        ("%.2fx" % speedup) if speedup else "-",
        "met" if met else "missed"]],
        ["workload", "form", "--memory " + BIG_BUDGET, "its RSS",
         "right counts", "DuckDB 1GB", "its RSS", "DuckDB / coldiff",
         "targets"]))
