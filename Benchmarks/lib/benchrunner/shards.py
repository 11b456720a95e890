"""The shards section: each workload diffed as 4 shards (`coldiff --shard
I/4 -f json`, one after another) and combined (`coldiff --combine -f
json`), against one run over the whole inputs; the combined output must be
the single run's, byte for byte. The shards run one after another here, so
"4 machines" is the slowest shard plus the combination: what a run with one
machine per shard would take, the files already in every machine's cache."""

import filecmp
import os

from .environment import log
from .measure import run_timed
from .report import fmt_mb, fmt_time, table

SHARDS = 4


def _run(argv, out, timeout, err):
    """One timed run that must exit 0 or 1; (measurement, error)."""
    try:
        m = run_timed(argv, out, timeout, err)
    except OSError as e:
        return None, "cannot run %s: %s" % (argv[0], e)
    if m.timed_out:
        return m, "timeout"
    if m.exit_code not in (0, 1):
        return m, "exit %s: %s" % (m.exit_code, m.stderr_tail)
    return m, None


def _measure(env, wl, args, rec, outdir):
    """The single run, the shards and the combination of one workload."""
    stem = os.path.join(outdir, "shards-%s-%s" % (wl["name"], wl["form"]))
    single_out = stem + ".single.out"
    single, error = _run([env.coldiff, "-f", "json", wl["old"], wl["new"]],
                         single_out, args.timeout, stem + ".single.err")
    if error:
        return {"error": "single run: " + error}
    parts, shard_runs = [], []
    for index in range(SHARDS):
        part = "%s.part%d.json" % (stem, index)
        m, error = _run([env.coldiff, "--shard", "%d/%d" % (index, SHARDS),
                         "-f", "json", wl["old"], wl["new"]], part,
                        args.timeout, stem + ".part.err")
        if error:
            return {"error": "shard %d: %s" % (index, error)}
        parts.append(part)
        shard_runs.append(m)
    combined_out = stem + ".combined.out"
    combine, error = _run([env.coldiff, "--combine", "-f", "json"] + parts,
                          combined_out, args.timeout, stem + ".combine.err")
    if error:
        return {"error": "combine: " + error}
    result = {
        "single_s": single.wall_s, "single_kb": single.maxrss_kb,
        "shard_max_s": max(m.wall_s for m in shard_runs),
        "shard_sum_s": sum(m.wall_s for m in shard_runs),
        "shard_kb": max(m.maxrss_kb or 0 for m in shard_runs),
        "parts_bytes": sum(os.path.getsize(p) for p in parts),
        "combine_s": combine.wall_s, "combine_kb": combine.maxrss_kb,
        "identical": filecmp.cmp(single_out, combined_out, shallow=False),
        "error": None}
    rec.write(dict({"type": "measurement", "section": "shards",
                    "workload": wl["name"], "form": wl["form"],
                    "shards": SHARDS}, **{k: (round(v, 6) if isinstance(
                        v, float) else v) for k, v in result.items()}))
    return result


def run_section(env, workloads, args, rec, outdir):
    print("\n\n######## shards: %d shards (--shard I/%d, one after another) "
          "combined (--combine) against one run; the output must be the "
          "same bytes" % (SHARDS, SHARDS))
    if env.coldiff is None:
        print("skipped: coldiff is unavailable (%s)"
              % env.unavailable.get("coldiff", "?"))
        return
    rows = []
    for wl in workloads:
        log("measuring shards %s %s" % (wl["name"], wl["form"]))
        r = _measure(env, wl, args, rec, outdir)
        if r["error"]:
            rows.append([wl["name"], wl["form"]] + ["-"] * 7 + [r["error"]])
            continue
        rows.append([
            wl["name"], wl["form"], fmt_time(r["single_s"]),
            fmt_time(r["shard_sum_s"]), fmt_time(r["shard_max_s"]),
            fmt_time(r["combine_s"]),
            fmt_time(r["shard_max_s"] + r["combine_s"]),
            "%s / %s" % (fmt_mb(r["shard_kb"]), fmt_mb(r["combine_kb"])),
            "yes" if r["identical"] else "NO", ""])
    print(table(rows, ["workload", "form", "one run", "4 shards", "slowest",
                       "combine", "4 machines", "RSS shard / combine",
                       "same bytes", "note"]))
