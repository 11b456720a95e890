"""Run one command, timed: wall time, the child's peak RSS, a time limit.

Peak RSS: Linux counts the memory a process had before exec in its maximum
RSS, and a child forked (or vforked) by this runner starts with the
runner's own ~20 MB, which would hide the footprint of small tools. So
when GNU time is installed (/usr/bin/time, a 1 MB program) it launches the
command and reports the command's own peak (%M, from its wait4); without
it, the RSS comes from this runner's os.wait4 and has the runner's size as
a floor (RSS_FLOOR_NOTE says so in the report).
"""

import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass


@dataclass
class Measurement:
    """What one timed run of a command gave."""

    wall_s: float
    """Wall time from spawn to reaping, in seconds."""
    maxrss_kb: int
    """Peak resident set size of the child (and the children it reaped), KiB."""
    exit_code: int | None
    """The exit status; None when the run was killed by the time limit or a signal."""
    timed_out: bool
    """True when the run was killed because it passed the time limit."""
    stderr_tail: str
    """The last lines of its standard error, for failure messages."""
    cpu_s: float = 0.0
    """User + system CPU time of the command and the children it reaped."""
    sys_s: float = 0.0
    """The system (kernel) part of cpu_s: on this machine mostly page
    faults, which cost several microseconds each in its virtual machine."""
    minor_faults: int = 0
    """Page faults served without I/O (ru_minflt): a page mapped for the
    first time, fresh memory or a file's page from the page cache."""


GNU_TIME = "/usr/bin/time"


def alternating(items, rep):
    """The order to run `items` in on repetition `rep` of a round-robin:
    as given on even repetitions, reversed on odd ones, so that no tool
    always runs right after the same one. On this machine the run after a
    tool that freed gigabytes (a peer) pays for that memory on its first
    touch (the pages went back to the host), and a build timed right after
    another (`--baseline`) would always find what the other left warm."""
    return list(items) if rep % 2 == 0 else list(reversed(items))


def warm(*paths):
    """Reads each file once, untimed, so that the runs that follow read
    it from the page cache: this machine pages out file pages that no
    process read for a minute (DAMON), so a workload's files may not be
    there when its first tool starts."""
    for path in paths:
        with open(path, "rb") as f:
            while f.read(1 << 20):
                pass


def rss_floor_note():
    """None when peak RSS is exact, else a note for the report."""
    if os.access(GNU_TIME, os.X_OK):
        return None
    return ("/usr/bin/time (GNU time) is missing: peak RSS is measured with "
            "the runner's os.wait4 and includes the runner's own size "
            "(~20 MB) as a floor")


def launcher_overhead_s(scratch):
    """Median wall time of `true` launched like every measured command: the
    fixed cost (spawn, GNU time) included in every figure."""
    runs = [run_timed(["true"], None, 10, scratch).wall_s for _ in range(7)]
    return sorted(runs)[len(runs) // 2]


def run_timed(argv, stdout_path, timeout_s, stderr_path, cwd=None):
    """Run argv with stdout to stdout_path (or /dev/null when None), stdin from
    /dev/null, stderr to stderr_path; kill its process group after timeout_s.

    Wall time is measured around spawn and os.wait4, and the peak RSS comes
    from wait4's rusage, so only the child is counted, not this runner.
    """
    rss_path = stderr_path + ".rss"
    use_time = os.access(GNU_TIME, os.X_OK)
    if use_time:
        argv = [GNU_TIME, "-o", rss_path, "-f", "%M"] + list(argv)
    out = open(stdout_path, "wb") if stdout_path else open(os.devnull, "wb")
    err = open(stderr_path, "wb")
    try:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err, cwd=cwd, start_new_session=True)
        killed = threading.Event()

        def kill():
            killed.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout_s, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
    finally:
        out.close()
        err.close()
    if killed.is_set():
        # the group may hold grandchildren; make sure none survive
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    code = proc.returncode if proc.returncode >= 0 else None
    maxrss = usage.ru_maxrss
    if use_time:
        try:
            with open(rss_path) as f:
                lines = f.read().split("\n")
            lines = [line for line in lines if line.strip()]
            maxrss = int(lines[-1])
            if any(line.startswith("Command terminated by signal")
                   for line in lines):
                code = None
        except (OSError, ValueError, IndexError):
            pass  # killed before GNU time wrote its report: keep wait4's
    return Measurement(wall_s=wall, maxrss_kb=maxrss,
                       exit_code=code, timed_out=killed.is_set(),
                       stderr_tail=_tail(stderr_path),
                       cpu_s=usage.ru_utime + usage.ru_stime,
                       sys_s=usage.ru_stime, minor_faults=usage.ru_minflt)


def _tail(path, limit=400):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - limit))
            text = f.read().decode("utf-8", "replace")
    except OSError:
        return ""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return " | ".join(lines[-3:])


def run_judged(res, argv, stdout_path, timeout_s, stderr_path, ok_statuses):
    """Run argv once for the tool of `res` (a report.Result) and judge how it
    ended. Returns (measurement, error): measurement is None when it could
    not be started (res.failure says why); error is None for a run that
    exited with one of ok_statuses, else "timeout" (res.timed_out_after
    set) or the failure it also records in res.failure."""
    try:
        m = run_timed(argv, stdout_path, timeout_s, stderr_path)
    except OSError as e:
        res.failure = "cannot run %s: %s" % (argv[0], e)
        return None, None
    if m.timed_out:
        res.timed_out_after = timeout_s
        return m, "timeout"
    if m.exit_code is None:
        res.failure = "killed by a signal"
        return m, res.failure
    if m.exit_code not in ok_statuses:
        res.failure = "exit %d%s" % (
            m.exit_code, (": " + m.stderr_tail) if m.stderr_tail else "")
        return m, res.failure
    return m, None
