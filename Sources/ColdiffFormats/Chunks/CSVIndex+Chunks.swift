/// Scanning a large CSV file in chunks (`ChunkedScan`).
///
/// A chunk starts at the first line start after its cut, a guess: the
/// line feed may be inside a quoted field. The join keeps a chunk only
/// when the chunk before it ended there, and scans it again otherwise.
/// A chunk checks its rows' widths against its own first row; the join
/// checks that row against the header.
extension CSVIndex {
  /// Indexes the rows of `input` from `bounds[0]` (after a byte order
  /// mark) to its end, in the chunks of `bounds`.
  ///
  /// - Throws: `InputError`, the first in the file, as the scan of the
  ///   whole file would.
  mutating func scanInChunks(
    _ bounds: [Int], _ input: UnsafeBufferPointer<UInt8>, delimiter: UInt8,
    classes: UnsafeBufferPointer<UInt8>, chunking: ScanChunking, known: CSVKnownRows?,
    keyColumn: Int
  ) throws(InputError) {
    var parts: [CSVRows] = []
    var header = -1
    _ = try ChunkedScan.run(
      bounds: bounds, releasing: chunking.releasing,
      guess: { ChunkedScan.lineStart(in: input, atOrAfter: $0) },
      scan: { start, limit in
        var rows = CSVRows()
        do throws(InputError) {
          try CSVIndex.scanRows(
            input, from: start, startingBefore: limit, delimiter: delimiter, classes: classes,
            known: known, keyColumn: keyColumn, into: &rows)
        } catch {
          rows.error = error
        }
        return (.success(rows), rows.end)
      },
      take: { (rows) throws(InputError) -> Bool in
        if header < 0 {
          header = rows.columnCount
        } else if !rows.lineStarts.isEmpty, rows.columnCount != header {
          // The scan of the whole file stops at this chunk's first row.
          let line = TextPosition(offset: Int(rows.lineStarts[0]), in: input).line
          throw CSVIndex.widthError(
            line: line, fields: rows.columnCount, columnCount: header, blank: rows.firstRowBlank)
        }
        if let error = rows.error { throw error }
        parts.append(rows)
        return false
      })
    join(&parts, header: header)
  }
}
