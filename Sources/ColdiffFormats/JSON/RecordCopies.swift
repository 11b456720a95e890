import ColdiffCore

/// Copies of the records a scan validated instead of taking them whole
/// from another input's (`JSONKnownRecords`): NEW's records that are not
/// OLD's byte for byte, the inserted, updated and moved ones, copied
/// while each was in the cache, for an input whose pages go behind its
/// scan.
///
/// The comparison and the document read those records here, not in the
/// input: a page let go and read again maps the pages around it too,
/// and the changed records, a few in a hundred, lie on most pages, so
/// reading them in the input mapped it whole again, once for the
/// comparison and once for the document. A CSV NEW's rows are copied
/// the same way (`CSVTable.copies`), each followed by a line feed.
package struct RecordCopies: Sendable {
  /// The copies, back to back.
  private var bytes: [UInt8] = []
  /// The position in the input of each copied record, ascending.
  private var records: [Int32] = []
  /// Where each copy starts in `bytes`, with one more entry (the end).
  private var starts: [Int] = [0]
  /// Whether each copy is followed by a line feed outside its range: a
  /// CSV row's, whose last field a walk over its fields then finds the
  /// end of there (`CSVTable.fieldEnd`), not in the next copy.
  private var lineFeedAfterEach = false

  /// No copies.
  package init() {}

  /// No copies, of CSV rows when `lineFeedAfterEach`: each copy is then
  /// followed by a line feed, outside its range.
  init(lineFeedAfterEach: Bool) {
    self.lineFeedAfterEach = lineFeedAfterEach
  }

  /// Whether no record is copied.
  package var isEmpty: Bool { records.isEmpty }

  /// Appends a copy of record `record`, which comes after every record
  /// copied so far: its bytes `range` of `input`.
  mutating func append(record: Int, of input: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    records.append(Int32(truncatingIfNeeded: record))
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
    if lineFeedAfterEach { bytes.append(0x0A) }
    starts.append(bytes.count)
  }

  /// Appends the copies of `other`, whose records come after these once
  /// their positions are moved `shift` on (the records of the parts
  /// before it).
  mutating func append(_ other: RecordCopies, shiftedBy shift: Int) {
    guard !other.isEmpty else { return }
    if isEmpty { lineFeedAfterEach = other.lineFeedAfterEach }
    precondition(lineFeedAfterEach == other.lineFeedAfterEach, "copies of two kinds joined")
    let (recordShift, byteShift) = (Int32(truncatingIfNeeded: shift), bytes.count)
    records += other.records.lazy.map { $0 &+ recordShift }
    starts += other.starts.dropFirst().lazy.map { $0 &+ byteShift }
    bytes += other.bytes
  }

  /// Calls `body` with the copies' bytes and the range of record
  /// `record`'s copy in them (its line feed left out), or returns `nil`
  /// when it is not copied.
  ///
  /// - Complexity: O(log n) in the copies.
  @inline(__always)
  package func withCopy<Result>(
    of record: Int, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Result
  ) -> Result? {
    guard !records.isEmpty else { return nil }
    let target = Int32(truncatingIfNeeded: record)
    let copy = firstPosition(below: records.count) { records[$0] >= target }
    guard copy < records.count, records[copy] == target else { return nil }
    let end = starts[copy + 1] - (lineFeedAfterEach ? 1 : 0)
    return bytes.withUnsafeBufferPointer { body($0, starts[copy]..<end) }
  }
}
