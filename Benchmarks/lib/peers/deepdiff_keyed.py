"""Peer: deepdiff on id-keyed dicts.

Usage: python deepdiff_keyed.py OLD.json NEW.json
Loads both JSON arrays with the stdlib json module, keys the records by
"id", runs DeepDiff(old, new, view="tree") and prints the counts: records
added or removed at the top level are inserts and deletes, every other
reported change is attributed to the top-level key it lies under (update).
"""

import json
import sys

from deepdiff import DeepDiff


def keyed(path):
    with open(path, encoding="utf-8") as f:
        return {rec["id"]: rec for rec in json.load(f)}


def main():
    old, new = keyed(sys.argv[1]), keyed(sys.argv[2])
    tree = DeepDiff(old, new, view="tree")
    inserted = deleted = 0
    updated = set()
    for report, levels in tree.items():
        for level in levels:
            path = level.path(output_format="list")
            if len(path) == 1 and report == "dictionary_item_added":
                inserted += 1
            elif len(path) == 1 and report == "dictionary_item_removed":
                deleted += 1
            else:
                updated.add(path[0])
    print(json.dumps({"inserted": inserted, "deleted": deleted,
                      "updated": len(updated)}))


main()
