import TestSupport
import Testing

@testable import ColdiffFormats

/// The prefix hashes a scan without another input's records makes while
/// each record is in the cache (`KnownRecords.Sample`), whole or in
/// chunks joined: each names a record long enough to be taken whole and
/// holds the hash of that record's first bytes, so that the table of
/// prefixes made from them is the one made by reading the records again.
@Suite struct PrefixSamplesTests {
  /// Whole inputs, then chunks of a few records.
  private static let chunkings = [
    ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 24),
    ScanChunking(threshold: 0, chunkSize: 300),
  ]

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func jsonSamplesHashTheirRecords(form: InputForm) throws {
    var random = SeededGenerator(seed: 5150 + RandomCollection.seed(form))
    var sampled = 0
    for _ in 0..<40 {
      let text = RandomCollection.json(form, using: &random)
      try text.withUnsafeBufferPointer { buffer in
        for chunking in Self.chunkings {
          guard
            let index = try? JSONCollectionScanner.scan(
              buffer, as: form, keyName: nil, chunking: chunking)
          else { continue }
          let starts = (0..<index.count).map { index.recordStarts[$0] }
          let lengths = index.recordLengths.map(Int.init)
          try Self.check(index.prefixSamples, starts: starts, lengths: lengths, in: buffer)
          sampled += index.prefixSamples.count
        }
      }
    }
    #expect(sampled > 50)
  }

  @Test func csvSamplesHashTheirRows() throws {
    var random = SeededGenerator(seed: 6060)
    var sampled = 0
    for _ in 0..<60 {
      let text = RandomCollection.longRows(RandomCollection.csv(using: &random))
      for chunking in Self.chunkings {
        guard
          let table = try? CSVTable(
            bytes: SourceBytes(text), delimiter: CSVTable.comma, chunking: chunking)
        else { continue }
        let starts = table.lineStarts.map(Int.init)
        let ends = starts.dropFirst() + [table.recordsEnd]
        let lengths = zip(starts, ends).map { $1 - $0 }
        try text.withUnsafeBufferPointer { buffer in
          try Self.check(table.prefixSamples, starts: starts, lengths: lengths, in: buffer)
        }
        sampled += table.prefixSamples.count
      }
    }
    #expect(sampled > 50)
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray])
  func treeSamplesHashTheirNodes(form: InputForm) throws {
    var random = SeededGenerator(seed: 7070 + RandomCollection.seed(form))
    let names = JSONTreeNames(children: Array("kids".utf8), key: Array("id".utf8))
    var sampled = 0
    for _ in 0..<40 {
      let forest = (0..<3).flatMap { _ in RandomForest.make(using: &random) }
      let text = RandomForest.render(forest, form, pretty: false)
      try text.withUnsafeBufferPointer { buffer in
        for chunking in Self.chunkings {
          let index = try JSONCollectionScanner.scan(
            buffer, as: form, keyName: nil, chunking: chunking, tree: names)
          let layout = try #require(index.tree).result.get()
          let nodes = layout.ranges.count
          let starts = (0..<nodes).map { layout.ranges[$0].lowerBound }
          let lengths = (0..<nodes).map { layout.ranges[$0].count }
          // Noted as each node ends: a parent after its children.
          let samples = layout.prefixSamples.sorted { $0.record < $1.record }
          try Self.check(samples, starts: starts, lengths: lengths, in: buffer)
          for sample in layout.prefixSamples {
            #expect(buffer[starts[Int(sample.record)]] == UInt8(ascii: "{"))
          }
          sampled += layout.prefixSamples.count
        }
      }
    }
    #expect(sampled > 50)
  }

  @Test func aScanWithAnotherInputsRecordsMakesNone() throws {
    let old = Array(
      (0..<200).map { "{\"id\": \($0), \"text\": \"a record long enough to take\"}\n" }.joined()
        .utf8)
    try old.withUnsafeBufferPointer { buffer in
      let index = try JSONCollectionScanner.scan(
        buffer, as: .jsonLines, keyName: nil, chunking: .whole)
      #expect(index.prefixSamples.count == 200 / KnownRecords.sampling + 1)
      let known = JSONKnownRecords(bytes: buffer, index: index)
      let again = try JSONCollectionScanner.scan(
        buffer, as: .jsonLines, keyName: nil, chunking: .whole, known: known)
      #expect(again.prefixSamples.isEmpty)
      #expect(again.knownPartners == (0..<200).map(Int32.init))
    }
  }

  /// Checks that `samples` ascend, name records of at least
  /// `KnownRecords.prefixLength` bytes, and hold their prefixes' hashes.
  private static func check(
    _ samples: [KnownRecords.Sample], starts: [Int], lengths: [Int],
    in buffer: UnsafeBufferPointer<UInt8>
  ) throws {
    let base = try #require(buffer.baseAddress)
    var previous = -1
    for sample in samples {
      let record = Int(sample.record)
      try #require(record > previous && record < starts.count)
      #expect(lengths[record] >= KnownRecords.prefixLength)
      #expect(sample.hash == KnownRecords.hash(base + starts[record]))
      previous = record
    }
  }
}
