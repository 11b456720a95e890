"""Benchmarks/run: options and the main flow."""

import argparse
import datetime
import json
import os
import platform
import sys

from . import merging, patching, reports, rules, scale, scale_apply, shards, trees
from .environment import Environment, log
from .measure import alternating, launcher_overhead_s, rss_floor_note, run_judged, warm
from .report import (Result, counts_text, fmt_bytes, fmt_mb, fmt_ratio,
                     fmt_time, table)
from .tools import (BASELINE_NAME, COLDIFF_KINDS, PEER_NAMES, all_tools,
                    baseline_tool)

SIZES = ["1k", "10k", "100k", "1m", "10m"]
PROFILES = ["small", "medium", "heavy", "shuffle", "identical"]
FORMS = ["json", "jsonl", "csv"]


def csv_list(choices):
    def parse(text):
        items = [x.strip().lower() for x in text.split(",") if x.strip()]
        bad = [x for x in items if x not in choices]
        if bad or not items:
            raise argparse.ArgumentTypeError(
                "unknown %s (choose from %s)" % (", ".join(bad) or "(empty)",
                                                 ", ".join(choices)))
        return items
    return parse


def peer_list(text):
    """`none`, or a list of peer names (to time coldiff against the floors
    alone, with more repetitions than the peers would allow)."""
    if text.strip().lower() == "none":
        return []
    return csv_list(PEER_NAMES)(text)


def parse_args(argv, root):
    ap = argparse.ArgumentParser(
        prog="Benchmarks/run",
        description="Compare coldiff and colpatch with the tools people use "
                    "today, on the shared workloads (../shared/bench/gen.py).")
    ap.add_argument("--sizes", type=csv_list(SIZES), default=None,
                    help="workload sizes (default 10k,100k; 1m takes minutes "
                         "per tool; 10m, made by lib/gen_stream.py, runs in "
                         "the diff section only)")
    ap.add_argument("--profiles", type=csv_list(PROFILES), default=["medium"],
                    help="change profiles (default medium)")
    ap.add_argument("--forms", type=csv_list(FORMS), default=FORMS,
                    help="input forms (default json,jsonl,csv)")
    ap.add_argument("--peers", type=peer_list, default=PEER_NAMES,
                    help="peers to run, or none (default all: %s)"
                         % ",".join(PEER_NAMES))
    ap.add_argument("--repeat", type=int, default=None,
                    help="runs per tool and workload; the median is reported "
                         "(default 3)")
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds before a run is killed and shown as >N s "
                         "(default 120)")
    ap.add_argument("--data", default=os.path.join(root, "Benchmarks", "work",
                                                   "data"),
                    help="workload folder (default Benchmarks/work/data)")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: --sizes 10k --repeat 1 --timeout 30 "
                         "unless given")
    ap.add_argument("--no-patch", action="store_true",
                    help="leave out the colpatch section")
    ap.add_argument("--no-rules", action="store_true",
                    help="leave out the comparison rules section")
    ap.add_argument("--no-merge", action="store_true",
                    help="leave out the merge section")
    ap.add_argument("--no-trees", action="store_true",
                    help="leave out the tree section (coldiff --tree against "
                         "a flat diff of the same records)")
    ap.add_argument("--no-shards", action="store_true",
                    help="leave out the shards section (4 shards combined "
                         "against one run)")
    ap.add_argument("--no-scale", action="store_true",
                    help="leave out the scale section (the 1m JSON pair in "
                         "memory and with --memory 128M; generates 1m)")
    ap.add_argument("--scale-only", action="store_true",
                    help="run only the scale section")
    ap.add_argument("--trees-only", action="store_true",
                    help="run only the tree section (no peers, no colpatch)")
    ap.add_argument("--no-reports", action="store_true",
                    help="leave out the reports section (the HTML report of "
                         "~100,000 changes in headless Chromium)")
    ap.add_argument("--reports-only", action="store_true",
                    help="run only the reports section")
    ap.add_argument("--no-build", action="store_true",
                    help="do not run swift build; use .build/release as it is")
    ap.add_argument("--coldiff", metavar="PATH",
                    help="use this coldiff binary (no build)")
    ap.add_argument("--colpatch", metavar="PATH",
                    help="use this colpatch binary (no build)")
    ap.add_argument("--baseline", metavar="PATH",
                    help="also time this coldiff binary (an older build) in "
                         "the same round-robin, and print coldiff / baseline")
    a = ap.parse_args(argv)
    if a.sizes is None:
        a.sizes = ["10k"] if a.quick else ["10k", "100k"]
    if a.repeat is None:
        a.repeat = 1 if a.quick else 3
    if a.timeout is None:
        a.timeout = 30.0 if a.quick else 120.0
    if a.no_trees and a.trees_only:
        ap.error("--no-trees and --trees-only contradict each other")
    if a.reports_only and (a.trees_only or a.no_reports):
        ap.error("--reports-only runs the reports section alone")
    if a.scale_only and (a.trees_only or a.reports_only or a.no_scale):
        ap.error("--scale-only runs the scale section alone")
    # Only one section (trees, reports or scale): no peers, no colpatch
    # section (the scale section runs colpatch apply itself).
    a.one_section = a.trees_only or a.reports_only or a.scale_only
    if a.repeat < 1 or a.timeout <= 0:
        ap.error("--repeat must be at least 1 and --timeout positive")
    return a


