import TestSupport
import Testing

@testable import ColdiffFormats

/// The chunks of a CSV file scanned on every core and joined into its
/// index as they finish (`CSVChunkJoin`, through
/// `ChunkedScan.runTakingInOrder`, whose order of taking `InOrderJoinTests`
/// checks for any order of finishing) give the index of the scan of the
/// whole file: the same rows, line numbers, partners and keys, or the
/// same first error.
@Suite struct CSVChunkJoinTests {
  /// What a scan found, to compare.
  private struct Outcome: Equatable {
    var lineStarts: [UInt32] = []
    var lineNumbers: [UInt32] = []
    var knownPartners: [Int32] = []
    var canonicalKeys: [UInt8] = []
    var canonicalKeyEnds: [UInt32] = []
    var columnCount = 0
    var quotesEveryField = false
    var error: InputError?

    init(_ index: CSVIndex) {
      (lineStarts, lineNumbers) = (index.lineStarts, index.lineNumbers)
      knownPartners = index.knownPartners
      (canonicalKeys, canonicalKeyEnds) = (index.canonicalKeys, index.canonicalKeyEnds)
      (columnCount, quotesEveryField) = (index.columnCount, index.quotesEveryField)
    }

    init(_ error: InputError) { self.error = error }
  }

  @Test(arguments: 0..<4)
  func chunksJoinedInAnyOrderGiveTheWholeScan(seed: Int) throws {
    var random = SeededGenerator(seed: 4_096 + UInt64(seed))
    var joined = 0
    for round in 0..<30 {
      var text = RandomCollection.csv(using: &random)
      if round % 3 == 2 { text = RandomCollection.damaged(text, using: &random) }
      let otherText = RandomCollection.csv(using: &random)
      let other = try? CSVTable(bytes: otherText)
      for chunkSize in [1, 6, 25, 90] {
        for keyColumn in [-1, 0] {
          try text.withUnsafeBufferPointer { whole in
            try otherText.withUnsafeBufferPointer { otherBytes in
              let known = other.map { CSVKnownRows(bytes: otherBytes, table: $0) }
              let wanted = Self.wholeScan(whole, known: known, keyColumn: keyColumn)
              let found = Self.chunkedScan(
                whole, chunkSize: chunkSize, known: known, keyColumn: keyColumn)
              #expect(
                found == wanted,
                "\(chunkSize)-byte chunks, key column \(keyColumn): \(String(decoding: text, as: UTF8.self))"
              )
              joined += 1
            }
          }
        }
      }
    }
    #expect(joined == 30 * 4 * 2)
  }

  private static func wholeScan(
    _ input: UnsafeBufferPointer<UInt8>, known: CSVKnownRows?, keyColumn: Int
  ) -> Outcome {
    do throws(InputError) {
      return Outcome(
        try CSVIndex(
          scanning: input, delimiter: CSVTable.comma, chunking: .whole, known: known,
          keyColumn: keyColumn))
    } catch {
      return Outcome(error)
    }
  }

  /// The scan in chunks of `chunkSize` bytes, on every core.
  private static func chunkedScan(
    _ input: UnsafeBufferPointer<UInt8>, chunkSize: Int, known: CSVKnownRows?, keyColumn: Int
  ) -> Outcome {
    do throws(InputError) {
      return Outcome(
        try CSVIndex(
          scanning: input, delimiter: CSVTable.comma,
          chunking: ScanChunking(threshold: 0, chunkSize: chunkSize), known: known,
          keyColumn: keyColumn))
    } catch {
      return Outcome(error)
    }
  }
}
