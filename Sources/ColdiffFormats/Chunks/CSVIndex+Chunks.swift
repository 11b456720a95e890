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
    chunking: ScanChunking, known: CSVKnownRows?, keyColumn: Int
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
            input, from: start, startingBefore: limit, delimiter: delimiter, known: known,
            keyColumn: keyColumn, into: &rows)
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

  /// Joins the rows of the chunks, numbering their lines from the file's
  /// start, emptying each part once joined (so that the rows are never
  /// held twice).
  private mutating func join(_ parts: inout [CSVRows], header: Int) {
    let rows = parts.reduce(0) { $0 + $1.lineStarts.count }
    lineStarts.reserveCapacity(rows)
    if parts.contains(where: { !$0.knownPartners.isEmpty }) { knownPartners.reserveCapacity(rows) }
    if keyColumn >= 0 { joinKeys(&parts, rows: rows) }
    let numbered = !Self.linesFollowRows(parts)
    if numbered { lineNumbers.reserveCapacity(rows) }
    var lineFeeds: UInt32 = 0
    var everyFieldQuoted = true
    for position in parts.indices {
      let part = parts[position]
      parts[position] = CSVRows()
      if numbered {
        if part.lineNumbers.isEmpty {
          // Row `i` of the part is on its line `i + 1`.
          lineNumbers += (0..<UInt32(part.lineStarts.count)).lazy.map { $0 + 1 + lineFeeds }
        } else {
          lineNumbers += part.lineNumbers.lazy.map { $0 + lineFeeds }
        }
      }
      lineStarts += part.lineStarts
      knownPartners += part.knownPartners
      lineFeeds += UInt32(part.lineFeeds)
      everyFieldQuoted = everyFieldQuoted && part.everyFieldQuoted
    }
    columnCount = max(header, 0)
    quotesEveryField = everyFieldQuoted && rows > 0
  }

  /// Whether every row of `parts` starts on the line after the row
  /// before it (then the joined index holds no line numbers): each
  /// part's do, and each part starts after as many line feeds as rows.
  private static func linesFollowRows(_ parts: [CSVRows]) -> Bool {
    var rows = 0
    var lineFeeds = 0
    for part in parts {
      guard part.lineNumbers.isEmpty, lineFeeds == rows else { return false }
      rows += part.lineStarts.count
      lineFeeds += part.lineFeeds
    }
    return true
  }

  /// Joins the key bytes of the chunks, back to back, copied once, and
  /// where each row's ends; each chunk's buffers go once copied.
  private mutating func joinKeys(_ parts: inout [CSVRows], rows: Int) {
    let total = parts.reduce(0) { $0 + ($1.keys?.count ?? 0) }
    var ends: [Int] = []
    ends.reserveCapacity(rows)
    canonicalKeys = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
      var offset = 0
      for position in parts.indices {
        guard let keys = parts[position].keys else { continue }
        parts[position].keys = nil
        ends += keys.keyEnds.lazy.map { $0 + offset }
        if keys.count > 0, let target = buffer.baseAddress, let source = keys.bytes.baseAddress {
          (target + offset).initialize(from: source, count: keys.count)
        }
        offset += keys.count
      }
      initialized = total
    }
    canonicalKeyEnds = ends
  }
}
