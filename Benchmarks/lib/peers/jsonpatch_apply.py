"""Peer for the colpatch section: apply an RFC 6902 patch with jsonpatch.

Usage: python jsonpatch_apply.py PATCH TARGET OUT
Loads TARGET with the stdlib (json for .json, one json.loads per line for
.jsonl, csv.DictReader rows for .csv), applies PATCH with
jsonpatch.apply_patch and writes OUT in TARGET's form, as a user would.
"""

import csv
import json
import sys

import jsonpatch


def main():
    patch_path, target, out = sys.argv[1:4]
    with open(patch_path, encoding="utf-8") as f:
        patch = json.load(f)
    form = target.rsplit(".", 1)[-1]
    with open(target, encoding="utf-8", newline="") as f:
        if form == "csv":
            reader = csv.DictReader(f)
            doc, columns = list(reader), reader.fieldnames
        elif form == "jsonl":
            doc = [json.loads(line) for line in f if line.strip()]
        else:
            doc = json.load(f)
    doc = jsonpatch.apply_patch(doc, patch)
    with open(out, "w", encoding="utf-8", newline="") as f:
        if form == "csv":
            writer = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
            writer.writeheader()
            writer.writerows(doc)
        elif form == "jsonl":
            for rec in doc:
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        else:
            json.dump(doc, f, ensure_ascii=False)


main()
