"""The colpatch section: apply coldiff's patch and diff document to OLD,
check the result equals NEW, against Python's jsonpatch on the same patch."""

import json
import os
import subprocess

from .environment import log
from .measure import alternating, run_timed, warm
from .report import Result, fmt_mb, fmt_ratio, fmt_time, table


class _Applier:
    def __init__(self, name, needs, argv):
        self.name, self.kind, self.needs, self.argv = name, "patch", needs, argv


def _appliers(env):
    return [
        _Applier("colpatch apply p.json", ("colpatch",),
                 lambda p, d, old, out: [env.colpatch, "apply", p, old, "-o", out]),
        _Applier("colpatch apply d.json", ("colpatch",),
                 lambda p, d, old, out: [env.colpatch, "apply", d, old, "-o", out]),
        _Applier("jsonpatch.apply_patch p.json", ("jsonpatch",),
                 lambda p, d, old, out: [env.python, env.peer("jsonpatch_apply.py"),
                                         p, old, out]),
    ]


def _make(env, fmt, wl, path, timeout):
    """coldiff -f FMT OLD NEW > path, untimed; returns an error or None."""
    try:
        with open(path, "wb") as f:
            r = subprocess.run([env.coldiff, "-f", fmt, wl["old"], wl["new"]],
                               stdout=f, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "coldiff -f %s took over %gs" % (fmt, timeout)
    except OSError as e:
        return "coldiff -f %s: %s" % (fmt, e)
    if r.returncode not in (0, 1):
        tail = r.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
        return "coldiff -f %s exited %d%s" % (fmt, r.returncode,
                                              (": " + tail[0]) if tail else "")
    try:
        with open(path, "rb") as f:
            json.load(f)
    except ValueError:
        with open(path, "rb") as f:
            head = f.read(60).decode("utf-8", "replace").strip()
        return "coldiff -f %s printed no JSON document (%r)" % (fmt, head)
    return None


def _time_making(env, wl, p, args, outdir, made, rec, rep):
    """Times `coldiff -f patch OLD NEW > p.json` into `made`, as a run of
    the colpatch section (its output is the patch the appliers read)."""
    argv = [env.coldiff, "-f", "patch", wl["old"], wl["new"]]
    try:
        m = run_timed(argv, p, args.timeout, os.path.join(outdir, "make.err"))
    except OSError as e:
        made.failure = "cannot run %s: %s" % (argv[0], e)
        return
    error = None
    if m.timed_out:
        error = made.failure = "timeout"
    elif m.exit_code not in (0, 1):
        error = made.failure = "exit %s" % m.exit_code
    made.runs.append((m, None, error))
    rec.write({"type": "measurement", "section": "patch", "workload": wl["name"],
               "size": wl["size"], "profile": wl["profile"], "form": wl["form"],
               "tool": made.tool.name, "repeat": rep, "argv": argv,
               "wall_s": round(m.wall_s, 6), "maxrss_kb": m.maxrss_kb,
               "exit_code": m.exit_code, "timed_out": m.timed_out, "error": error})


def _same(env, wl, out):
    if not os.path.exists(env.python):
        return False, "not checked: the venv's Python is unavailable"
    r = subprocess.run([env.python, env.peer("same_value.py"), wl["form"], out,
                        wl["new"]], capture_output=True, text=True)
    return r.returncode == 0, r.stdout.strip()


def run_section(env, workloads, args, rec, outdir):
    print("\n\n######## colpatch: apply coldiff's output to OLD, expect NEW")
    if env.coldiff is None:
        print("skipped: coldiff is unavailable (%s), so there is no patch to "
              "apply" % env.unavailable.get("coldiff", "?"))
        return
    summary = []
    for wl in workloads:
        log("colpatch section: %s %s" % (wl["name"], wl["form"]))
        p = os.path.join(outdir, "p.json")
        d = os.path.join(outdir, "d.json")
        print("\n== %s, %s" % (wl["name"], wl["form"]))
        errors = [e for e in (_make(env, "patch", wl, p, args.timeout),
                              _make(env, "json", wl, d, args.timeout)) if e]
        if errors:
            print("skipped: " + "; ".join(errors))
            summary.append(["%s %s" % (wl["name"], wl["form"]), "-", "-", "-",
                            "skipped: " + errors[0][:50], "-"])
            continue
        out = os.path.join(outdir, "applied." + wl["form"])
        # The run that made the patch, timed as the appliers are: SPEC's
        # target is an apply no slower than it.
        made = Result(_Applier("coldiff -f patch (makes p.json)", ("coldiff",), None))
        results = []
        for a in _appliers(env):
            missing = [n for n in a.needs if n in env.unavailable]
            # Python's jsonpatch is a peer: run only when --peers names it.
            unasked = [n for n in a.needs if n == "jsonpatch" and n not in args.peers]
            results.append(Result(a, unavailable="; ".join(
                ["%s: not in --peers" % n for n in unasked]
                + ["%s: %s" % (n, env.unavailable[n]) for n in missing]) or None))
        warm(wl["old"], wl["new"], p, d)
        for rep in range(args.repeat):
            # The run that makes the patch (`None`) first, then the
            # appliers; in reverse on odd repetitions (`alternating`).
            for res in alternating([None] + results, rep):
                if res is None:
                    if not made.failure:
                        _time_making(env, wl, p, args, outdir, made, rec, rep)
                    continue
                if res.unavailable or res.failure or res.timed_out_after:
                    continue
                argv = res.tool.argv(p, d, wl["old"], out)
                if os.path.exists(out):
                    os.remove(out)
                err_path = os.path.join(outdir, "apply.err")
                error, same = None, None
                try:
                    m = run_timed(argv, None, args.timeout, err_path)
                except OSError as e:
                    res.failure = "cannot run %s: %s" % (argv[0], e)
                    continue
                if m.timed_out:
                    res.timed_out_after = args.timeout
                    error = "timeout"
                elif m.exit_code != 0:
                    error = res.failure = "exit %s%s" % (
                        m.exit_code, (": " + m.stderr_tail) if m.stderr_tail else "")
                elif not os.path.exists(out):
                    error = res.failure = "wrote no output"
                else:
                    same, why = _same(env, wl, out)
                    res.correct = same if res.correct is None else (res.correct and same)
                    if not same:
                        res.counts = why
                res.runs.append((m, None, error))
                rec.write({"type": "measurement", "section": "patch",
                           "workload": wl["name"], "size": wl["size"],
                           "profile": wl["profile"], "form": wl["form"],
                           "tool": res.tool.name, "repeat": rep, "argv": argv,
                           "wall_s": round(m.wall_s, 6),
                           "maxrss_kb": m.maxrss_kb, "exit_code": m.exit_code,
                           "timed_out": m.timed_out, "error": error,
                           "result_equals_new": same,
                           "bytes_patch": os.path.getsize(p),
                           "bytes_diff": os.path.getsize(d)})
        base = results[0] if results[0].ok and results[0].correct else None
        rows = []
        for r in results:
            status = r.status_text(args.timeout)
            if status:
                rows.append([r.tool.name, "-", "-", "-", "-", status])
                continue
            vs = (fmt_ratio(r.median_s / base.median_s)
                  if base and r is not base and r.correct else "-")
            rows.append([r.tool.name, fmt_time(r.median_s), fmt_mb(r.peak_kb),
                         "yes" if r.correct else "NO", vs,
                         "" if r.correct else (r.counts or "")])
        print("p.json %d bytes, d.json %d bytes" % (os.path.getsize(p),
                                                  os.path.getsize(d)))
        print(table(rows, ["tool", "median", "peak RSS", "== NEW",
                           "time / colpatch p.json", "note"]))
        good = {r.tool.name: r for r in results if r.ok and r.correct}
        py = good.get("jsonpatch.apply_patch p.json")
        made_s = made.median_s if made.ok else None
        if made_s:
            print("coldiff -f patch (makes p.json): %s" % fmt_time(made_s))
            if "colpatch apply p.json" in good:
                print("colpatch apply p.json / coldiff -f patch = %s (target: at most 1x)"
                      % fmt_ratio(good["colpatch apply p.json"].median_s / made_s))
        for name in ("colpatch apply p.json", "colpatch apply d.json"):
            if py and name in good:
                print("jsonpatch / %s = %s" % (
                    name, fmt_ratio(py.median_s / good[name].median_s)))
        summary.append(["%s %s" % (wl["name"], wl["form"])] + [
            fmt_time(good[n].median_s) if n in good else
            (next(r for r in results if r.tool.name == n).status_text(args.timeout)
             or "wrong result")[:30]
            for n in ("colpatch apply p.json", "colpatch apply d.json",
                      "jsonpatch.apply_patch p.json")] + [
            fmt_ratio(py.median_s / good["colpatch apply p.json"].median_s)
            if py and "colpatch apply p.json" in good else "-"] + [
            fmt_ratio(good["colpatch apply p.json"].median_s / made_s)
            if made_s and "colpatch apply p.json" in good else "-"])
    print("\n== Summary (colpatch)")
    print(table(summary, ["workload", "colpatch p.json", "colpatch d.json",
                          "jsonpatch p.json", "jsonpatch/colpatch",
                          "apply/coldiff -f patch"]))
