#!/usr/bin/env python3
"""Deterministic tree workloads for `coldiff --tree children`.

For a size N it writes a pair of forests (OLD, NEW) of N records each
(give or take the inserts and deletes), nested in the member `children`,
and the *flat* pair of the same records: every node in preorder as one
flat JSON array, without its `children` member, with the same inserts,
deletes and updates. The flat pair is the baseline "a flat diff of the
same number of records".

    python3 gen_tree.py --sizes 10k,100k --out Benchmarks/work/trees

Layout:

    <out>/<size>/old.json, new.json            the forests (a JSON array of
                                               roots, one root a line)
    <out>/<size>/flat-old.json, flat-new.json  the flat pair (one record a line)
    <out>/<size>/ground_truth.json             what coldiff should report

Everything is a pure function of (--seed, size): the same arguments give
byte-identical files. Standard library only.

The forests: roots with subtrees of log-uniform size (1 to 3000 nodes),
each grown by preferential attachment (a node is picked as a parent with
weight 1 + its number of children), so fan-outs range from leaves (most
nodes) through a few children to some hundreds; depth at most 8 (a root is
depth 1). A record is shaped like gen.py's medium records (string id,
name, email, numbers, booleans, a null or a number, a nested address
object) with `children` last; a leaf has no `children` member.

The changes, each about 1% of N, on disjoint nodes:

- deleted: leaves and small subtrees (up to 6 nodes) taken out;
- inserted: leaves and small subtrees (up to 5 nodes) put under existing
  parents (nodes that have a `children` member) or as roots;
- updated: 1 to 3 own fields changed (never `children`);
- moved within a parent: taken out and put back at another index;
- reparented: a node (with its subtree, up to 200 nodes) put under
  another parent (never into its own subtree, keeping depth <= 8).

A node keeps its `children` member in NEW when it had one in OLD, even
when it lost all its children, so no node changes only by that member.

The ground truth is not the planted numbers: it is computed from the two
forests by the semantics coldiff documents (README, "Trees"): a deleted
subtree is one delete, of its root (a node deleted under a deleted node
does not count); the same for inserts; an update is a matched node whose
own content (the record minus `children`, plus whether the member is
there when one side has no children) differs; a move is a matched node
whose parent changed, or, among the nodes that keep their parent, one
outside a longest increasing subsequence of their old sibling order
(minimal moves per parent). For the flat pair every deleted or inserted
node counts, and the moves are the records outside a longest increasing
subsequence of old positions in new order.
"""

import argparse
import bisect
import json
import math
import os
import random
import sys
import time

GEN_VERSION = 1
SIZES = {"1k": 1_000, "10k": 10_000, "100k": 100_000, "1m": 1_000_000}
RATE = 0.01
MAX_DEPTH = 8
FIELD = "children"

FIRST = ["Anna", "Ben", "Chloé", "David", "Emma", "Felix", "Grace", "Hugo",
         "Ines", "Jonas", "Karin", "Liam", "Maja", "Noah", "Olivia", "Paul",
         "Quinn", "Rosa", "Sven", "Tara", "Wei", "Yara", "Zoë", "Søren"]
LAST = ["Smith", "Müller", "García", "Rossi", "Nowak", "Dubois", "Jensen",
        "Silva", "Tanaka", "Kim", "Nguyen", "O'Brien", "Costa", "Chen"]
ASCII = str.maketrans({"é": "e", "ü": "u", "ø": "o", "ë": "e", "í": "i",
                       "'": ""})
NAMES = [(f + " " + l, "%s.%s" % (f.lower().translate(ASCII),
                                  l.lower().translate(ASCII)))
         for f in FIRST for l in LAST]
DOMAINS = ["example.com", "example.org", "mail.test", "corp.example"]
PLANS = ["free", "basic", "pro", "team", "enterprise"]
COMPANIES = ["Acme", "Globex", "Initech, Inc.", "Umbrella", "Hooli",
             'The "Daily" Planet', "Tyrell Corp.", "Wonka, Ltd."]
CITIES = [("Berlin", "10115"), ("Paris", "75001"), ("New York", "10001"),
          ("London", "EC1A"), ("Madrid", "28001"), ("Tokyo", "100-0001"),
          ("München", "80331"), ("Zürich", "8001"), ("Kraków", "30-001")]
DATES = ["%04d-%02d-%02d" % (2018 + d // 365, min(12, d % 365 // 30 + 1),
                             d % 365 % 28 + 1) for d in range(2555)]
MUTABLE = ["name", "email", "age", "balance", "active", "plan", "company",
           "rating", "address"]


