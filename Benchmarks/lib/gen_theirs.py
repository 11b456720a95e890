#!/usr/bin/env python3
"""THEIRS for the merge section of Benchmarks/run: a second side made from
gen.py's OLD (the merge's BASE) with 1% of N each of updates, deletes,
inserts and moves, on records gen.py's NEW (OURS) left alone, so the two
sides change disjoint records and the merge is clean.

    python3 gen_theirs.py WORKLOAD_DIR OUT_DIR [--seed 7]

reads WORKLOAD_DIR/old.{json,jsonl,csv} and ground_truth_keys.json and
writes OUT_DIR/theirs.{json,jsonl,csv} (the same records in each form) and
OUT_DIR/theirs_truth.json (the counts, and the record count a clean merge
has). Standard library only; deterministic for a seed.
"""

import argparse
import csv
import io
import json
import os
import random
import re

RATE = 0.01
ID = re.compile(r'^\{"id":"([^"]*)"')


def record_lines(path, form):
    """The header lines, the record lines (without separators) and the
    footer lines of one of gen.py's files."""
    with open(path, encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if form == "json":
        return lines[:1], [l[:-1] if l.endswith(",") else l for l in lines[1:-1]], lines[-1:]
    if form == "csv":
        return lines[:1], lines[1:], []
    return [], lines, []


def key_of(line, form):
    if form == "csv":
        return line.split(",", 1)[0]
    return ID.match(line).group(1)


def with_key(line, form, key):
    if form == "csv":
        return key + "," + line.split(",", 1)[1]
    return ID.sub('{"id":"%s"' % key, line, count=1)


def updated(line, form):
    """The record with its `age` one more."""
    if form == "csv":
        row = next(csv.reader([line]))
        row[3] = str(int(row[3]) + 1)
        out = io.StringIO()
        csv.writer(out, lineterminator="").writerow(row)
        return out.getvalue()
    record = json.loads(line)
    record["age"] = record["age"] + 1
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def plan(keys, touched, seed):
    """Which positions THEIRS updates, deletes and moves, and where it
    inserts: the same for every form."""
    rng = random.Random(seed)
    free = [i for i, k in enumerate(keys) if k not in touched]
    count = max(1, int(len(keys) * RATE))
    chosen = rng.sample(free, 3 * count)
    updates = set(chosen[:count])
    deletes = set(chosen[count:2 * count])
    moves = chosen[2 * count:]
    inserts = sorted(rng.randrange(len(keys)) for _ in range(count))
    targets = [rng.randrange(len(keys)) for _ in moves]
    return updates, deletes, moves, targets, inserts


def theirs(lines, form, the_plan):
    updates, deletes, moves, targets, inserts = the_plan
    moved = set(moves)
    after = {}
    for source, target in zip(moves, targets):
        after.setdefault(target, []).append(lines[source])
    for number, position in enumerate(inserts):
        after.setdefault(position, []).append(
            with_key(lines[position], form, "T%08d" % number))
    out = []
    for i, line in enumerate(lines):
        if i not in deletes and i not in moved:
            out.append(updated(line, form) if i in updates else line)
        out.extend(after.get(i, []))
    return out


def write(path, form, header, records, footer):
    with open(path, "w", encoding="utf-8", newline="") as f:
        for line in header:
            f.write(line + "\n")
        if form == "json":
            f.write(",\n".join(records) + "\n")
        else:
            for line in records:
                f.write(line + "\n")
        for line in footer:
            f.write(line + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("workload")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.workload, "ground_truth_keys.json")) as f:
        truth = json.load(f)
    touched = set()
    for name in ("inserted", "deleted", "updated", "moved_planted"):
        touched.update(truth[name])
    the_plan = None
    for form in ("json", "jsonl", "csv"):
        header, lines, footer = record_lines(os.path.join(args.workload, "old." + form), form)
        if the_plan is None:
            the_plan = plan([key_of(l, form) for l in lines], touched, args.seed)
        write(os.path.join(args.out, "theirs." + form), form, header,
              theirs(lines, form, the_plan), footer)
    updates, deletes, moves, _, inserts = the_plan
    with open(os.path.join(args.workload, "ground_truth.json")) as f:
        ours = json.load(f)
    with open(os.path.join(args.out, "theirs_truth.json"), "w") as f:
        json.dump({"updated": len(updates), "deleted": len(deletes),
                   "moved_planted": len(moves), "inserted": len(inserts),
                   "merged_records": ours["n_new"] - len(deletes) + len(inserts),
                   "seed": args.seed}, f, indent=1)


if __name__ == "__main__":
    main()
