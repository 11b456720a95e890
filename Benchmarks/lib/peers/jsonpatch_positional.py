"""Peer: jsonpatch.make_patch on the raw arrays (positional).

Usage: python jsonpatch_positional.py OLD.json NEW.json
Loads both JSON arrays with the stdlib json module and runs
jsonpatch.make_patch(old, new). Counts the operations at the top level:
add = insert, remove = delete, replace = update, move = move; operations
below the top level count one update per distinct array index. Being
positional, it is expected to get the counts wrong once records move or
are inserted.
"""

import json
import sys

import jsonpatch


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        old = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        new = json.load(f)
    patch = jsonpatch.make_patch(old, new)
    counts = {"inserted": 0, "deleted": 0, "updated": 0, "moved": 0}
    top = {"add": "inserted", "remove": "deleted", "replace": "updated",
           "move": "moved"}
    below = set()
    for op in patch:
        parts = op["path"].split("/")
        if len(parts) == 2 and op["op"] in top:
            counts[top[op["op"]]] += 1
        elif len(parts) > 2:
            below.add(parts[1])
    counts["updated"] += len(below)
    counts["operations"] = len(patch.patch)
    print(json.dumps(counts))


main()
