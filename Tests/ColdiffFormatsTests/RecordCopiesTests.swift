import Testing

@testable import ColdiffFormats

/// Copies of records, read back by position: a CSV row's each followed
/// by a line feed outside its range, joined parts keeping their kind.
@Suite struct RecordCopiesTests {
  private static let input = Array("alpha,1\nbeta,2\r\ngamma,3\n".utf8)

  /// The copies of records 2 and 5 (`alpha,1`, `beta,2`), and of 9
  /// (`gamma,3`) in a part of their own joined after them.
  private func copies(lineFeedAfterEach: Bool) -> RecordCopies {
    var copies = RecordCopies(lineFeedAfterEach: lineFeedAfterEach)
    var part = RecordCopies(lineFeedAfterEach: lineFeedAfterEach)
    Self.input.withUnsafeBufferPointer { input in
      copies.append(record: 2, of: input, range: 0..<7)
      copies.append(record: 5, of: input, range: 8..<14)
      part.append(record: 4, of: input, range: 16..<23)
    }
    copies.append(part, shiftedBy: 5)
    return copies
  }

  @Test(arguments: [false, true])
  func copiesAreReadBackByRecord(lineFeedAfterEach: Bool) {
    let copies = copies(lineFeedAfterEach: lineFeedAfterEach)
    let read = { (record: Int) in copies.withCopy(of: record) { Array($0[$1]) } }
    #expect(read(2) == Array("alpha,1".utf8))
    #expect(read(5) == Array("beta,2".utf8))
    #expect(read(9) == Array("gamma,3".utf8))
    #expect(read(3) == nil)
    #expect(read(4) == nil)
    // After each copy: its line feed, or the next copy.
    let after = copies.withCopy(of: 5) { bytes, range in bytes[range.upperBound] }
    #expect(after == (lineFeedAfterEach ? 0x0A : UInt8(ascii: "g")))
  }

  @Test func emptyCopiesTakeTheKindOfThoseJoined() {
    var joined = RecordCopies()
    joined.append(copies(lineFeedAfterEach: true), shiftedBy: 10)
    #expect(joined.withCopy(of: 12) { Array($0[$1]) } == Array("alpha,1".utf8))
    #expect(joined.withCopy(of: 19) { bytes, range in bytes[range.upperBound] } == 0x0A)
  }
}