def make_record(rng, key):
    """A medium record (without children)."""
    r = rng.random
    name, mail = NAMES[int(r() * len(NAMES))]
    city, zipcode = CITIES[int(r() * len(CITIES))]
    x = r()
    return {
        "id": key,
        "name": name,
        "email": "%s%d@%s" % (mail, int(r() * 100), DOMAINS[int(x * 4)]),
        "age": 18 + int(r() * 70),
        "balance": round(r() * 10000, 2),
        "active": x < 0.8,
        "plan": PLANS[int(r() * len(PLANS))],
        "company": COMPANIES[int(r() * len(COMPANIES))],
        "created": DATES[int(r() * len(DATES))],
        "rating": None if x < 0.3 else round(1 + r() * 4, 1),
        "address": {"city": city, "zip": zipcode},
    }


def mutate(rng, rec):
    """A copy of rec with 1 to 3 own fields changed."""
    new = dict(rec)
    for f in rng.sample(MUTABLE, rng.randint(1, 3)):
        old = rec[f]
        if f == "name":
            while new[f] == old:
                new[f] = rng.choice(FIRST) + " " + rng.choice(LAST)
        elif f == "email":
            new[f] = "x" + old
        elif f == "age":
            new[f] = old + rng.randint(1, 5)
        elif f == "balance":
            new[f] = round(old + rng.randint(1, 9999) / 100 + 0.01, 2)
        elif f == "active":
            new[f] = not old
        elif f in ("plan", "company"):
            pool = PLANS if f == "plan" else COMPANIES
            while new[f] == old:
                new[f] = rng.choice(pool)
        elif f == "rating":
            new[f] = round(1 + rng.random() * 4, 1) if old is None else None
        elif f == "address":
            while new[f]["city"] == old["city"]:
                c = rng.choice(CITIES)
                new[f] = {"city": c[0], "zip": c[1]}
    return new


class Forest:
    """Nodes by key: their record, parent key (None for a root), ordered
    children, and whether the record has a children member."""

    def __init__(self):
        self.records = {}
        self.parent = {}
        self.children = {}   # key -> list of child keys
        self.member = set()  # keys whose record has a children member
        self.roots = []

    def copy(self):
        f = Forest()
        f.records = dict(self.records)
        f.parent = dict(self.parent)
        f.children = {k: list(v) for k, v in self.children.items()}
        f.member = set(self.member)
        f.roots = list(self.roots)
        return f

    def add(self, key, record, parent, index=None):
        self.records[key] = record
        self.parent[key] = parent
        self.children[key] = []
        siblings = self.siblings(parent)
        siblings.insert(len(siblings) if index is None else index, key)
        if parent is not None:
            self.member.add(parent)

    def siblings(self, parent):
        return self.roots if parent is None else self.children[parent]

    def detach(self, key):
        """Takes the node (with its subtree) out of its sibling list;
        returns its old index."""
        siblings = self.siblings(self.parent[key])
        index = siblings.index(key)
        del siblings[index]
        return index

    def attach(self, key, parent, index):
        self.parent[key] = parent
        self.siblings(parent).insert(index, key)
        if parent is not None:
            self.member.add(parent)

    def depth(self, key):
        d = 1
        while self.parent[key] is not None:
            key = self.parent[key]
            d += 1
        return d

    def subtree(self, key):
        """The keys of the subtree, in preorder, with their depth below key
        (0 for key)."""
        out, stack = [], [(key, 0)]
        while stack:
            k, d = stack.pop()
            out.append((k, d))
            stack.extend((c, d + 1) for c in reversed(self.children[k]))
        return out

    def preorder(self):
        out, stack = [], list(reversed(self.roots))
        while stack:
            k = stack.pop()
            out.append(k)
            stack.extend(reversed(self.children[k]))
        return out

    def nested(self, key):
        rec = dict(self.records[key])
        if key in self.member:
            rec[FIELD] = [self.nested(c) for c in self.children[key]]
        return rec


def grow(n, rng):
    """The OLD forest of n nodes."""
    f = Forest()
    made = 0
    while made < n:
        size = min(n - made, int(math.exp(rng.random() * math.log(3000))))
        root = "T%08d" % (2 * made)
        f.add(root, make_record(rng, root), None)
        made += 1
        # Preferential attachment: a node appears once in `slots`, plus once
        # per child; nodes at the depth limit are never added to it.
        slots, depth = [root], {root: 1}
        for _ in range(size - 1):
            parent = slots[int(rng.random() * len(slots))]
            key = "T%08d" % (2 * made)
            f.add(key, make_record(rng, key), parent)
            made += 1
            depth[key] = depth[parent] + 1
            slots.append(parent)
            if depth[key] < MAX_DEPTH:
                slots.append(key)
    return f


