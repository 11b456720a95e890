/// The rows of a scanned CSV or TSV file (OLD), for the scan of another
/// (NEW) to take whole those it meets again byte for byte
/// (`KnownRecords`). A row is taken with its line ending, which ends it
/// whatever follows, and only under a header of as many fields and the
/// same delimiter. A class: the scan reads it for every row, and a copy
/// is then one retain.
package final class CSVKnownRows: Sendable {
  /// The rows (the header first), each with its line ending; the last one
  /// is left out (empty) when the file does not end with a line ending.
  let records: KnownRecords
  /// The text line on which each row starts, empty when row `i` starts
  /// on line `i + 1` for every `i` (`CSVTable`'s).
  private let lineNumbers: [UInt32]
  /// How many line feeds the last row holds.
  private let lastLineFeeds: Int
  /// The number of fields of every row.
  let columnCount: Int
  /// The delimiter the rows were read with.
  let delimiter: UInt8
  /// Whether every field of every row is quoted.
  let quotesEveryField: Bool
  /// The column whose canonical key bytes the scan made, -1 for none.
  let keyColumn: Int
  /// The canonical key bytes of the rows in `keyColumn`
  /// (`CSVCapturedKeys`).
  let keyBytes: [UInt8]
  /// Where each line's key ends in `keyBytes`, the header's first.
  let keyEnds: [UInt32]
  /// The decoded column names, which a table with the same names shares
  /// (`CSVTable`'s `header`): a comparison of the two headers, made for
  /// each changed row, then finds one array and reads no name.
  let header: [[UInt8]]

  /// Indexes OLD's rows by their prefixes.
  ///
  /// - Parameters:
  ///   - bytes: OLD's bytes; they must stay valid while this is used.
  ///   - table: what the scan of `bytes` found.
  /// - Complexity: O(number of rows).
  package init(bytes: UnsafeBufferPointer<UInt8>, table: CSVTable) {
    let lineStarts = table.lineStarts
    let rows = lineStarts.count
    // The table's line starts (shared; a CSV file is under 4 GiB), each
    // row ending where the next starts: only the last row's length is
    // worked out.
    let starts = RecordOffsets(low: lineStarts)
    var (lastLength, lastLineFeeds) = (0, 0)
    if rows > 0 {
      let last = starts[rows - 1]
      if table.recordsEnd > last, bytes[table.recordsEnd - 1] == 0x0A {
        lastLength = table.recordsEnd - last
        lastLineFeeds = bytes[last..<table.recordsEnd].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      }
    }
    records = KnownRecords(
      bytes: bytes, starts: starts, lastLength: KnownRecords.storedLength(lastLength),
      samples: table.prefixSamples)
    lineNumbers = table.lineNumbers
    self.lastLineFeeds = lastLineFeeds
    columnCount = table.columnCount
    delimiter = table.delimiter
    quotesEveryField = table.quotesEveryField
    // (A table that left keys to another's rows has none to give.)
    let keys = table.partnerKeys == nil ? table.capturedKeys : nil
    keyColumn = keys?.column ?? -1
    keyBytes = keys?.bytes ?? []
    keyEnds = keys?.ends ?? []
    header = table.header
  }

  /// No rows, for a scan without another file's (which never asks it).
  static let none = CSVKnownRows()

  /// No rows.
  private init() {
    records = KnownRecords(
      bytes: UnsafeBufferPointer(start: nil, count: 0), starts: RecordOffsets(), lengths: [])
    (lineNumbers, lastLineFeeds, columnCount, delimiter) = ([], 0, -1, 0)
    (quotesEveryField, keyColumn, keyBytes, keyEnds, header) = (false, -1, [], [], [])
  }

  /// How many line feeds row `line` holds (1, or more with line feeds in
  /// quoted fields).
  @inline(__always)
  func lineFeeds(ofLine line: Int) -> Int {
    guard line + 1 < records.starts.count else { return lastLineFeeds }
    return lineNumbers.isEmpty ? 1 : Int(lineNumbers[line + 1] &- lineNumbers[line])
  }

  /// Appends the canonical key bytes of field `column` of row `line` (a
  /// data row; 0, the header, is a row too when a row of another file
  /// has its bytes): copied from the keys the scan made when they are
  /// that column's, else read from the row's bytes.
  ///
  /// - Complexity: O(length of the key), or of the row up to the field
  ///   when the keys are another column's.
  @inline(__always)
  func appendKey(ofLine line: Int, column: Int, to out: inout MappedBuffer<UInt8>) {
    if column == keyColumn, line > 0 {
      let start = Int(keyEnds[line - 1])
      let length = Int(keyEnds[line]) - start
      keyBytes.withUnsafeBufferPointer { keys in
        guard let base = keys.baseAddress else { return }
        let width = ByteClassifier.width
        if length <= width, start &+ width <= keys.count {
          // A short key, with sixteen bytes to read: copied as one block.
          out.reserve(width)
          out.storeBlock(ByteClassifier.load(UnsafeRawPointer(base), start), count: length)
        } else {
          out.append(base + start, count: length)
        }
      }
    } else {
      CSVIndex.appendKey(
        records.bytes, ofRowAt: records.starts[line], column: column, delimiter: delimiter,
        to: &out)
    }
  }
}
