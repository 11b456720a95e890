import Testing

@testable import ColdiffFormats

/// The cuts of a chunked scan: chunks of the asked size, then the last
/// chunks, one for each core, in quarters, so that the cores end together.
@Suite struct ScanChunkingBoundsTests {
  @Test func theLastChunkOfEachCoreIsCutInQuarters() throws {
    let chunking = ScanChunking(threshold: 0, chunkSize: 100)
    let cores = ChunkRunner.cores
    let length = 100 * (cores + 7) + 30
    let bounds = try #require(chunking.bounds(from: 5, to: 5 + length))
    let sizes = zip(bounds.dropFirst(), bounds).map { $0 - $1 }
    #expect(bounds.first == 5 && bounds.last == 5 + length)
    #expect(sizes.allSatisfy { $0 > 0 })
    // Seven whole chunks and what is left before the tail, then the last
    // `cores` chunks' bytes in quarters.
    let tail = 100 * cores
    let quarters = Array(sizes.reversed().prefix { $0 <= 25 })
    #expect(quarters.reduce(0, +) == tail)
    #expect(quarters.count == 4 * cores)
    #expect(Array(sizes.dropLast(quarters.count)) == Array(repeating: 100, count: 7) + [30])
    #expect(sizes.dropLast(quarters.count).reduce(0, +) == length - tail)
  }

  @Test func aPartShorterThanTheCoresChunksIsAllQuarters() throws {
    let chunking = ScanChunking(threshold: 0, chunkSize: 100)
    let bounds = try #require(chunking.bounds(from: 0, to: 150))
    // On one core, the first 50 bytes are a chunk of their own.
    let tail = max(0, 150 - 100 * ChunkRunner.cores)
    let expected = (tail > 0 ? [0] : []) + Array(stride(from: tail, to: 150, by: 25)) + [150]
    #expect(bounds == expected)
  }

  @Test func aPartUnderTheThresholdOrOneChunkIsScannedWhole() {
    #expect(ScanChunking(threshold: 1000, chunkSize: 100).bounds(from: 0, to: 999) == nil)
    #expect(ScanChunking(threshold: 0, chunkSize: 100).bounds(from: 0, to: 100) == nil)
  }
}