class Recorder:
    """Every raw measurement, one JSON object per line."""

    def __init__(self, path, header):
        self.path = path
        self.f = open(path, "a", encoding="utf-8")
        self.write(header)

    def write(self, obj):
        self.f.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.f.flush()


def _preview(path, limit=60):
    """The start of a file, for a failure message."""
    try:
        with open(path, "rb") as f:
            head = f.read(limit + 1)
    except OSError:
        return "(no output)"
    text = head[:limit].decode("utf-8", "replace").replace("\n", " ").strip()
    return repr(text + ("..." if len(head) > limit else ""))


def judge(tool, counts, truth):
    """Right insert/delete/update counts; for coldiff also the minimal moves."""
    want = {k: truth[k] for k in ("inserted", "deleted", "updated")}
    if tool.kind in COLDIFF_KINDS:
        want["moved"] = truth["moved_minimal"]
    return all(counts.get(k) == v for k, v in want.items())


def measure_workload(env, tools, wl, args, rec, outdir):
    """Run every tool on one workload, round-robin (the order reversed on
    every other repetition, `alternating`), args.repeat times."""
    old, new = wl["old"], wl["new"]
    results = []
    for tool in tools:
        missing = [n for n in tool.needs if n in env.unavailable]
        results.append(Result(tool, unavailable="; ".join(
            "%s: %s" % (n, env.unavailable[n]) for n in missing) or None))
    warm(old, new)
    for rep in range(args.repeat):
        for res in alternating(results, rep):
            if not (res.unavailable is None and res.failure is None
                    and res.timed_out_after is None):
                continue
            tool = res.tool
            stem = os.path.join(outdir, tool.name.replace(" ", "_"))
            out = stem + ".out" if tool.keeps_stdout else None
            argv = tool.argv(env, old, new)
            counts = None
            m, error = run_judged(res, argv, out, args.timeout, stem + ".err",
                                  (0, 1) if tool.kind in COLDIFF_KINDS else (0,))
            if m is None:
                continue
            if error is None and tool.counts is not None:
                try:
                    counts = tool.counts(out)
                except Exception as e:  # any unreadable output is a failure
                    error = res.failure = "unreadable output (%s: %s): %s" % (
                        type(e).__name__, e, _preview(out))
            correct = None
            if counts is not None and tool.kind in COLDIFF_KINDS:
                want = 1 if any(counts.values()) else 0
                if m.exit_code != want:
                    res.note = "exit %d with %s differences (SPEC §4 wants %d)" % (
                        m.exit_code, "some" if want else "no", want)
            if counts is not None:
                correct = judge(tool, counts, wl["truth"])
                res.counts = res.counts or counts
                res.correct = correct if res.correct is None else (
                    res.correct and correct)
            res.runs.append((m, counts, error))
            rec.write({"type": "measurement", "section": "diff",
                       "workload": wl["name"], "size": wl["size"],
                       "profile": wl["profile"], "form": wl["form"],
                       "tool": tool.name, "kind": tool.kind, "repeat": rep,
                       "argv": argv, "wall_s": round(m.wall_s, 6),
                       "cpu_s": round(m.cpu_s, 6), "sys_s": round(m.sys_s, 6),
                       "minor_faults": m.minor_faults,
                       "maxrss_kb": m.maxrss_kb, "exit_code": m.exit_code,
                       "timed_out": m.timed_out, "error": error,
                       "counts": counts, "correct": correct,
                       "bytes_old": wl["bytes_old"],
                       "bytes_new": wl["bytes_new"]})
    return results


