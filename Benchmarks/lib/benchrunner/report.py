"""Tables and figures printed for people (the raw data goes to JSON Lines)."""

import statistics


def fmt_time(s):
    if s is None:
        return "-"
    if s < 0.1:
        return "%.4f s" % s
    if s < 10:
        return "%.3f s" % s
    return "%.1f s" % s


def fmt_mb(kb):
    return "-" if kb is None else "%.1f MB" % (kb * 1024 / 1e6)


def fmt_bytes(n):
    return "%.1f MB" % (n / 1e6)


def fmt_ratio(x):
    if x is None:
        return "-"
    return "%.1fx" % x if x >= 10 else "%.2fx" % x


class Result:
    """The repeated runs of one tool on one workload, summarised."""

    def __init__(self, tool, runs=None, unavailable=None):
        self.tool = tool
        self.runs = runs or []           # list of (Measurement, counts, error)
        self.unavailable = unavailable   # reason, when it was not run at all
        self.failure = None              # reason, when a run failed
        self.timed_out_after = None      # the limit, when a run was killed
        self.correct = None              # True/False/None (no counts to judge)
        self.counts = None
        self.note = ""                   # shown in the table's last column

    @property
    def ok_runs(self):
        return [m for m, _, err in self.runs if err is None]

    @property
    def ok(self):
        return (self.unavailable is None and self.failure is None
                and self.timed_out_after is None and bool(self.ok_runs))

    @property
    def median_s(self):
        runs = self.ok_runs
        return statistics.median(m.wall_s for m in runs) if runs else None

    @property
    def median_cpu_s(self):
        """Median user + system CPU time: steadier than wall time on a
        shared machine."""
        runs = self.ok_runs
        return statistics.median(m.cpu_s for m in runs) if runs else None

    @property
    def median_sys_s(self):
        """Median system CPU time (the kernel's share of median_cpu_s)."""
        runs = self.ok_runs
        return statistics.median(m.sys_s for m in runs) if runs else None

    @property
    def median_faults(self):
        """Median number of minor page faults."""
        runs = self.ok_runs
        return statistics.median(m.minor_faults for m in runs) if runs else None

    def kernel_text(self):
        """The medians of CPU time, its kernel share and the page faults,
        with the kernel time a fault: what a run pays the kernel for the
        memory it maps (empty without a successful run)."""
        cpu, kernel, faults = self.median_cpu_s, self.median_sys_s, self.median_faults
        if not cpu or kernel is None or not faults:
            return ""
        return ("CPU %s, %.0f%% in the kernel; %d minor page faults, "
                "%.1f us of kernel time a fault" % (
                    fmt_time(cpu), 100 * kernel / cpu, faults, kernel / faults * 1e6))

    @property
    def peak_kb(self):
        runs = self.ok_runs
        return max(m.maxrss_kb for m in runs) if runs else None

    def status_text(self, timeout):
        if self.unavailable:
            return "unavailable: " + self.unavailable
        if self.timed_out_after is not None:
            return ">%gs (killed)" % timeout
        if self.failure:
            text = "FAILED: " + self.failure
            return text if len(text) <= 160 else text[:157] + "..."
        return None


def counts_text(c):
    if not c:
        return "-"
    text = "%d/%d/%d" % (c.get("inserted", 0), c.get("deleted", 0),
                         c.get("updated", 0))
    if "moved" in c:
        text += " m%d" % c["moved"]
    return text


def table(rows, headers):
    """Plain aligned columns; the last column may run long."""
    widths = [len(h) for h in headers]
    for r in rows:
        for i, cell in enumerate(r[:-1]):
            widths[i] = max(widths[i], len(cell))
    lines = []
    for r in [headers, ["-" * w for w in widths[:-1]] + ["-" * len(headers[-1])]] + rows:
        lines.append("  ".join(cell.ljust(widths[i]) if i < len(r) - 1 else cell
                               for i, cell in enumerate(r)).rstrip())
    return "\n".join(lines)
