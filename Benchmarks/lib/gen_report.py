#!/usr/bin/env python3
"""Writes the reports benchmark's workload: two JSON arrays whose diff has
about 100,000 changes (standard library only, deterministic for a seed).

OLD has 250,000 records shaped like gen.py's medium records (string id,
name, email, numbers, booleans, a nested address). NEW deletes 25,000 of
them, updates 40,000 (one to three fields, often a few characters of a
string, so the HTML report has something to highlight), moves 10,000
(taken out and put back elsewhere; the minimal number of moves is a little
lower) and inserts 25,000.

usage: gen_report.py OUT_FOLDER [--seed TEXT]
writes OUT_FOLDER/old.json and OUT_FOLDER/new.json (kept when present)
"""
import argparse
import json
import os
import random

FIRST = ["Anna", "Omar", "Karin", "Søren", "Priya", "Kenji", "Maja", "Ivan", "Chloé",
         "Tara", "Jürgen", "Sofia", "Noah", "Grace", "Vera", "Uwe"]
LAST = ["Rossi", "Ivanova", "Costa", "Moreau", "Nguyen", "Becker", "García", "Kim",
        "O'Brien", "Novak", "Larsen", "Smith", "Kowalski", "Tanaka", "Wagner"]
CITIES = [("Berlin", "10115"), ("Madrid", "28001"), ("Oslo", "0150"), ("Lyon", "69001"),
          ("Kyoto", "600-8216"), ("Austin", "78701")]
PLANS = ["free", "pro", "team", "enterprise"]
COUNT, DELETES, UPDATES, MOVES, INSERTS = 250_000, 25_000, 40_000, 10_000, 25_000


def record(rng, key):
    first, last = rng.choice(FIRST), rng.choice(LAST)
    city, zip_code = rng.choice(CITIES)
    return {"id": key, "name": "%s %s" % (first, last),
            "email": "%s.%s%d@mail.test" % (first.lower(), last.lower(), rng.randrange(100)),
            "age": rng.randrange(18, 90), "balance": "%.2f" % (rng.random() * 5000),
            "active": rng.random() < 0.8, "plan": rng.choice(PLANS),
            "address": {"city": city, "zip": zip_code}}


def update(rng, value):
    value = json.loads(json.dumps(value))
    for field in rng.sample(["name", "email", "age", "plan", "city"], rng.randrange(1, 4)):
        if field == "name":
            value["name"] = value["name"] + rng.choice(["-Smith", " Jr.", "e"])
        elif field == "email":
            value["email"] = value["email"].replace("@mail.test", "@corp.example")
        elif field == "age":
            value["age"] += 1
        elif field == "plan":
            value["plan"] = rng.choice([p for p in PLANS if p != value["plan"]])
        else:
            value["address"]["city"] = rng.choice([c for c, _ in CITIES
                                                   if c != value["address"]["city"]])
    return value


def write(path, records):
    with open(path, "w", encoding="utf-8") as out:
        out.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":"))
                                     for r in records) + "\n]\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--seed", default="coldiff-report-1")
    options = parser.parse_args()
    old_path, new_path = (os.path.join(options.out, n) for n in ("old.json", "new.json"))
    if os.path.exists(old_path) and os.path.exists(new_path):
        return
    os.makedirs(options.out, exist_ok=True)
    rng = random.Random(options.seed)
    old = [record(rng, "C%07d" % index) for index in range(COUNT)]
    chosen = rng.sample(range(COUNT), DELETES + UPDATES + MOVES)
    deleted = set(chosen[:DELETES])
    updated = set(chosen[DELETES:DELETES + UPDATES])
    moved = set(chosen[DELETES + UPDATES:])
    new = [update(rng, r) if i in updated else r for i, r in enumerate(old)
           if i not in deleted and i not in moved]
    for index in sorted(moved):
        new.insert(rng.randrange(len(new) + 1), old[index])
    for index in range(INSERTS):
        new.insert(rng.randrange(len(new) + 1), record(rng, "N%07d" % index))
    write(old_path, old)
    write(new_path, new)


if __name__ == "__main__":
    main()
