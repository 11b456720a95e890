import Glibc
import TestSupport
import Testing

@testable import ColdiffFormats

/// The chunks of a CSV file joined into its index in whatever order
/// their scans finish (`CSVChunkJoin`) give the index of the scan of the
/// whole file: the same rows, line numbers, partners and keys, or the
/// same first error.
@Suite struct CSVChunkJoinTests {
  /// What a scan found, to compare.
  private struct Outcome: Equatable {
    var lineStarts: [UInt32] = []
    var lineNumbers: [UInt32] = []
    var knownPartners: [Int32] = []
    var canonicalKeys: [UInt8] = []
    var canonicalKeyEnds: [Int] = []
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
              let found = try Self.joinedScan(
                whole, chunkSize: chunkSize, known: known, keyColumn: keyColumn,
                random: &random)
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

  /// The input's bytes up to the empty lines at its end, and where its
  /// rows start (after a byte order mark), as the scan takes them.
  private static func records(_ input: UnsafeBufferPointer<UInt8>) -> (
    UnsafeBufferPointer<UInt8>, Int
  ) {
    let records = UnsafeBufferPointer(rebasing: input[0..<CSVIndex.recordsEnd(input)])
    return (records, CSVTable.startsWithByteOrderMark(records) ? 3 : 0)
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

  /// The chunks scanned and finished one at a time in a random order.
  private static func joinedScan(
    _ input: UnsafeBufferPointer<UInt8>, chunkSize: Int, known: CSVKnownRows?, keyColumn: Int,
    random: inout SeededGenerator
  ) throws -> Outcome {
    let (records, start) = Self.records(input)
    let chunking = ScanChunking(threshold: 0, chunkSize: chunkSize)
    guard let bounds = chunking.bounds(from: start, to: records.count) else {
      return wholeScan(input, known: known, keyColumn: keyColumn)
    }
    let join = CSVChunkJoin(
      records, bounds: bounds, delimiter: CSVTable.comma, known: known, keyColumn: keyColumn)
    for chunk in (0..<bounds.count - 1).shuffled(using: &random) {
      guard var rows = join.rowsToScan() else { continue }
      let chunkStart =
        chunk == 0 ? bounds[0] : ChunkedScan.lineStart(in: records, atOrAfter: bounds[chunk])
      join.scan(chunk, from: chunkStart, into: &rows)
      join.finish(chunk, start: chunkStart, rows: rows)
    }
    do throws(InputError) {
      return Outcome(try join.joined())
    } catch {
      return Outcome(error)
    }
  }
}