def print_workload(wl, results, args):
    t = wl["truth"]
    print("\n== %s, %s  (old %s + new %s; truth %d ins / %d del / %d upd, "
          "moves %d minimal, %d planted)" % (
              wl["name"], wl["form"], fmt_bytes(wl["bytes_old"]),
              fmt_bytes(wl["bytes_new"]), t["inserted"], t["deleted"],
              t["updated"], t["moved_minimal"], t["moved_planted"]))
    by_name = {r.tool.name: r for r in results}
    cold = by_name.get("coldiff")
    cold_s = cold.median_s if cold and cold.ok and cold.correct else None
    rows = []
    for r in results:
        status = r.status_text(args.timeout)
        if status:
            rows.append([r.tool.name, "-", "-", "-", "-", "-", status])
            continue
        vs = fmt_ratio(r.median_s / cold_s) if cold_s and r.tool.name != "coldiff" else "-"
        correct = "-" if r.correct is None else ("yes" if r.correct else "NO")
        rows.append([r.tool.name, fmt_time(r.median_s), fmt_mb(r.peak_kb),
                     correct, counts_text(r.counts), vs, r.note])
    print(table(rows, ["tool", "median", "peak RSS", "correct",
                       "ins/del/upd", "time / coldiff", "note"]))
    peers = [r for r in results if r.tool.kind == "peer" and r.ok and r.correct]
    best = min(peers, key=lambda r: r.median_s) if peers else None
    natives = [r for r in peers if r.tool.native]
    native = min(natives, key=lambda r: r.median_s) if natives else None
    wc = by_name.get("wc -l")
    base = by_name.get(BASELINE_NAME)
    base_s = base.median_s if base and base.ok and base.correct else None
    summary = {"baseline_s": base_s,
               "workload": wl["name"], "form": wl["form"],
               "coldiff_s": cold_s,
               "coldiff_status": None if cold_s else (
                   cold.status_text(args.timeout) if cold and not cold.ok
                   else "wrong counts" if cold and cold.ok else "not run"),
               "best_peer": best.tool.name if best else None,
               "best_peer_s": best.median_s if best else None,
               "best_peer_kb": best.peak_kb if best else None,
               "native_peer": native.tool.name if native else None,
               "native_peer_s": native.median_s if native else None,
               "wc_s": wc.median_s if wc and wc.ok else None,
               "coldiff_kb": cold.peak_kb if cold_s else None,
               "input_bytes": wl["bytes_old"] + wl["bytes_new"]}
    if best:
        line = "fastest correct peer: %s, %s, %s" % (
            best.tool.name, fmt_time(best.median_s), fmt_mb(best.peak_kb))
        if cold_s:
            line += "; peer / coldiff = %s" % fmt_ratio(best.median_s / cold_s)
        print(line)
    else:
        print("fastest correct peer: none")
    if native:
        line = "fastest correct native peer: %s, %s, %s" % (
            native.tool.name, fmt_time(native.median_s), fmt_mb(native.peak_kb))
        if cold_s:
            line += "; native / coldiff = %s" % fmt_ratio(native.median_s / cold_s)
        print(line)
    if cold_s and base_s:
        print("coldiff / baseline = %s wall, %s CPU" % (
            fmt_ratio(cold_s / base_s),
            fmt_ratio(cold.median_cpu_s / base.median_cpu_s)))
    if cold_s:
        if summary["wc_s"]:
            print("coldiff / wc -l = %s" % fmt_ratio(cold_s / summary["wc_s"]))
        print("coldiff peak RSS / input bytes = %.2f" % (
            summary["coldiff_kb"] * 1024 / summary["input_bytes"]))
        if cold.kernel_text():
            print("coldiff " + cold.kernel_text())
    else:
        print("coldiff: %s" % summary["coldiff_status"])
    return summary


