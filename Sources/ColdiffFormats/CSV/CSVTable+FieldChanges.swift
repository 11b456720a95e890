extension CSVTable {
  /// The changes from record `row` to record `otherRow` of `other`, a
  /// table with the same header: the same as ``FieldChange/between(_:_:at:)``
  /// of the two rows' values (``value(ofRow:)``), without building them.
  /// Fields are compared column by column on their bytes, and decoded
  /// only when their bytes differ (a quoted and an unquoted field may
  /// hold the same value); a change's values are strings.
  ///
  /// - Parameters:
  ///   - row: a record index of this table.
  ///   - other: a table whose ``header`` is this one's.
  ///   - otherRow: a record index of `other`.
  /// - Returns: the changed fields, in column order.
  /// - Complexity: O(length of the rows), plus the changed fields'
  ///   values.
  package func fieldChanges(ofRow row: Int, to other: CSVTable, row otherRow: Int)
    -> [FieldChange]
  {
    precondition(header == other.header, "the tables' headers differ")
    var changes: [FieldChange] = []
    // Room for a few changes at once: the rows differ (they are compared
    // when their bytes do), mostly in a field or two.
    changes.reserveCapacity(min(columnCount, 4))
    // (A row the scan copied is read in its copy.)
    withRowBytes(row) { mine, start in
      other.withRowBytes(otherRow) { theirs, otherStart in
        var (start, otherStart) = (start, otherStart)
        for column in 0..<columnCount {
          let end = CSVTable.fieldEnd(mine, from: start, delimiter: delimiter)
          let otherEnd = CSVTable.fieldEnd(theirs, from: otherStart, delimiter: other.delimiter)
          if !mine.sameBytes(start..<end, as: theirs, otherStart..<otherEnd) {
            let old = CSVTable.decodeField(mine, start..<end)
            let new = CSVTable.decodeField(theirs, otherStart..<otherEnd)
            if old != new {
              changes.append(
                FieldChange(
                  path: [header[column]], old: .string(CSVTable.jsonString(old)),
                  new: .string(CSVTable.jsonString(new))))
            }
          }
          start = end + 1
          otherStart = otherEnd + 1
        }
      }
    }
    return changes
  }
}
