import Testing

@testable import ColdiffFormats

/// Elements appended by writing them in place (`Array.extend(by:_:)`):
/// every one written lands after the elements already there, whether the
/// array is empty, has room made ahead, or grows to take them.
@Suite struct ArrayExtendTests {
  /// The elements a write puts at `first...`: distinct from one another
  /// and from zero, so that one left unwritten or written twice shows.
  static func written(_ count: Int, from first: Int) -> [UInt32] {
    (0..<count).map { UInt32(first + $0) * 7 + 1 }
  }

  @Test(arguments: [(0, 0), (0, 100), (5, 0), (5, 1_000), (1_000, 0)])
  func writtenElementsFollowThoseThere(before: Int, room: Int) {
    var array = Self.written(before, from: 0)
    array.reserveCapacity(before + room)
    let count = 3_000
    array.extend(by: count) { pointer in
      for offset in 0..<count { pointer[offset] = UInt32(before + offset) * 7 + 1 }
    }
    #expect(array.count == before + count)
    #expect(array == Self.written(before + count, from: 0))
  }

  @Test func severalArraysFilledInOnePass() {
    var (evens, odds): ([Int32], [Int32]) = ([-1], [])
    evens.extend(by: 4) { evens in
      odds.extend(by: 4) { odds in
        for index in 0..<4 {
          evens[index] = Int32(2 * index)
          odds[index] = Int32(2 * index + 1)
        }
      }
    }
    #expect(evens == [-1, 0, 2, 4, 6])
    #expect(odds == [1, 3, 5, 7])
  }

  @Test func nothingAppendedForNone() {
    var array: [UInt8] = [9]
    array.extend(by: 0) { _ in Issue.record("no element to write") }
    #expect(array == [9])
  }
}