def plant(old, n, rng):
    """NEW from OLD with about n/100 of each change; returns (new, planted
    counts)."""
    new = old.copy()
    k = max(1, round(RATE * n))
    order = old.preorder()
    touched = set()           # nodes taken by one change (and their subtrees
                              # for deletes and reparentings)
    planted = {}

    def pick(accept, tries=200):
        for _ in range(tries):
            key = order[int(rng.random() * len(order))]
            if key not in touched and accept(key):
                return key
        return None

    # Deletes: leaves mostly, some small subtrees; k nodes in all.
    gone = 0
    while gone < k:
        want = 1 if rng.random() < 0.7 else 6
        key = pick(lambda x: len(new.subtree(x)) <= want and all(
            c not in touched for c, _ in new.subtree(x))
            and (new.parent[x] is None or new.parent[x] not in touched))
        if key is None:
            break
        sub = [c for c, _ in new.subtree(key)]
        new.detach(key)
        for c in sub:
            touched.add(c)
            del new.records[c], new.parent[c], new.children[c]
            new.member.discard(c)
        gone += len(sub)
    planted["deleted_nodes"] = gone
    alive = lambda x: x not in touched

    # Updates.
    for _ in range(k):
        key = pick(alive)
        if key is None:
            break
        touched.add(key)
        new.records[key] = mutate(rng, new.records[key])
    planted["updated"] = k

    # Moves within a parent.
    moved = 0
    for _ in range(k):
        key = pick(lambda x: len(new.siblings(new.parent[x])) >= 2)
        if key is None:
            break
        touched.add(key)
        index = new.detach(key)
        siblings = new.siblings(new.parent[key])
        to = int(rng.random() * len(siblings))
        if to >= index:
            to += 1
        new.attach(key, new.parent[key], to)
        moved += 1
    planted["moved_within_parent"] = moved

    # Reparentings: a node with its subtree under another parent.
    parents = [x for x in order if x in old.member]
    reparented = 0
    for _ in range(k):
        key = pick(lambda x: len(new.subtree(x)) <= 200)
        if key is None:
            break
        sub = new.subtree(key)
        height = max(d for _, d in sub) + 1
        inside = {c for c, _ in sub}
        target = None
        for _ in range(50):
            p = parents[int(rng.random() * len(parents))]
            if (p not in inside and p != new.parent[key] and p not in touched
                    and new.depth(p) + height <= MAX_DEPTH):
                target = p
                break
        if target is None:
            continue
        touched.update(inside)
        new.detach(key)
        new.attach(key, target, int(rng.random() * (len(new.children[target]) + 1)))
        reparented += 1
    planted["reparented"] = reparented

    # Inserts: leaves and small subtrees, k nodes in all.
    inserted = made = 0
    while made < k:
        size = 1 if rng.random() < 0.7 else min(k - made, rng.randint(2, 5))
        if rng.random() < 0.02:
            parent = None
        else:
            parent = None
            for _ in range(50):
                p = parents[int(rng.random() * len(parents))]
                if p not in touched and new.depth(p) + 2 <= MAX_DEPTH:
                    parent = p
                    break
        siblings = new.siblings(parent)
        at = int(rng.random() * (len(siblings) + 1))
        top = None
        for i in range(size):
            key = "T%08d" % (2 * (n + inserted) + 1)  # odd: never an old key
            under = parent if top is None else top
            new.add(key, make_record(rng, key), under, at if top is None else None)
            top = top or key
            inserted += 1
            touched.add(key)
        made += size
    planted["inserted_nodes"] = made
    return new, planted


def lis_length(seq):
    tails = []
    for x in seq:
        i = bisect.bisect_left(tails, x)
        if i == len(tails):
            tails.append(x)
        else:
            tails[i] = x
    return len(tails)


def tree_truth(old, new):
    """What coldiff --tree reports, by its documented semantics."""
    deleted = sum(1 for x in old.records if x not in new.records and (
        old.parent[x] is None or old.parent[x] in new.records))
    inserted = sum(1 for x in new.records if x not in old.records and (
        new.parent[x] is None or new.parent[x] in old.records))
    updated = 0
    for x in old.records:
        if x not in new.records:
            continue
        if old.records[x] != new.records[x]:
            updated += 1
        elif (not old.children[x] or not new.children[x]) and (
                (x in old.member) != (x in new.member)):
            updated += 1
    moved = 0
    for parent in [None] + list(new.records):
        if parent is not None and parent not in old.records:
            continue
        kept = []
        old_siblings = {c: i for i, c in enumerate(old.siblings(parent))}
        for c in new.siblings(parent):
            if c not in old.records:
                continue
            if old.parent[c] != parent:
                moved += 1
            else:
                kept.append(old_siblings[c])
        moved += len(kept) - lis_length(kept)
    # Matched children of inserted nodes moved in (none are planted, but
    # the rule is part of the semantics).
    for x in new.records:
        if x not in old.records:
            moved += sum(1 for c in new.children[x] if c in old.records)
    return {"inserted": inserted, "deleted": deleted, "updated": updated,
            "moved_minimal": moved}


