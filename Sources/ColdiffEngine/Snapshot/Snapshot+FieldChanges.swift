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
    if case .table(let table) = storage, case .table(let otherTable) = other.storage,
      table.header == otherTable.header
    {
      // Two tables of one header: compared field by field on their bytes.
      return try rules.filter(table.fieldChanges(ofRow: record, to: otherTable, row: otherRecord))
    }
    guard case .json = storage, case .json = other.storage else {
      return try rules.filter(
        FieldChange.between(value(of: record), other.value(of: otherRecord)))
    }
    let changes = withRecordBytes(record) { mine, range in
      other.withRecordBytes(otherRecord) { theirs, otherRange in
        FieldChange.between(mine, range, theirs, otherRange)
      }
    }
    return try rules.filter(changes)
  }
}
