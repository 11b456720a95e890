import ColdiffCore

/// The index of a chunked JSON scan, its chunks' parts appended one at a
/// time in order as they are scanned (`ChunkedScan.runTakingInOrder`):
/// a part is copied while it is still in the cache and its memory goes
/// back at once, and the index's arrays are reserved once, at the first
/// part, for the records of the whole input estimated from it (they grow
/// past it when needed).
///
/// Used by one thread at a time (the join's lock); the scan takes
/// `index` once every part is in.
final class JSONIndexJoin: @unchecked Sendable {
  /// The records joined so far.
  private(set) var index: JSONCollectionIndex
  /// Whether a part has ended the records (a closing bracket).
  var ended = false
  /// The length of the input the chunks cover, for the estimate.
  private let size: Int

  /// A join that appends to `index`.
  ///
  /// - Parameters:
  ///   - index: the index the parts' records are appended to.
  ///   - size: the length of the input the chunks cover.
  init(_ index: JSONCollectionIndex, covering size: Int) {
    self.index = index
    self.size = size
  }

  /// Appends the records of `part`, the index of the chunk that follows
  /// (same form, offsets into the same buffer).
  func append(_ part: consuming JSONCollectionIndex) {
    let first = index.count == 0
    let keyBytes = index.canonicalKeys.count
    index.copies.append(part.copies, shiftedBy: index.count)
    let recordsBefore = index.count
    index.prefixSamples += part.prefixSamples.lazy.map { $0.moved(by: recordsBefore) }
    index.recordStarts.append(contentsOf: part.recordStarts)
    index.recordLengths += part.recordLengths
    index.nameStarts += part.nameStarts
    index.nameEnds += part.nameEnds
    index.knownPartners += part.knownPartners
    if index.capturesKeys {
      index.keyOffsets += part.keyOffsets
      index.keyLengths += part.keyLengths
      // (Every start fits once the end does.)
      _ = KeyArena.keyOffset(keyBytes + part.canonicalKeys.count)
      let shift = UInt32(truncatingIfNeeded: keyBytes)
      index.canonicalKeyStarts += part.canonicalKeyStarts.dropFirst().lazy.map { $0 &+ shift }
      index.canonicalKeys += part.canonicalKeys
    }
    if first, let start = part.recordStarts.first, part.count > 0 {
      let end = part.recordRange(part.count - 1).upperBound
      index.reserveForRecords(inputSize: size, consumed: end - start)
    }
  }
}