def flat_truth(old, new, old_order, new_order):
    """What coldiff reports for the flat pair (preorder, no children)."""
    pos = {k: i for i, k in enumerate(old_order)}
    matched = [pos[k] for k in new_order if k in pos]
    updated = sum(1 for k in new_order if k in pos and
                  old.records[k] != new.records[k])
    return {"inserted": len(new_order) - len(matched),
            "deleted": len(old_order) - len(matched),
            "updated": updated,
            "moved_minimal": len(matched) - lis_length(matched)}


def dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write_lines(path, items):
    """A JSON array with one item a line."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n")
        f.write(",\n".join(map(dumps, items)))
        f.write("\n]\n")


def generate(size, seed, out, force):
    n = SIZES[size]
    d = os.path.join(out, size)
    gt_path = os.path.join(d, "ground_truth.json")
    params = {"gen_version": GEN_VERSION, "seed": seed, "size": size}
    if not force and os.path.exists(gt_path):
        with open(gt_path) as f:
            if json.load(f).get("params") == params:
                print("gen_tree.py: %s up to date" % d, file=sys.stderr)
                return
    t0 = time.time()
    os.makedirs(d, exist_ok=True)
    rng = random.Random("%s:%d:tree" % (seed, n))
    old = grow(n, rng)
    new, planted = plant(old, n, rng)
    old_order, new_order = old.preorder(), new.preorder()
    write_lines(os.path.join(d, "old.json"), (old.nested(r) for r in old.roots))
    write_lines(os.path.join(d, "new.json"), (new.nested(r) for r in new.roots))
    write_lines(os.path.join(d, "flat-old.json"),
                (old.records[k] for k in old_order))
    write_lines(os.path.join(d, "flat-new.json"),
                (new.records[k] for k in new_order))
    fan = [len(old.children[k]) for k in old_order if old.children[k]]
    depths = {}
    for r in old.roots:
        for _, dd in old.subtree(r):
            depths[dd + 1] = depths.get(dd + 1, 0) + 1
    truth = {
        "params": params,
        "field": FIELD,
        "key": "id",
        "nodes_old": len(old_order),
        "nodes_new": len(new_order),
        "roots_old": len(old.roots),
        "tree": tree_truth(old, new),
        "flat": flat_truth(old, new, old_order, new_order),
        "planted": planted,
        "shape_old": {
            "depth_histogram": {str(k): v for k, v in sorted(depths.items())},
            "parents": len(fan),
            "fan_out_max": max(fan) if fan else 0,
            "fan_out_mean": round(sum(fan) / len(fan), 2) if fan else 0,
        },
        "bytes": {name: os.path.getsize(os.path.join(d, name)) for name in
                  ("old.json", "new.json", "flat-old.json", "flat-new.json")},
        "note": ("tree: what `coldiff --tree children` reports (a deleted or "
                 "inserted subtree is one change of its root; moves minimal "
                 "per parent, plus every change of parent); flat: what "
                 "`coldiff` reports on the preorder flat pair (every node "
                 "counts). planted: the changes made."),
    }
    with open(gt_path, "w") as f:
        json.dump(truth, f, indent=1)
    print("gen_tree.py: %s: %d -> %d nodes, tree %s, flat %s (%.1f s)" % (
        d, truth["nodes_old"], truth["nodes_new"], truth["tree"],
        truth["flat"], time.time() - t0), file=sys.stderr)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10k,100k")
    ap.add_argument("--out", default="trees")
    ap.add_argument("--seed", default="coldiff-tree-1")
    ap.add_argument("--force", action="store_true",
                    help="regenerate even when the files exist with these "
                         "parameters")
    a = ap.parse_args(argv)
    for size in [s.strip().lower() for s in a.sizes.split(",") if s.strip()]:
        if size not in SIZES:
            sys.exit("gen_tree.py: unknown size %r (choose from %s)" % (
                size, ", ".join(SIZES)))
        generate(size, a.seed, a.out, a.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
