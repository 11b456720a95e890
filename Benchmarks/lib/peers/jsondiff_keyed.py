"""Peer: jsondiff on id-keyed dicts.

Usage: python jsondiff_keyed.py OLD.json NEW.json
Loads both JSON arrays with the stdlib json module, keys the records by
"id", runs jsondiff.diff(old, new, syntax="explicit") and prints the
insert/delete/update counts of the top-level members as JSON.
"""

import json
import sys

import jsondiff
from jsondiff.symbols import delete, insert, replace, update


def keyed(path):
    with open(path, encoding="utf-8") as f:
        return {rec["id"]: rec for rec in json.load(f)}


def main():
    old, new = keyed(sys.argv[1]), keyed(sys.argv[2])
    d = jsondiff.diff(old, new, syntax="explicit")
    if replace in d:  # jsondiff gave up on a member-wise diff
        counts = {"inserted": len(new), "deleted": len(old), "updated": 0}
    else:
        counts = {
            "inserted": len(d.get(insert, {})),
            "deleted": len(d.get(delete, [])),
            "updated": len(d.get(update, {})),
        }
    print(json.dumps(counts))


main()
