/// Scanning a large CSV file in chunks on every core, each chunk joined
/// into the index as soon as the chunks before it are (`CSVChunkJoin`).
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
    let join = CSVChunkJoin(
      input, bounds: bounds, delimiter: delimiter, known: known, keyColumn: keyColumn)
    let releasing = chunking.releasing
    _ = ChunkRunner.map(bounds.count - 1) { chunk in
      guard var rows = join.rowsToScan() else { return }
      let start =
        chunk == 0 ? bounds[0] : ChunkedScan.lineStart(in: input, atOrAfter: bounds[chunk])
      join.scan(chunk, from: start, into: &rows)
      releasing?.releasePages(start..<rows.end)
      join.finish(chunk, start: start, rows: rows)
    }
    let joined = try join.joined()
    lineStarts = joined.lineStarts
    lineNumbers = joined.lineNumbers
    knownPartners = joined.knownPartners
    canonicalKeys = joined.canonicalKeys
    canonicalKeyEnds = joined.canonicalKeyEnds
    columnCount = joined.columnCount
    quotesEveryField = joined.quotesEveryField
  }
}
