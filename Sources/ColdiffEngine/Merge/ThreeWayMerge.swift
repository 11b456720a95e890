import ColdiffCore
import ColdiffFormats

/// A three-way merge of two snapshots that both came from BASE (SPEC
/// §8.4): BASE→OURS and BASE→THEIRS are compared by key, THEIRS's changes
/// that OURS does not already hold and that do not conflict with OURS's
/// become one diff document (``theirs``), and that document is applied to
/// OURS by key, so records no side changed keep OURS's bytes.
///
/// Where both sides changed the same thing differently, the merge keeps
/// OURS's side and records a ``MergeConflict``.
package struct ThreeWayMerge {
  /// OURS with THEIRS's changes applied: the merged snapshot.
  package let merged: PatchTarget
  /// THEIRS's changes as applied to OURS.
  package let theirs: DiffDocument
  /// The conflicts: those on BASE's records in BASE's order (a record's
  /// field conflicts in THEIRS's field order), then those on keys both
  /// sides inserted, in THEIRS's order.
  package let conflicts: [MergeConflict]

  /// Merges THEIRS into OURS.
  ///
  /// - Parameters:
  ///   - base: the common ancestor.
  ///   - ours: our side; the merged snapshot is written in its style.
  ///   - theirs: their side.
  ///   - keys: the `--key` fields (empty for the default, `id`).
  ///   - rules: the comparison rules (`--ignore`, `--compare`,
  ///     `--array-key`).
  ///   - unordered: whether order is not part of the collection.
  /// - Throws: `InputError` for inputs that cannot be merged: forms that
  ///   do not go together, records without a key (whole-value identity),
  ///   a missing or duplicate key, a keyed array element without its key
  ///   or a key twice in one array.
  package init(
    base: Snapshot, ours: Snapshot, theirs: Snapshot, keys: [JSONPointer],
    rules: ComparisonRules, unordered: Bool
  ) throws {
    let identity = try ThreeWayMerge.identity(keys: keys, base, ours)
    try ThreeWayMerge.check(identity, keys: keys, base, theirs)
    let ordered = !unordered && identity != .memberName
    // Key the three snapshots, each on a thread of its own, then compare
    // both sides with BASE, on both cores, through one table of BASE's
    // keys (a duplicate in BASE leaves it to the comparisons to report).
    let keys = try Parallel.each(
      [base, ours, theirs].map { snapshot in { try snapshot.keyArena(for: identity) } })
    let (baseKeys, oursKeys, theirsKeys) = (keys[0], keys[1], keys[2])
    let baseTable = try? KeyTable(baseKeys)
    func compare(_ side: Snapshot, _ sideKeys: KeyArena) throws -> MergeSide {
      MergeSide(
        try Comparison(
          old: base, new: side, identity: identity, rules: rules, ordered: ordered,
          oldKeys: baseKeys, newKeys: sideKeys, oldTable: baseTable))
    }
    let (oursSide, theirsSide) = try Parallel.both(
      { try compare(ours, oursKeys) }, { try compare(theirs, theirsKeys) })
    var plan = MergePlan(
      ours: oursSide, theirs: theirsSide, oursKeys: oursKeys, theirsKeys: theirsKeys,
      rules: rules)
    let document = try plan.document()
    var target = PatchTarget(ours)
    let indexed = identity.documentKey.map { fields in
      IndexedKeys(
        fields: fields, arena: oursKeys,
        find: baseTable.map { ThreeWayMerge.oursRecord(base: baseKeys, $0, oursSide, plan) })
    }
    do {
      try target.apply(document, indexed: indexed)
    } catch let conflict as PatchConflict {
      // The plan only keeps changes that fit OURS: this is a fault of the
      // merge, not of the inputs' agreement, so it is trouble.
      throw InputError("cannot merge: \(conflict.description)", file: ours.name)
    } catch let conflicts as PatchConflicts {
      throw InputError("cannot merge: \(conflicts.description)", file: ours.name)
    }
    merged = target
    self.theirs = document
    conflicts = plan.conflicts
  }

  /// How applying THEIRS's changes finds OURS's record with a key: a
  /// key of BASE's is found in BASE's table and followed to where OURS
  /// has that record (-1 when OURS deleted it); any other is one of
  /// OURS's inserts, or none.
  private static func oursRecord(
    base baseKeys: KeyArena, _ baseTable: KeyTable, _ ours: MergeSide, _ plan: MergePlan
  ) -> (KeyArena, Int) -> Int32 {
    let (fromBase, inserts) = (ours.fromBase, plan.oursInserts)
    return { probe, index in
      let baseIndex = baseTable.lookup(index, of: probe, in: baseKeys)
      if baseIndex >= 0 { return fromBase[Int(baseIndex)] }
      return inserts[Array(probe.key(index))].map(Int32.init) ?? -1
    }
  }

  /// The identity of BASE and OURS: a key (fields or member names),
  /// never the whole value.
  private static func identity(keys: [JSONPointer], _ base: Snapshot, _ ours: Snapshot) throws
    -> Identity
  {
    let identity = try Identity.resolve(keys: keys, old: base, new: ours)
    guard identity != .wholeValue else { throw keyNeeded([base, ours]) }
    return identity
  }

  /// Checks that THEIRS goes with BASE under `identity`.
  private static func check(
    _ identity: Identity, keys: [JSONPointer], _ base: Snapshot, _ theirs: Snapshot
  ) throws {
    guard try Identity.resolve(keys: keys, old: base, new: theirs) == identity else {
      throw keyNeeded([theirs])
    }
  }

  /// The error for snapshots whose records have no key: the first that
  /// lacks an `id` is named.
  private static func keyNeeded(_ snapshots: [Snapshot]) -> InputError {
    InputError(
      "merge needs a key: not every record has an \"id\"; give --key FIELD",
      file: snapshots.first { !$0.allRecordsHave(JSONPointer(["id"])) }?.name
        ?? snapshots[0].name)
  }
}
