"""Check for the colpatch section (untimed): is A the same value as B?

Usage: python same_value.py FORM A B
JSON and JSON Lines compare as parsed values (orjson; member order and
number spelling do not matter), CSV as rows of strings. Exit 0 when equal,
1 with the first difference on stdout when not.
"""

import csv
import sys

import orjson


def load(form, path):
    with open(path, "rb") as f:
        data = f.read()
    if form == "csv":
        return list(csv.reader(data.decode("utf-8").splitlines()))
    if form == "jsonl":
        return [orjson.loads(line) for line in data.splitlines() if line.strip()]
    return orjson.loads(data)


def main():
    form, a_path, b_path = sys.argv[1:4]
    a, b = load(form, a_path), load(form, b_path)
    if a == b:
        return 0
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            print("%d records, expected %d" % (len(a), len(b)))
            return 1
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                print("record %d differs: %.60r… vs %.60r…" % (i, x, y))
                return 1
    print("values differ")
    return 1


sys.exit(main())
