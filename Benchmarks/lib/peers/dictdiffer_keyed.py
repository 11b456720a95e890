"""Peer: dictdiffer on id-keyed dicts.

Usage: python dictdiffer_keyed.py OLD.json NEW.json
Loads both JSON arrays with the stdlib json module, keys the records by
"id", runs dictdiffer.diff(old, new) and prints the counts: "add"/"remove"
at the root are inserts/deletes (one per listed member), any change below a
top-level member is an update of that member.
"""

import json
import sys

import dictdiffer


def keyed(path):
    with open(path, encoding="utf-8") as f:
        return {rec["id"]: rec for rec in json.load(f)}


def main():
    old, new = keyed(sys.argv[1]), keyed(sys.argv[2])
    inserted = deleted = 0
    updated = set()
    for action, node, changes in dictdiffer.diff(old, new, dot_notation=False):
        if not node and action == "add":
            inserted += len(changes)
        elif not node and action == "remove":
            deleted += len(changes)
        else:
            updated.add(node[0])
    print(json.dumps({"inserted": inserted, "deleted": deleted,
                      "updated": len(updated)}))


main()
