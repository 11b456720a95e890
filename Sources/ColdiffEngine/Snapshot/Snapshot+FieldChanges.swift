import ColdiffFormats

extension Snapshot {
  /// The field changes from record `record` to record `otherRecord` of
  /// `other` under `rules` (`--ignore` patterns, `--compare` rules).
  ///
  /// Two JSON records are compared member by member on their bytes,
  /// building values only for members that differ, two rows of tables
  /// with one header field by field; otherwise both values
  /// are built and compared. The changes of JSON equality then go through
  /// the rules, which only look at what differs.
  ///
  /// - Throws: `ArrayKeyError` for a keyed array element without its key
  ///   or a key twice in one array.
  /// - Complexity: O(size of the records), plus the rules' cost for each
  ///   change.
  package func fieldChanges(
    _ record: Int, to other: Snapshot, _ otherRecord: Int, rules: ComparisonRules
  ) throws(ArrayKeyError) -> [FieldChange] {
    try FieldComparer(self, other).fieldChanges(record, otherRecord, rules: rules)
  }
}

/// What ``Snapshot/fieldChanges(_:to:_:rules:)`` reads of two snapshots,
/// taken out of them once for a walk over many pairs of their records:
/// two tables of one header bound as they are, so that no pair copies
/// them out of their snapshots (a table's copy counts a reference to
/// each of its arrays, from both cores at once in a comparison's walk)
/// nor compares their headers again.
package struct FieldComparer {
  private let old: Snapshot
  private let new: Snapshot
  /// The two tables when both snapshots are tables of one header.
  private let tables: (old: CSVTable, new: CSVTable)?

  /// The comparer of records of `old` with records of `new`.
  package init(_ old: Snapshot, _ new: Snapshot) {
    (self.old, self.new) = (old, new)
    if case .table(let oldTable) = old.storage, case .table(let newTable) = new.storage,
      oldTable.header == newTable.header
    {
      tables = (oldTable, newTable)
    } else {
      tables = nil
    }
  }

  /// The field changes from OLD's record `record` to NEW's record
  /// `newRecord`, as ``Snapshot/fieldChanges(_:to:_:rules:)`` gives them.
  ///
  /// - Throws: `ArrayKeyError` for a keyed array element without its key
  ///   or a key twice in one array.
  package func fieldChanges(_ record: Int, _ newRecord: Int, rules: ComparisonRules)
    throws(ArrayKeyError) -> [FieldChange]
  {
    if let tables {
      // Two tables of one header: compared field by field on their bytes.
      return try rules.filter(
        tables.old.fieldChanges(ofRow: record, to: tables.new, row: newRecord))
    }
    guard case .json = old.storage, case .json = new.storage else {
      return try rules.filter(
        FieldChange.between(old.value(of: record), new.value(of: newRecord)))
    }
    let changes = old.withRecordBytes(record) { mine, range in
      new.withRecordBytes(newRecord) { theirs, otherRange in
        FieldChange.between(mine, range, theirs, otherRange)
      }
    }
    return try rules.filter(changes)
  }
}
