"""Run one command, timed: wall time, the child's peak RSS, a time limit."""

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


def run_timed(argv, stdout_path, timeout_s, stderr_path, cwd=None):
    """Run argv with stdout to stdout_path (or /dev/null when None), stdin from
    /dev/null, stderr to stderr_path; kill its process group after timeout_s.

    Wall time is measured around spawn and os.wait4, and the peak RSS comes
    from wait4's rusage, so only the child is counted, not this runner.
    """
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
    return Measurement(wall_s=wall, maxrss_kb=usage.ru_maxrss,
                       exit_code=code, timed_out=killed.is_set(),
                       stderr_tail=_tail(stderr_path))


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
