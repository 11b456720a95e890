import ColdiffCore
import ColdiffFormats

/// Two snapshots matched record by record: who is who (identity), what
/// changed (equality), and the diff in Bond's index spaces.
package struct Comparison {
  /// The snapshot compared from.
  package let old: Snapshot
  /// The snapshot compared to.
  package let new: Snapshot
  /// What makes records the same.
  package let identity: Identity
  /// Whether order is part of the collection (no moves when not).
  package let ordered: Bool
  /// For each new record, its partner's position in `old`, or -1.
  package let newToOld: [Int32]
  /// The diff: deletes, updates and move sources in OLD positions,
  /// inserts and move targets in NEW positions.
  package let diff: OrderedCollectionDiff<Int>
  /// The changed fields of each updated record, by OLD position.
  package let changes: [Int: [FieldChange]]
  /// The rules the records were compared by (a combination of shards
  /// sets the rules its parts were made with).
  package var rules: ComparisonRules

  /// Matches and compares two snapshots.
  ///
  /// - Parameters:
  ///   - old: the snapshot compared from.
  ///   - new: the snapshot compared to.
  ///   - identity: what makes records the same.
  ///   - rules: the comparison rules (`--ignore`, `--compare`).
  ///   - ordered: whether moves count.
  ///   - oldKeys: `old`'s canonical identities; let go once matched, so
  ///     that a caller that hands them over (`consume`) has their memory
  ///     back before the records are compared.
  ///   - newKeys: `new`'s canonical identities, let go the same way.
  ///   - newPartners: for each NEW record whose key `newKeys` leaves to
  ///     its partner (`Snapshot.keysLeftToPartners(for:)`), that OLD
  ///     record; `nil` when `newKeys` holds every key.
  ///   - comparing: which matched NEW records to compare (a shard's);
  ///     every one when `nil`. The others count as equal.
  ///   - oldTable: the table of `oldKeys`, when it was built beforehand
  ///     (a merge compares BASE with both sides); built here otherwise.
  /// - Throws: `InputError` for a key that occurs twice in one snapshot.
  /// - Complexity: O(n log n) for matching and moves; equal records cost a
  ///   byte comparison, changed ones a parse of both.
  package init(
    old: Snapshot, new: Snapshot, identity: Identity, rules: ComparisonRules, ordered: Bool,
    oldKeys: consuming KeyArena, newKeys: consuming KeyArena, newPartners: KnownMatches? = nil,
    comparing: ((Int) -> Bool)? = nil,
    oldTable: KeyTable? = nil
  ) throws {
    // Match identities.
    let newToOld: [Int32]
    if identity == .wholeValue {
      newToOld = KeyTable.matchOccurrences(old: oldKeys, new: newKeys)
    } else {
      do {
        newToOld = try KeyTable.matchUnique(
          old: oldKeys, new: newKeys, table: oldTable, known: newPartners,
          inParallel: Parallel.parts)
      } catch {
        throw Comparison.duplicateError(error, of: error.inNew ? new : old, identity: identity)
      }
    }
    _ = consume oldKeys
    _ = consume newKeys
    // Compare matched records on both cores: raw bytes first, values only
    // when they differ; the diff's positions are worked out meanwhile.
    let (changes, diff) = try Comparison.compareMatched(
      old: old, new: new, identity: identity, rules: rules, ordered: ordered, newToOld: newToOld,
      comparing: comparing)
    self.init(
      old: old, new: new, identity: identity, ordered: ordered, newToOld: newToOld,
      changes: changes, diff: diff, rules: rules)
  }

  /// A comparison whose matching and changes are known (a combination of
  /// shards): the diff is made from them as the matching initializer
  /// makes it, so the same matching and changes give the same diff.
  ///
  /// - Parameters:
  ///   - old: the snapshot compared from.
  ///   - new: the snapshot compared to.
  ///   - identity: what makes records the same.
  ///   - ordered: whether moves count.
  ///   - newToOld: for each new record, its partner's position in `old`,
  ///     or -1.
  ///   - changes: the changed fields of each updated record, by OLD
  ///     position.
  ///   - rules: the rules the changes were found by.
  /// - Complexity: O(n log n) for the moves.
  package init(
    old: Snapshot, new: Snapshot, identity: Identity, ordered: Bool, newToOld: [Int32],
    changes: [Int: [FieldChange]], rules: ComparisonRules = ComparisonRules()
  ) {
    self.init(
      old: old, new: new, identity: identity, ordered: ordered, newToOld: newToOld,
      changes: changes,
      diff: Comparison.diff(
        oldCount: old.count, newCount: new.count, ordered: ordered, newToOld: newToOld,
        changes: changes),
      rules: rules)
  }

  /// A comparison whose diff is known too (`diff(oldCount:…)` of the
  /// same matching and changes): a put-together comparison works out its
  /// diff before it writes its snapshots, so as to write only the records
  /// the diff names in full.
  package init(
    old: Snapshot, new: Snapshot, identity: Identity, ordered: Bool, newToOld: [Int32],
    changes: [Int: [FieldChange]], diff: OrderedCollectionDiff<Int>,
    rules: ComparisonRules = ComparisonRules()
  ) {
    self.old = old
    self.new = new
    self.identity = identity
    self.ordered = ordered
    self.newToOld = newToOld
    self.rules = rules
    self.diff = diff
    self.changes = changes
  }

  /// The diff of a known matching and changes, as the matching
  /// initializer makes it.
  ///
  /// - Parameters:
  ///   - oldCount: the number of OLD records.
  ///   - newCount: the number of NEW records.
  ///   - ordered: whether moves count.
  ///   - newToOld: for each new record, its partner's position in OLD,
  ///     or -1.
  ///   - changes: the changed fields of each updated record, by OLD
  ///     position (matched records only).
  /// - Complexity: O(n log n) for the moves.
  package static func diff(
    oldCount: Int, newCount: Int, ordered: Bool, newToOld: [Int32],
    changes: [Int: [FieldChange]]
  ) -> OrderedCollectionDiff<Int> {
    positionDiff(oldCount: oldCount, newCount: newCount, ordered: ordered, newToOld: newToOld)
      .updating(Array(changes.keys))
  }

  /// The diff of a matching whose matched records are all equal: its
  /// inserts, deletes and (when `ordered`) minimal moves, which do not
  /// depend on the records' contents, and no updates.
  ///
  /// - Complexity: O(n log n) for the moves.
  static func positionDiff(oldCount: Int, newCount: Int, ordered: Bool, newToOld: [Int32])
    -> OrderedCollectionDiff<Int>
  {
    if ordered {
      return OrderedCollectionDiff(oldCount: oldCount, newCount: newCount, newToOld: newToOld)
    }
    let unordered = UnorderedCollectionDiff(
      oldCount: oldCount, newCount: newCount, newToOld: newToOld)
    return OrderedCollectionDiff(
      inserts: unordered.inserts, deletes: unordered.deletes, updates: [], moves: [])
  }

  /// Whether equal bytes mean equal records: both inputs JSON, or both
  /// tables with the same header and delimiter (a row's bytes mean
  /// nothing without its header).
  static func rawBytesComparable(_ old: Snapshot, _ new: Snapshot) -> Bool {
    switch (old.storage, new.storage) {
    case (.json, .json): true
    case (.table(let a), .table(let b)): a.header == b.header && a.delimiter == b.delimiter
    default: false
    }
  }

  /// The error naming both records of a duplicate key of `snapshot`.
  private static func duplicateError(
    _ error: KeyTable.Duplicate, of snapshot: Snapshot, identity: Identity
  ) -> InputError {
    let key = snapshot.keyValue(of: error.second, identity: identity).map(ReportText.value) ?? ""
    let first = snapshot.position(of: error.first)
    let what = identity == .memberName ? "member name" : "key"
    return snapshot.error(
      "duplicate \(what) \(key): record #\(error.second) has the same \(what) as record "
        + "#\(error.first) (line \(first.line))",
      at: error.second)
  }

  /// The two headers when OLD and NEW are tables with headers that
  /// differ in any way, names or order (a difference, SPEC §8.1.3; a
  /// zero-byte table's header is empty); `nil` otherwise.
  package var columnChange: (old: [[UInt8]], new: [[UInt8]])? {
    guard case .table(let oldTable) = old.storage, case .table(let newTable) = new.storage,
      oldTable.header != newTable.header
    else { return nil }
    return (oldTable.header, newTable.header)
  }

  /// Whether anything differs: a record, or the columns of two tables.
  package var hasDifferences: Bool { !diff.isEmpty || columnChange != nil }

  /// The key of a record of `old` or `new`, for documents and reports.
  package func key(old record: Int) -> JSONValue? { old.keyValue(of: record, identity: identity) }

  /// The key of a record of `new`.
  package func key(new record: Int) -> JSONValue? { new.keyValue(of: record, identity: identity) }
}

extension OrderedCollectionDiff where Index == Int {
  /// This diff with `updates` (matched OLD positions, in any order) as its
  /// updates, sorted.
  func updating(_ updates: [Int]) -> Self {
    OrderedCollectionDiff(
      inserts: inserts, deletes: deletes, updates: updates.sorted(), moves: moves)
  }
}
