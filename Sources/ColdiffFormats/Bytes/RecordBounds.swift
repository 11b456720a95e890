/// Where the records of a scanned input lie, for `KnownRecords`: record
/// `i` is the bytes `start(i)..<end(i)`.
package protocol RecordBounds: Sendable {
  /// The number of records.
  var count: Int { get }
  /// Where record `record` starts.
  func start(_ record: Int) -> Int
  /// Where record `record` ends (exclusive).
  func end(_ record: Int) -> Int
}

/// Records given as two arrays of offsets: a JSON collection's records.
package struct RecordRanges: RecordBounds {
  /// Where each record starts.
  let starts: [Int]
  /// Where each record ends (exclusive).
  let ends: [Int]

  package var count: Int { starts.count }

  @inline(__always)
  package func start(_ record: Int) -> Int { starts[record] }

  @inline(__always)
  package func end(_ record: Int) -> Int { ends[record] }
}

/// Rows that end where the next one starts, the last at `lastEnd`: a CSV
/// table's line starts (`CSVTable.lineStarts`), read as they are.
struct LineBounds: RecordBounds {
  /// Where each row starts.
  let starts: [UInt32]
  /// Where the last row ends.
  let lastEnd: Int

  var count: Int { starts.count }

  @inline(__always)
  func start(_ record: Int) -> Int { Int(starts[record]) }

  @inline(__always)
  func end(_ record: Int) -> Int {
    record &+ 1 < starts.count ? Int(starts[record &+ 1]) : lastEnd
  }
}
