/// Scanning a large CSV file in chunks on every core, each chunk joined
/// into the index as soon as the chunks before it are
/// (`ChunkedScan.runTakingInOrder`, `CSVChunkJoin`).
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
      input, bounds: bounds, delimiter: delimiter, known: known, keyColumn: keyColumn,
      copying: chunking.releasing?.releasesPages == true)
    _ = try ChunkedScan.runTakingInOrder(
      bounds: bounds, releasing: chunking.releasing,
      guess: { ChunkedScan.lineStart(in: input, atOrAfter: $0) },
      scan: { start, limit in
        let rows = join.scan(from: start, before: limit)
        return (.success(rows), rows.end)
      },
      take: { rows throws(InputError) in
        try join.take(rows)
        return false
      })
    let joined = try join.joined()
    lineStarts = joined.lineStarts
    lineNumbers = joined.lineNumbers
    knownPartners = joined.knownPartners
    prefixSamples = joined.prefixSamples
    canonicalKeys = joined.canonicalKeys
    canonicalKeyEnds = joined.canonicalKeyEnds
    copies = joined.copies
    columnCount = joined.columnCount
    quotesEveryField = joined.quotesEveryField
  }
}