def print_summary(summaries):
    print("\n== Summary (diff)")
    rows = []
    for s in summaries:
        cold = fmt_time(s["coldiff_s"]) if s["coldiff_s"] else (
            s["coldiff_status"] or "-")[:40]
        ratio = (fmt_ratio(s["best_peer_s"] / s["coldiff_s"])
                 if s["coldiff_s"] and s["best_peer_s"] else "-")
        native = (fmt_ratio(s["native_peer_s"] / s["coldiff_s"])
                  if s["coldiff_s"] and s["native_peer_s"] else "-")
        vs_wc = (fmt_ratio(s["coldiff_s"] / s["wc_s"])
                 if s["coldiff_s"] and s["wc_s"] else "-")
        rss = ("%.2f" % (s["coldiff_kb"] * 1024 / s["input_bytes"])
               if s["coldiff_kb"] else "-")
        vs_base = (fmt_ratio(s["coldiff_s"] / s["baseline_s"])
                   if s["coldiff_s"] and s["baseline_s"] else "-")
        rows.append(["%s %s" % (s["workload"], s["form"]),
                     "%s %s" % (s["best_peer"] or "-", fmt_time(s["best_peer_s"])),
                     fmt_mb(s["best_peer_kb"]), fmt_time(s["wc_s"]), ratio,
                     native, vs_wc, rss, cold, vs_base])
    print(table(rows, ["workload", "fastest correct peer", "its RSS", "wc -l",
                       "peer/coldiff", "native/coldiff", "coldiff/wc",
                       "coldiff RSS/input", "coldiff", "coldiff/baseline"]))


def machine_info():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"host": platform.node(), "kernel": platform.release(),
            "cpu": cpu, "cpus": os.cpu_count()}


