import Testing

@testable import ColdiffCore

@Suite struct HugeRepeatingTests {
  /// Small arrays and arrays of several huge pages (advised before they
  /// are written) hold `count` copies of the value.
  @Test(arguments: [0, 1, 1000, 3 << 20])
  func holdsCountCopiesOfTheValue(count: Int) {
    let array = [Int32](hugeRepeating: -7, count: count)
    #expect(array.count == count)
    #expect(array.allSatisfy { $0 == -7 })
    #expect(array == [Int32](repeating: -7, count: count))
  }
}
