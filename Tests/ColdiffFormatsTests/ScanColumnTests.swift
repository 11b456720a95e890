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
}
