import Testing

@testable import ColdiffFormats

@Suite struct RecordBoundsTests {
  @Test func aRowEndsWhereTheNextStartsAndTheLastAtTheGivenEnd() {
    let bounds = LineBounds(starts: [0, 4, 9, 15], lastEnd: 20)
    #expect(bounds.count == 4)
    #expect((0..<4).map { bounds.start($0) } == [0, 4, 9, 15])
    #expect((0..<4).map { bounds.end($0) } == [4, 9, 15, 20])
  }

  @Test func rangesAreTheirTwoArrays() {
    let ranges = RecordRanges(starts: [1, 10], ends: [8, 12])
    #expect(ranges.count == 2)
    #expect([ranges.start(0), ranges.end(0), ranges.start(1), ranges.end(1)] == [1, 8, 10, 12])
  }

  /// A CSV table's rows found again by their bytes, the last one with
  /// and without its line ending (without it, it is never taken whole).
  @Test(arguments: [true, false])
  func knownRowsAreTheTablesLines(lastLineEnds: Bool) throws {
    let text =
      "id,name\nalpha-0001,a row long enough to be taken whole\n"
      + "beta-00002,another row that is long enough as well"
      + (lastLineEnds ? "\n" : "")
    let bytes = Array(text.utf8)
    try bytes.withUnsafeBufferPointer { buffer in
      let table = try CSVTable(bytes: bytes)
      let known = CSVKnownRows(bytes: buffer, table: table)
      #expect(known.records.bounds.count == 3)
      let second = text.utf8.distance(
        from: text.utf8.startIndex, to: text.range(of: "beta")!.lowerBound)
      #expect(known.records.find(in: buffer, at: 8, after: -1) == 1)
      #expect(known.records.find(in: buffer, at: second, after: 1) == (lastLineEnds ? 2 : nil))
    }
  }
}
