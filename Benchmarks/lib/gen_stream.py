#!/usr/bin/env python3
"""Streaming twin of ../shared/bench/gen.py, for sizes gen.py cannot hold.

gen.py keeps a pair's records in memory (about 17 GB at 10M records). This
generator writes the same pair -- the same records, the same change profile
and the same bytes in all three forms, with the same ground_truth.json --
while holding only the records the profile touches and a few integer lists.
It makes the same calls on the same seeded random generators, in the same
order, as gen.py does: the picked positions first (they do not depend on
the records), then OLD streamed once (keeping the records to be updated or
moved), then the updates and inserts, then NEW streamed while OLD is
generated a second time alongside it.

    python3 gen_stream.py --size 10m --profile medium --out DIR

writes DIR/10m-medium/{old,new}.{json,jsonl,csv} and ground_truth.json.
gen.py's functions are imported from ../shared/bench/gen.py (found from
the repository root), so the records cannot drift apart from it.
"""

import argparse
import gc
import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(os.path.dirname(ROOT), "shared", "bench"))
import gen  # noqa: E402  (the shared generator: records, mutations, CSV)

SIZES = dict(gen.SIZES, **{"10m": 10_000_000})
FORMS = ("json", "jsonl", "csv")


class Writers:
    """The three forms of one snapshot, written record by record in
    gen.py's layout."""

    def __init__(self, directory, stem):
        self.files = {f: open(os.path.join(directory, "%s.%s" % (stem, f)),
                              "wb", buffering=1 << 22) for f in FORMS}
        self.files["json"].write(b"[\n")
        self.files["csv"].write(",".join(gen.CSV_COLUMNS).encode() + b"\n")
        self.first = True

    def write(self, rec):
        text = gen.dumps(rec)
        if not self.first:
            self.files["json"].write(b",\n")
        self.first = False
        self.files["json"].write(text)
        self.files["jsonl"].write(text + b"\n")
        self.files["csv"].write(gen.csv_line(rec).encode("utf-8") + b"\n")

    def close(self):
        self.files["json"].write(b"\n]\n")
        for f in self.files.values():
            f.close()


def old_records(n, seed, id_type):
    """OLD's records in order, as gen.make_old makes them."""
    rng = random.Random("%s:%d:old" % (seed, n))
    for i in range(n):
        yield gen.make_record(rng, gen.make_key(1000 + 2 * i, id_type))


def plan(n, profile, seed):
    """The change profile's random generator and its picks, drawn before
    any record is looked at (as in gen.make_new)."""
    rng = random.Random("%s:%d:%s" % (seed, n, profile))
    k = max(1, round(gen.PROFILES[profile] * n))
    picked = rng.sample(range(n), 3 * k)
    return rng, k, picked[:k], picked[k:2 * k], picked[2 * k:]


def write_pair(n, profile, seed, id_type, base, pdir):
    """Writes OLD into base and NEW into pdir; returns gen.py's counts."""
    if profile not in ("small", "medium", "heavy"):
        sys.exit("gen_stream.py: only the small, medium and heavy profiles "
                 "stream; use gen.py for %s" % profile)
    rng, k, deleted, updated, moved = plan(n, profile, seed)
    wanted = set(updated) | set(moved)
    kept_old = {}
    old_out = Writers(base, "old")
    for i, rec in enumerate(old_records(n, seed, id_type)):
        old_out.write(rec)
        if i in wanted:
            kept_old[i] = rec
    old_out.close()
    upd, field_changes = {}, 0
    for i in sorted(updated):
        upd[i], _ = gen.mutate(rng, kept_old[i])
        field_changes += len(gen.changed_leaf_paths(kept_old[i], upd[i]))
    inserted, used = [], set()
    for _ in range(k):
        num = 1000 + 2 * rng.randrange(n) + 1
        while num in used:
            num += 2 * n + 2
        used.add(num)
        inserted.append(gen.make_record(rng, gen.make_key(num, id_type)))
    gone = set(deleted) | set(moved)
    kept_count = n - len(gone)
    placed = list(moved) + [None] * k
    rng.shuffle(placed)
    slots = sorted(rng.randrange(kept_count + 1) for _ in placed)
    new_out = Writers(pdir, "new")
    matched = []  # OLD positions in NEW's order, for the minimal moves
    olds = enumerate(old_records(n, seed, id_type))
    inserts = iter(inserted)
    p = 0
    for pos in range(kept_count + 1):
        while p < len(placed) and slots[p] == pos:
            i = placed[p]
            p += 1
            if i is None:
                new_out.write(next(inserts))
            else:
                matched.append(i)
                new_out.write(upd.get(i, kept_old[i]))
        if pos < kept_count:
            i, rec = next(olds)
            while i in gone:
                i, rec = next(olds)
            matched.append(i)
            new_out.write(upd.get(i, rec))
    new_out.close()
    return {
        "n_old": n, "n_new": n, "inserted": k, "deleted": k, "updated": k,
        "moved_planted": k,
        "moved_minimal": len(matched) - gen.lis_length(matched),
        "updated_leaf_changes_json": field_changes,
    }


def main():
    gc.disable()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", required=True, choices=sorted(SIZES))
    ap.add_argument("--profile", default="medium")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", default="coldiff-bench-1")
    ap.add_argument("--id-type", choices=["str", "int"], default="str")
    a = ap.parse_args()
    n = SIZES[a.size]
    pdir = os.path.join(a.out, "%s-%s" % (a.size, a.profile))
    gt_path = os.path.join(pdir, "ground_truth.json")
    want = {"gen_version": gen.GEN_VERSION, "seed": a.seed, "size": a.size,
            "id_type": a.id_type, "formats": list(FORMS),
            "profile": a.profile, "streamed": True}
    if os.path.exists(gt_path):
        with open(gt_path) as f:
            if json.load(f).get("params") == want:
                print("gen_stream.py: %s up to date" % pdir, file=sys.stderr)
                return
    os.makedirs(pdir, exist_ok=True)
    t0 = time.time()
    counts = write_pair(n, a.profile, a.seed, a.id_type, pdir, pdir)
    gt = dict(counts, key="id", params=want,
              bytes_new={f: os.path.getsize(os.path.join(pdir, "new." + f))
                         for f in FORMS})
    with open(gt_path, "w") as f:
        json.dump(gt, f, indent=1)
    print("gen_stream.py: %s: %d records, %s (%.1f s, %s)" % (
        pdir, n, {k: counts[k] for k in ("inserted", "deleted", "updated",
                                         "moved_minimal")},
        time.time() - t0, gen.JSON_ENGINE), file=sys.stderr)


if __name__ == "__main__":
    main()