def main(argv, root):
    args = parse_args(argv, root)
    work = os.path.join(root, "Benchmarks", "work")
    os.makedirs(work, exist_ok=True)
    data = os.path.abspath(args.data)
    env = Environment(root, work, data)

    wanted = set() if args.one_section else set(args.peers)
    if wanted & {"jsondiff", "deepdiff", "dictdiffer", "jsonpatch", "csv-diff",
                 "daff", "duckdb", "polars"} or not (args.no_patch or args.one_section):
        env.setup_venv()
    if wanted & {"jq", "miller"}:
        env.setup_system_tools()
    # The scale section applies patches too (colpatch apply --memory).
    products = (("coldiff",) if args.trees_only or args.reports_only
                else ("coldiff", "colpatch"))
    env.build(args.no_build or bool(args.coldiff and args.colpatch),
              args.coldiff, args.colpatch, products)
    if not args.one_section:
        env.generate(args.sizes, args.profiles)
    # 10m is for the diff section: the other sections' generators and
    # peers hold a whole pair in memory.
    held_sizes = [size for size in args.sizes if size != "10m"]
    if not (args.no_trees or args.reports_only or args.scale_only) and held_sizes:
        trees.generate(env, held_sizes)

    outdir = os.path.join(work, "out")
    os.makedirs(outdir, exist_ok=True)
    overhead = launcher_overhead_s(os.path.join(outdir, "true.err"))
    stamp = datetime.datetime.now(datetime.timezone.utc)
    results_path = os.path.join(
        work, "results-%s.jsonl" % stamp.strftime("%Y-%m-%dT%H%M%SZ"))
    rec = Recorder(results_path, {
        "type": "run", "started": stamp.isoformat(timespec="seconds"),
        "options": {k: v for k, v in vars(args).items()},
        "machine": machine_info(), "versions": env.versions,
        "unavailable": env.unavailable, "rss_note": rss_floor_note(),
        "coldiff": env.coldiff, "colpatch": env.colpatch,
        "launcher_overhead_s": round(overhead, 6)})

    print("coldiff benchmark, %s, %s (%s cpus); repeat %d, timeout %gs" % (
        stamp.strftime("%Y-%m-%d %H:%M UTC"), machine_info()["cpu"],
        os.cpu_count(), args.repeat, args.timeout))
    if env.versions:
        print("versions: " + ", ".join("%s %s" % kv
                                       for kv in sorted(env.versions.items())))
    print("launch overhead (spawn%s of `true`): %.1f ms, included in every "
          "time below" % ("" if rss_floor_note() else " + GNU time",
                          overhead * 1000))
    if rss_floor_note():
        print("note: " + rss_floor_note())
    for name, why in sorted(env.unavailable.items()):
        print("unavailable: %s (%s)" % (name, why))

    tools = [t for t in all_tools() if t.kind != "peer" or t.select in wanted]
    if args.baseline and not args.one_section:
        if not os.access(args.baseline, os.X_OK):
            sys.exit("Benchmarks/run: --baseline %s is not executable"
                     % args.baseline)
        env.baseline = os.path.abspath(args.baseline)
        tools.insert(next(i for i, t in enumerate(tools)
                          if t.kind == "coldiff") + 1, baseline_tool())
    summaries = []
    workloads = []
    for size in ([] if args.one_section else args.sizes):
        for profile in args.profiles:
            truth = env.ground_truth(size, profile)
            d = env.workload_dir(size, profile)
            for form in args.forms:
                old = os.path.join(d, "old." + form)
                new = os.path.join(d, "new." + form)
                wl = {"name": "%s-%s" % (size, profile), "size": size,
                      "profile": profile, "form": form, "old": old, "new": new,
                      "truth": truth, "bytes_old": os.path.getsize(old),
                      "bytes_new": os.path.getsize(new)}
                workloads.append(wl)
                log("measuring %s %s" % (wl["name"], form))
                results = measure_workload(
                    env, [t for t in tools if form in t.forms], wl, args, rec,
                    outdir)
                summaries.append(print_workload(wl, results, args))
                sys.stdout.flush()
    if not args.one_section:
        print_summary(summaries)
    held_workloads = [wl for wl in workloads if wl["size"] != "10m"]
    if not (args.no_patch or args.one_section):
        patching.run_section(env, held_workloads, args, rec, outdir)
    if not (args.no_rules or args.one_section):
        rules.run_section(env, held_workloads, args, rec, outdir)
    if not (args.no_merge or args.one_section):
        merging.run_section(env, held_workloads, args, rec, outdir)
    if not (args.no_shards or args.one_section):
        shards.run_section(env, held_workloads, args, rec, outdir)
    if not (args.no_scale or args.trees_only or args.reports_only):
        scale.run_section(env, args, rec, outdir)
        scale_apply.run_section(env, args, rec, outdir)
    if not (args.no_trees or args.reports_only or args.scale_only):
        trees.run_section(env, held_sizes, args, rec, outdir)
    if not (args.no_reports or args.trees_only or args.scale_only):
        reports.run_section(env, args, rec, outdir)
    rec.f.close()
    print("\nraw measurements: %s" % results_path)
    return 0
