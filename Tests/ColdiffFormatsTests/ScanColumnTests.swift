import Testing

@testable import ColdiffFormats

/// A scan's column of values written in place: it grows past any room
/// made, keeps its values in order, and starts again empty.
@Suite struct ScanColumnTests {
  @Test(arguments: [0, 1, 16, 1_000])
  func valuesAreKeptInOrderPastTheRoomMade(capacity: Int) {
    var column = ScanColumn<UInt32>(capacity: capacity)
    #expect(column.isEmpty)
    for value in 0..<1_500 { column.append(UInt32(value * 3)) }
    #expect(column.count == 1_500)
    #expect(Array(column.elements) == (0..<1_500).map { UInt32($0 * 3) })
    #expect(column[1_499] == 4_497)
    column.reserve(10_000)
    #expect(Array(column.elements.prefix(3)) == [0, 3, 6])
    column.removeAll()
    #expect(column.isEmpty)
    column.append(7)
    #expect(Array(column.elements) == [7])
  }

  @Test func valuesWrittenInTheRoomMadeAreKeptAsWrittenAndCounted() {
    var column = ScanColumn<UInt8>(capacity: 4)
    // Room for 16 each time, 5 written: the column grows past its first
    // room and keeps only the written values.
    for round in 0..<10 {
      column.append(upTo: 16) { end in
        for offset in 0..<16 { end[offset] = 0xEE }
        for offset in 0..<5 { end[offset] = UInt8(round * 5 + offset) }
        return 5
      }
    }
    #expect(column.count == 50)
    #expect(Array(column.elements) == (0..<50).map { UInt8($0) })
  }
}
