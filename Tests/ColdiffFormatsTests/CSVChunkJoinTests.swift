import Glibc
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

  @Test func knownRowsLetGoBehindTheScanReadTheSame() throws {
    let rows = (0..<3_000).map { "\($0),\"text \($0 % 7), long enough to fill pages\"\n" }
    let old = "id,text\n" + rows.joined()
    var newRows = rows
    for row in stride(from: 5, to: newRows.count, by: 97) { newRows[row] = "\(row),changed\n" }
    newRows.swapAt(10, 2_000)
    let new = SourceBytes(Array(("id,text\n" + newRows.joined()).utf8))
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let mapped = try Self.mapped(folder.write("old.csv", old))
    let oldTable = try CSVTable(bytes: mapped, delimiter: CSVTable.comma, chunking: .whole)
    let chunking = ScanChunking(threshold: 0, chunkSize: 2_000)
    let (plain, released) = try mapped.withUnsafeBufferPointer { buffer in
      let tables = try [false, true].map { releasing in
        try CSVTable(
          bytes: new, delimiter: CSVTable.comma, chunking: chunking,
          known: CSVKnownRows(bytes: buffer, table: oldTable, releasing: releasing),
          keyName: Array("id".utf8))
      }
      return (tables[0], tables[1])
    }
    #expect(released.knownPartners == plain.knownPartners)
    #expect(released.knownPartners.filter { $0 >= 0 }.count > 2_000)
    #expect(released.capturedKeys == plain.capturedKeys)
    let ranges = { (table: CSVTable) in (0..<table.rowCount).map(table.rowRange) }
    #expect(ranges(released) == ranges(plain))
    // OLD's pages, let go, are read again from the file.
    #expect(Array(mapped) == Array(old.utf8))
  }

  /// A file mapped as the inputs are.
  private static func mapped(_ path: String) throws -> SourceBytes {
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    var status = stat()
    #expect(fstat(descriptor, &status) == 0)
    let count = Int(status.st_size)
    let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
    try #require(address != MAP_FAILED)
    let buffer = UnsafeBufferPointer(
      start: address!.assumingMemoryBound(to: UInt8.self), count: count)
    return SourceBytes(mappedFile: buffer, releasingPages: false) {
      munmap(UnsafeMutableRawPointer(mutating: $0.baseAddress), $0.count)
    }
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
