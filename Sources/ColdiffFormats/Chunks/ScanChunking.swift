/// How a large input is cut into chunks that are scanned on every core
/// (`ChunkRunner`) and then joined, with the result the scan of the whole
/// input would give, byte for byte, and the same first error.
///
/// The chunks' nominal bounds are equal cuts of the input (the last
/// chunk of each core cut in quarters, ``bounds(from:to:)``); each chunk
/// then starts at the first record boundary at or after its cut (a line
/// start for JSON Lines and CSV, an element for a JSON array or object)
/// and holds the records that start before the next cut.
package struct ScanChunking: Sendable {
  /// Inputs shorter than this are scanned whole, on one thread.
  package let threshold: Int
  /// The nominal length of a chunk.
  package let chunkSize: Int
  /// The input whose pages a chunk lets go once it is scanned (a mapped
  /// file's stay in the page cache), so that a large input is not all in
  /// the process's memory at the end of its scan; `nil` to keep them.
  package private(set) var releasing: SourceBytes?

  /// Chunks of at least 2 MiB for inputs of 4 MiB or more.
  package static let automatic = ScanChunking(threshold: 4 << 20, chunkSize: 2 << 20)

  /// Every input scanned whole.
  package static let whole = ScanChunking(threshold: .max, chunkSize: .max)

  /// The chunking for inputs scanned at the same time, each on a thread
  /// of its own (a merge's OURS and THEIRS): each
  /// scanned whole when there are no more cores than inputs, they are
  /// about the same size (the smallest within a quarter of the largest)
  /// and none lets its pages go as it is scanned, since one thread each
  /// then already keeps every core busy until about the end, and chunks
  /// would only add the cost of their joins (measured at 3–8% more CPU on
  /// equal 1M pairs, and more with three inputs on two cores); else
  /// ``automatic``, so that the cores done with the smaller inputs help
  /// with the larger, and a large input's pages go chunk by chunk.
  ///
  /// - Parameters:
  ///   - inputs: the inputs (an empty one for an input that is not read).
  ///   - cores: the cores there are, or `nil` for those online.
  package static func together(_ inputs: [SourceBytes], cores: Int? = nil) -> ScanChunking {
    let sizes = inputs.map(\.count)
    let (smallest, largest) = (sizes.min() ?? 0, sizes.max() ?? 0)
    let balanced = smallest >= largest - largest / 4
    let releasing = inputs.contains { $0.releasesPages }
    return (cores ?? ChunkRunner.cores) <= inputs.count && balanced && !releasing
      ? .whole : .automatic
  }

  /// A chunking; tests force small chunks to exercise the joins.
  ///
  /// - Parameters:
  ///   - threshold: inputs shorter than this are scanned whole.
  ///   - chunkSize: the nominal length of a chunk (at least 1).
  package init(threshold: Int, chunkSize: Int) {
    precondition(chunkSize > 0, "a chunk holds at least one byte")
    self.threshold = threshold
    self.chunkSize = chunkSize
  }

  /// This chunking, letting the pages of `bytes` (the scanned input) go
  /// as its chunks are scanned.
  ///
  /// - Parameter bytes: the input that is scanned.
  /// - Returns: the chunking with `releasing` set.
  package func releasing(_ bytes: SourceBytes) -> ScanChunking {
    var chunking = self
    chunking.releasing = bytes
    return chunking
  }

  /// The nominal bounds of the chunks of `start..<end`: `start`, the
  /// cuts, then `end`; `nil` when the part is scanned whole.
  ///
  /// The last chunks, a chunk for each core, are cut in quarters, so that
  /// the cores end their scans together: the core that takes the last
  /// one has a quarter of a chunk left to scan while the others have
  /// none (at 100k records, the last 2 MiB chunk of each input was a
  /// millisecond of one core alone).
  ///
  /// - Complexity: O(number of chunks).
  func bounds(from start: Int, to end: Int) -> [Int]? {
    let length = end - start
    guard length >= threshold, length > chunkSize else { return nil }
    // At most 4096 chunks, however small the chunk size asked, then the
    // quarters of the last ones.
    let size = max(chunkSize, length / 4096 + 1)
    let tail = max(start, end - ChunkRunner.cores * size)
    return Array(stride(from: start, to: tail, by: size))
      + Array(stride(from: tail, to: end, by: max(1, size / 4))) + [end]
  }
}
