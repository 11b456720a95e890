/// The part of an input one chunk's scan found, and where it stopped.
struct ChunkPart<Part> {
  /// Where the chunk's scan started: a record boundary, possibly a guess.
  let start: Int
  /// What the scan found (its records), or the first error in the chunk.
  let found: Result<Part, InputError>
  /// Where the next chunk's records start (meaningful when `found`
  /// succeeded).
  let end: Int
}

/// Scans an input in chunks on every core and joins the parts in order.
///
/// A chunk whose start was a guess (a CSV line start that may lie inside
/// a quoted field, a JSON element found by its layout) is kept only when
/// the chunk before it ended exactly there; otherwise it is scanned again,
/// on this thread, from where the chunk before ended. So the records, and
/// the first error, are those of a scan of the whole input.
enum ChunkedScan {
  /// Scans the chunks of `bounds` and hands their parts to `take` in
  /// order.
  ///
  /// - Parameters:
  ///   - bounds: `start`, the cuts, and the end (from `ScanChunking`);
  ///     chunk 0 starts at `bounds[0]`, a true boundary.
  ///   - releasing: the input whose pages a chunk lets go once scanned.
  ///   - guess: the first record boundary at or after a cut, as far as a
  ///     chunk can tell on its own.
  ///   - scan: scans the records that start at `start` and after, before
  ///     `limit`; returns them and where the next record starts. Runs on
  ///     any thread.
  ///   - take: takes one part, in order; returns `true` when the input's
  ///     records end with it (a JSON closing bracket), which ends the
  ///     join.
  /// - Returns: where the records taken end.
  /// - Throws: the first error in the input (that of the earliest chunk
  ///   whose start held), or what `take` throws.
  static func run<Part>(
    bounds: [Int], releasing: SourceBytes?, guess: @escaping (Int) -> Int,
    scan: @escaping (_ start: Int, _ limit: Int) -> (Result<Part, InputError>, end: Int),
    take: (Part) throws(InputError) -> Bool
  ) throws(InputError) -> Int {
    let chunks = bounds.count - 1
    defer { releaseAll(releasing, bounds: bounds) }
    let parts = ChunkRunner.map(chunks) { chunk -> ChunkPart<Part> in
      let start = chunk == 0 ? bounds[0] : guess(bounds[chunk])
      let (found, end) = scan(start, bounds[chunk + 1])
      releaseScanned(releasing, chunk: chunk, bounds: bounds, end: end)
      return ChunkPart(start: start, found: found, end: end)
    }
    var position = bounds[0]
    for (chunk, part) in parts.enumerated() {
      var part = part
      if part.start != position {
        // The guess was wrong: scan the chunk again from the true start.
        let (found, end) = scan(position, max(position, bounds[chunk + 1]))
        part = ChunkPart(start: position, found: found, end: end)
      }
      if try take(part.found.get()) { return part.end }
      position = part.end
    }
    return position
  }

  /// The first line start at or after `offset`: just after a line feed,
  /// or the end of the input.
  static func lineStart(in bytes: UnsafeBufferPointer<UInt8>, atOrAfter offset: Int) -> Int {
    var position = offset
    while position < bytes.count, position == 0 || bytes[position - 1] != 0x0A {
      position += 1
    }
    return position
  }

  /// Lets the pages of chunk `chunk` go once it is scanned, up to `end`
  /// where its scan stopped, with the rest of the folios its ends lie in
  /// (`SourceBytes.releaseFolios(_:)`), from the byte before its cut on:
  /// the guess of its start may have read there, mapping again the folio
  /// the chunk before let go.
  static func releaseScanned(_ releasing: SourceBytes?, chunk: Int, bounds: [Int], end: Int) {
    guard let releasing else { return }
    let first = chunk == 0 ? bounds[0] : bounds[chunk] - 1
    releasing.releaseFolios(first..<max(first, end))
  }

  /// Lets all the pages of the chunks go once the scan is done: those
  /// that a chunk scanned again from the true end of the one before it
  /// (after a wrong guess) and the join read, or that a read across a cut
  /// mapped again after both neighbours let them go.
  static func releaseAll(_ releasing: SourceBytes?, bounds: [Int]) {
    releasing?.releaseFolios(bounds[0]..<bounds[bounds.count - 1])
  }
}
