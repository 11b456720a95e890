import Testing

@testable import ColdiffCore

/// `firstPosition(below:where:)` against a walk from the front: on every
/// split of every count up to 40 (including none reached and all
/// reached), the position found is the first one reached.
@Suite struct FirstPositionTests {
  @Test func findsTheFirstReachedPositionOfEverySplit() {
    for count in 0...40 {
      for split in 0...count {
        var calls = 0
        let found = firstPosition(below: count) { position in
          calls += 1
          return position >= split
        }
        #expect(found == split, "count \(count), split \(split)")
        #expect(calls <= count.bitWidth - count.leadingZeroBitCount, "count \(count)")
      }
    }
  }

  @Test func findsTheFirstElementNotBelowAValueInASortedArray() {
    let sorted = [1, 3, 3, 3, 8, 13]
    let expected = [0: 0, 1: 0, 2: 1, 3: 1, 4: 4, 8: 4, 9: 5, 13: 5, 14: 6]
    for (value, position) in expected {
      #expect(firstPosition(below: sorted.count) { sorted[$0] >= value } == position, "\(value)")
    }
  }
}
