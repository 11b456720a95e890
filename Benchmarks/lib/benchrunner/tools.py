"""The contenders: floors, coldiff and the peers, with how each is run on a
workload and how its insert/delete/update counts are read back (untimed)."""

import csv
import json
from dataclasses import dataclass, field


@dataclass
class Tool:
    """One command measured on a workload."""

    name: str
    """Shown in the tables and the results file."""
    kind: str
    """"floor", "coldiff", "baseline" (an older coldiff, --baseline) or
    "peer"."""
    forms: tuple
    """The forms (json, jsonl, csv) it runs on."""
    needs: tuple
    """Names in Environment.versions/unavailable it depends on."""
    argv: object
    """(env, old, new) -> the command line."""
    counts: object = None
    """(stdout path) -> dict of counts, or None for the floors."""
    keeps_stdout: bool = True
    """False: stdout goes to /dev/null (the floors)."""
    select: str = ""
    """The name --peers selects it by (peers only)."""
    native: bool = False
    """A native, vectorised engine (DuckDB, Polars): the peers SPEC-level
    speed targets are judged against, beside the fastest peer of all."""
    note: str = field(default="")
    """One line for the README-style listing (--list)."""


def _last_json_object(path):
    """The counts a peer printed: its whole stdout as one JSON value, or else
    its last non-blank line."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        value = json.loads(data)
    except ValueError:
        value = json.loads(data.splitlines()[-1])
    if isinstance(value, list):  # Miller's --ojson wraps records in a list
        value = value[0]
    return {k: int(v) for k, v in value.items()}


def _coldiff_counts(path):
    with open(path, "rb") as f:
        doc = json.load(f)
    return {"inserted": len(doc["inserts"]), "deleted": len(doc["deletes"]),
            "updated": len(doc["updates"]), "moved": len(doc["moves"])}


def coldiff_correct(counts, truth):
    """coldiff's counts against a workload's truth: the right inserts,
    deletes and updates, and exactly the minimal moves."""
    return all(counts.get(k) == truth[k] for k in ("inserted", "deleted",
                                                   "updated"))\
        and counts.get("moved") == truth["moved_minimal"]


def _csv_diff_counts(path):
    with open(path, "rb") as f:
        doc = json.load(f)
    return {"inserted": len(doc["added"]), "deleted": len(doc["removed"]),
            "updated": len(doc["changed"])}


def _daff_counts(path):
    """daff's highlighter format: the first column marks each row:
    +++ insert, --- delete, an arrow (->, or more dashes when the data holds
    an arrow) update, : reordered; @@ is the header, ... elided context."""
    c = {"inserted": 0, "deleted": 0, "updated": 0, "moved": 0}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.reader(f):
            mark = row[0] if row else ""
            if mark == "+++":
                c["inserted"] += 1
            elif mark == "---":
                c["deleted"] += 1
            elif mark.endswith(">") and mark.strip("-") == ">":
                c["updated"] += 1
            elif mark == ":":
                c["moved"] += 1
    return c


def duckdb_table(path):
    """The DuckDB table function that reads a workload file: a JSON array,
    JSON Lines, or CSV with every column as text."""
    quoted = "'" + path.replace("'", "''") + "'"
    if path.endswith(".csv"):
        return "read_csv(%s, all_varchar = true)" % quoted
    layout = "newline_delimited" if path.endswith(".jsonl") else "array"
    return ("read_json(%s, format = '%s', maximum_object_size = 1073741824)"
            % (quoted, layout))


def _counts_line(path):
    """The counts among JSON Lines of changed rows: the one line that is an
    object of exactly inserted, deleted and updated (DuckDB's COPY writes to
    the file directly, so its rows and the query's line may come in either
    order)."""
    wanted = {"inserted", "deleted", "updated"}
    with open(path, "rb") as f:
        for line in f:
            if line.startswith(b'{"inserted"'):
                value = json.loads(line)
                if set(value) == wanted:
                    return {k: int(v) for k, v in value.items()}
    raise ValueError("no counts line")


def _duckdb_argv(env, old, new):
    with open(env.peer("keyed_duckdb.sql"), encoding="utf-8") as f:
        sql = f.read().format(old_table=duckdb_table(old),
                              new_table=duckdb_table(new))
    return [env.venv_bin("duckdb"), "-batch", "-jsonlines", "-c", sql]


def _python_peer(script):
    return lambda env, old, new: [env.python, env.peer(script), old, new]


def all_tools():
    """Every tool, in table order: floors, coldiff, then the peers."""
    jq_json = lambda env, old, new: [
        "jq", "-n", "-c", "--slurpfile", "a", old, "--slurpfile", "b", new,
        "-f", env.peer("keyed.jq")]
    jq_lines = lambda env, old, new: [
        "jq", "-n", "-c", "--arg", "lines", "1", "--slurpfile", "a", old,
        "--slurpfile", "b", new, "-f", env.peer("keyed.jq")]
    return [
        Tool("cat", "floor", ("json", "jsonl", "csv"), (),
             lambda env, old, new: ["cat", old, new], keeps_stdout=False,
             note="`cat OLD NEW > /dev/null`: reading both files"),
        Tool("wc -l", "floor", ("json", "jsonl", "csv"), (),
             lambda env, old, new: ["wc", "-l", old, new], keeps_stdout=False,
             note="`wc -l OLD NEW`: reading both files and finding lines"),
        Tool("coldiff", "coldiff", ("json", "jsonl", "csv"), ("coldiff",),
             lambda env, old, new: [env.coldiff, "-f", "json", old, new],
             _coldiff_counts,
             note="`coldiff -f json OLD NEW > FILE`; counts from the diff document"),
        Tool("jsondiff", "peer", ("json",), ("jsondiff",),
             _python_peer("jsondiff_keyed.py"), _last_json_object,
             select="jsondiff",
             note="jsondiff.diff(old, new, syntax='explicit') on id-keyed dicts"),
        Tool("deepdiff", "peer", ("json",), ("deepdiff",),
             _python_peer("deepdiff_keyed.py"), _last_json_object,
             select="deepdiff",
             note="DeepDiff(old, new, view='tree') on id-keyed dicts"),
        Tool("dictdiffer", "peer", ("json",), ("dictdiffer",),
             _python_peer("dictdiffer_keyed.py"), _last_json_object,
             select="dictdiffer",
             note="dictdiffer.diff(old, new) on id-keyed dicts"),
        Tool("jsonpatch", "peer", ("json",), ("jsonpatch",),
             _python_peer("jsonpatch_positional.py"), _last_json_object,
             select="jsonpatch",
             note="jsonpatch.make_patch(old, new) on the raw arrays (positional)"),
        Tool("jq keyed", "peer", ("json",), ("jq",), jq_json,
             _last_json_object, select="jq",
             note="jq program: slurp, index by id, count (keyed.jq)"),
        Tool("jq keyed", "peer", ("jsonl",), ("jq",), jq_lines,
             _last_json_object, select="jq"),
        Tool("csv-diff", "peer", ("csv",), ("csv-diff",),
             lambda env, old, new: [env.venv_bin("csv-diff"), old, new,
                                    "--key", "id", "--json"],
             _csv_diff_counts, select="csv-diff",
             note="`csv-diff OLD NEW --key id --json`"),
        Tool("daff", "peer", ("csv",), ("daff",),
             lambda env, old, new: [env.venv_bin("daff"), "diff", "--id", "id",
                                    "--context", "0", "--no-color", old, new],
             _daff_counts, select="daff",
             note="`daff diff --id id --context 0 OLD NEW` (Python daff)"),
        Tool("DuckDB", "peer", ("json", "jsonl", "csv"), ("duckdb-cli",),
             _duckdb_argv, _counts_line, select="duckdb", native=True,
             note="DuckDB CLI: FULL OUTER JOIN on id, rows whose record "
                  "differs written as JSON Lines (keyed_duckdb.sql)"),
        Tool("Polars", "peer", ("json", "jsonl", "csv"), ("polars",),
             _python_peer("polars_keyed.py"), _last_json_object,
             select="polars", native=True,
             note="Polars: full join on id, rows whose record differs "
                  "written as JSON Lines (polars_keyed.py)"),
        Tool("miller keyed", "peer", ("csv",), ("miller",),
             lambda env, old, new: ["mlr", "--icsv", "--ojson", "put", "-q",
                                    "-f", env.peer("keyed.mlr"), old, new],
             _last_json_object, select="miller",
             note="Miller DSL: records into two maps by id, compared at the end"),
    ]


BASELINE_NAME = "coldiff baseline"
COLDIFF_KINDS = ("coldiff", "baseline")
"""The kinds judged as coldiff is: minimal moves, exit status 1 on
differences."""


def baseline_tool():
    """The coldiff binary given by --baseline, run as coldiff is."""
    return Tool(BASELINE_NAME, "baseline", ("json", "jsonl", "csv"), (),
                lambda env, old, new: [env.baseline, "-f", "json", old, new],
                _coldiff_counts,
                note="`--baseline PATH -f json OLD NEW > FILE`")


PEER_NAMES = ["jsondiff", "deepdiff", "dictdiffer", "jsonpatch", "jq",
              "csv-diff", "daff", "miller", "duckdb", "polars"]
