"""The reports section: the HTML report of about 100,000 changes
(lib/gen_report.py) opened in headless Chromium, timed from Page.navigate
to its first rows on screen (target: under 2 s), and its size against the
diff document of the same changes (target: at most 1.5x). coldiff's
`-f html`, `-f markdown` and `-f json` runs are timed too."""

import json
import os
import shutil
import statistics
import subprocess
import sys

from .environment import log
from .measure import run_judged
from .report import Result, fmt_bytes, fmt_mb, fmt_ratio, fmt_time, table
from .tools import Tool

FIRST_ROWS_TARGET_S = 2.0
SIZE_TARGET = 1.5


def generate(env):
    """Run lib/gen_report.py into Benchmarks/work/reports (kept when there)."""
    out = os.path.join(env.work, "reports")
    gen = os.path.join(env.root, "Benchmarks", "lib", "gen_report.py")
    log("generating the reports workload into " + out)
    if subprocess.run([sys.executable, gen, out]).returncode != 0:
        sys.exit("bench: gen_report.py failed")
    return os.path.join(out, "old.json"), os.path.join(out, "new.json")


def _tools():
    def run(fmt):
        return lambda env, old, new: [env.coldiff, "-f", fmt, old, new]
    return [Tool("coldiff -f " + f, "coldiff", ("json",), ("coldiff",), run(f), None)
            for f in ("json", "html", "markdown")]


def _open_in_chromium(env, html, timeout):
    """One opening: (seconds to the first rows, the page's own figure, state)."""
    script = os.path.join(env.root, "Tests", "EndToEndTests", "Support",
                          "report_browser.py")
    done = subprocess.run([sys.executable, script, html, "--timeout", str(timeout)],
                          capture_output=True, text=True, timeout=timeout + 60)
    page = json.loads(done.stdout or "{}")
    if "error" in page or "firstRowsMs" not in page:
        raise RuntimeError(page.get("error") or done.stderr[-500:])
    return page["firstRowsMs"] / 1000, page["pageFirstRowsMs"] / 1000, page


def run_section(env, args, rec, outdir):
    print("\n\n######## reports: the HTML report of ~100,000 changes in headless "
          "Chromium (targets: first rows < %.0f s, size <= %.1fx the diff "
          "document)" % (FIRST_ROWS_TARGET_S, SIZE_TARGET))
    if env.coldiff is None:
        print("skipped: coldiff is unavailable (%s)" % env.unavailable.get("coldiff", "?"))
        return
    old, new = generate(env)
    results = [Result(t) for t in _tools()]
    outputs = {}
    for rep in range(args.repeat):
        for res in results:
            if res.failure or res.timed_out_after:
                continue
            # The name's extension matters: Chromium opens a .out file as text.
            fmt = res.tool.name.split()[-1]
            stem = os.path.join(outdir, "report-" + fmt)
            out = outputs[res.tool.name] = stem + {"markdown": ".md"}.get(fmt, "." + fmt)
            argv = res.tool.argv(env, old, new)
            m, error = run_judged(res, argv, out, args.timeout, stem + ".err", (0, 1))
            if m is None:
                continue
            res.runs.append((m, None, error))
            rec.write({"type": "measurement", "section": "reports", "tool": res.tool.name,
                       "repeat": rep, "argv": argv, "wall_s": round(m.wall_s, 6),
                       "maxrss_kb": m.maxrss_kb, "exit_code": m.exit_code,
                       "error": error, "bytes_out": os.path.getsize(out)})
    with open(outputs["coldiff -f json"], encoding="utf-8") as f:
        document = json.load(f)
    counts = {k: len(document[k]) for k in ("inserts", "deletes", "updates", "moves")}
    print("\n== %s changes (%s inserted, %s deleted, %s updated, %s moved); old %s, new %s"
          % (sum(counts.values()), counts["inserts"], counts["deletes"], counts["updates"],
             counts["moves"], fmt_bytes(os.path.getsize(old)), fmt_bytes(os.path.getsize(new))))
    json_bytes = os.path.getsize(outputs["coldiff -f json"])
    rows = []
    for r in results:
        size = os.path.getsize(outputs[r.tool.name]) if r.tool.name in outputs else None
        rows.append([r.tool.name, fmt_time(r.median_s) if r.ok else r.status_text(args.timeout),
                     fmt_mb(r.peak_kb) if r.ok else "-", fmt_bytes(size) if size else "-",
                     fmt_ratio(size / json_bytes) if size else "-"])
    print(table(rows, ["run", "median", "peak RSS", "output", "output / diff document"]))
    html = outputs["coldiff -f html"]
    ratio = os.path.getsize(html) / json_bytes
    print("HTML size / diff document = %s (target <= %.1f: %s)" % (
        fmt_ratio(ratio), SIZE_TARGET, "met" if ratio <= SIZE_TARGET else "NOT met"))
    chromium = shutil.which("chromium")
    if chromium is None:
        print("first rows: chromium is unavailable (apt-get install chromium)")
        return
    seen, page_own, loaded = [], [], []
    for rep in range(args.repeat):
        log("opening the HTML report in chromium (%d of %d)" % (rep + 1, args.repeat))
        try:
            wall, own, page = _open_in_chromium(env, html, args.timeout)
        except Exception as e:  # a failed opening is reported, not fatal
            print("first rows: failed: %s" % e)
            return
        seen.append(wall)
        page_own.append(own)
        loaded.append(page["pageLoadedMs"] / 1000)
        rec.write({"type": "measurement", "section": "reports", "tool": "chromium first rows",
                   "repeat": rep, "wall_s": round(wall, 6), "page_s": round(own, 6),
                   "page_loaded_s": round(loaded[-1], 6),
                   "shown": page["initial"]["shown"],
                   "row_elements": page["initial"]["rowElements"],
                   "requests": page["requests"]})
    first = statistics.median(seen)
    print("first rows on screen, from Page.navigate: median %s (page's own "
          "performance.now(): %s; %d openings, each in a fresh Chromium) (target < "
          "%.0f s: %s)" % (
              fmt_time(first), fmt_time(statistics.median(page_own)), len(seen),
              FIRST_ROWS_TARGET_S, "met" if first < FIRST_ROWS_TARGET_S else "NOT met"))
    print("all %s changes read and shown (page's own performance.now()): median %s; "
          "%s row elements in the page" % (
              page["initial"]["shown"].split()[0], fmt_time(statistics.median(loaded)),
              page["initial"]["rowElements"]))
