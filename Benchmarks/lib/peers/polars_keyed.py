"""Peer: Polars, a full join on id.

Usage: python polars_keyed.py OLD NEW   (.json array, .jsonl or .csv)
Reads both files with Polars (CSV as text), joins them on "id" (full outer
join), keeps the rows whose record differs, writes them to stdout as JSON
Lines, and prints the insert/delete/update counts as the last line.
"""

import json
import sys

import polars as pl


def read(path):
    if path.endswith(".csv"):
        return pl.read_csv(path, infer_schema=False)
    if path.endswith(".jsonl"):
        return pl.read_ndjson(path)
    return pl.read_json(path)


def main():
    old, new = read(sys.argv[1]), read(sys.argv[2])
    fields = [c for c in old.columns if c != "id"]
    joined = old.join(new, on="id", how="full", suffix="_new", coalesce=False)
    record_old = pl.struct([pl.col(c) for c in fields])
    record_new = pl.struct([pl.col(c + "_new").alias(c) for c in fields])
    inserted = pl.col("id").is_null()
    deleted = pl.col("id_new").is_null()
    updated = ~inserted & ~deleted & record_old.ne_missing(record_new)
    changed = joined.filter(inserted | deleted | updated)
    changed.write_ndjson(sys.stdout)
    sys.stdout.write("\n")
    counts = changed.select(
        inserted.sum().alias("inserted"),
        deleted.sum().alias("deleted"),
        updated.sum().alias("updated"),
    ).row(0, named=True)
    print(json.dumps({k: int(v) for k, v in counts.items()}))


main()
