import ColdiffFormats
import TestSupport
import Testing

/// Scanning in chunks (forced small here, so that every input is cut into
/// many) gives what the scan of the whole input gives: the same index, or
/// the same first error with its line and column.
@Suite struct ChunkedScanTests {
  /// Whole inputs, then chunks of a few bytes to a few records.
  private static let chunkings = [1, 5, 24, 120, 600].map {
    ScanChunking(threshold: 0, chunkSize: $0)
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func jsonChunksGiveTheWholeScan(form: InputForm) {
    var random = SeededGenerator(seed: 17 + RandomCollection.seed(form))
    for round in 0..<60 {
      var text = RandomCollection.json(form, using: &random)
      // Every other input carries a mistake somewhere.
      if round % 2 == 1 { text = RandomCollection.damaged(text, using: &random) }
      for keyName in [nil, Array("id".utf8)] {
        let whole = jsonOutcome(text, form, keyName, .whole)
        for chunking in Self.chunkings {
          #expect(
            jsonOutcome(text, form, keyName, chunking) == whole,
            "\(chunking.chunkSize)-byte chunks of \(String(decoding: text, as: UTF8.self))")
        }
      }
    }
  }

  @Test func inputsOfAboutOneSizeAreScannedWholeOnNoMoreCoresThanInputs() {
    func bytes(_ count: Int) -> SourceBytes { SourceBytes([UInt8](repeating: 0x20, count: count)) }
    let (hundred, seventySix, seventyFour) = (bytes(100_000), bytes(76_000), bytes(74_000))
    // A thread each keeps every core busy to the end: no chunks.
    #expect(ScanChunking.together([hundred, seventySix], cores: 2).threshold == .max)
    #expect(ScanChunking.together([hundred, seventySix, hundred], cores: 2).threshold == .max)
    #expect(ScanChunking.together([hundred, hundred, hundred], cores: 3).threshold == .max)
    // A smaller input, an empty one, or more cores than inputs: chunks.
    #expect(ScanChunking.together([hundred, seventyFour], cores: 2).threshold < .max)
    #expect(ScanChunking.together([SourceBytes(), hundred], cores: 2).threshold < .max)
    #expect(ScanChunking.together([hundred, hundred], cores: 4).threshold < .max)
    #expect(ScanChunking.together([hundred, hundred, hundred], cores: 4).threshold < .max)
  }

  @Test func csvChunksGiveTheWholeScan() {
    var random = SeededGenerator(seed: 1713)
    for round in 0..<100 {
      var text = RandomCollection.csv(using: &random)
      if round % 2 == 1 { text = RandomCollection.damaged(text, using: &random) }
      let whole = csvOutcome(text, .whole)
      for chunking in Self.chunkings {
        #expect(
          csvOutcome(text, chunking) == whole,
          "\(chunking.chunkSize)-byte chunks of \(String(decoding: text, as: UTF8.self))")
      }
    }
  }

  @Test func csvQuotedLineFeedsAcrossCutsAreNotRowStarts() throws {
    // Every cut falls inside the quoted field of the second row.
    let field = String(repeating: "x\n,\"\"y\r\n", count: 40)
    let text = Array("id,note\n1,\"\(field)\"\n2,plain\n".utf8)
    let outcome = csvOutcome(text, ScanChunking(threshold: 0, chunkSize: 7))
    #expect(outcome == csvOutcome(text, .whole))
    #expect(outcome.rows.count == 2)
    #expect(outcome.rows.map(\.line) == [2, 83])
  }

  @Test func anErrorInALaterChunkKeepsItsLineAndColumn() {
    let lines = (0..<50).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
    var text = Array(lines.joined(separator: "\n").utf8)
    text[text.count - 1] = UInt8(ascii: "]")
    let chunked = jsonOutcome(text, .jsonLines, nil, ScanChunking(threshold: 0, chunkSize: 16))
    #expect(chunked == jsonOutcome(text, .jsonLines, nil, .whole))
    #expect(chunked.error?.line == 50)
  }

  // MARK: - Outcomes

  private struct JSONOutcome: Equatable {
    var index: JSONCollectionIndex?
    var error: InputError?
  }

  private func jsonOutcome(
    _ text: [UInt8], _ form: InputForm, _ keyName: [UInt8]?, _ chunking: ScanChunking
  ) -> JSONOutcome {
    text.withUnsafeBufferPointer { buffer in
      do throws(InputError) {
        let index = try JSONCollectionScanner.scan(
          buffer, as: form, keyName: keyName, chunking: chunking)
        return JSONOutcome(index: index)
      } catch {
        return JSONOutcome(error: error)
      }
    }
  }

  private struct CSVRow: Equatable {
    var range: Range<Int>
    var line: Int
  }

  private struct CSVOutcome: Equatable {
    var header: [[UInt8]] = []
    var rows: [CSVRow] = []
    var quotesEveryField = false
    var hasByteOrderMark = false
    var recordsEnd = 0
    var error: InputError?
  }

  private func csvOutcome(_ text: [UInt8], _ chunking: ScanChunking) -> CSVOutcome {
    do throws(InputError) {
      let table = try CSVTable(
        bytes: SourceBytes(text), delimiter: CSVTable.comma, chunking: chunking)
      return CSVOutcome(
        header: table.header,
        rows: (0..<table.rowCount).map {
          CSVRow(range: table.rowRange($0), line: table.line(ofRow: $0))
        },
        quotesEveryField: table.quotesEveryField, hasByteOrderMark: table.hasByteOrderMark,
        recordsEnd: table.recordsEnd)
    } catch {
      return CSVOutcome(error: error)
    }
  }
}
