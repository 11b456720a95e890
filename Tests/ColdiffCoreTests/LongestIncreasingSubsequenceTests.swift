import TestSupport
import Testing

@testable import ColdiffCore

@Suite struct LongestIncreasingSubsequenceTests {
  @Test func marksAnIncreasingSubsequenceOfMaximalLength() {
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<300 {
      let count = Int.random(in: 0...30, using: &generator)
      let values = (0..<count).map { $0 }.shuffled(using: &generator).map { Int32($0) }
      let members = longestIncreasingSubsequenceMembers(values)
      let kept = values.indices.filter { members[$0] }.map { values[$0] }
      #expect(kept == kept.sorted())
      #expect(kept.count == Oracles.longestIncreasingLength(values))
    }
  }

  @Test func skippedNegativesLeaveTheSameMembersAsTheirAbsence() {
    var generator = SeededGenerator(seed: 12)
    for _ in 0..<300 {
      let count = Int.random(in: 0...30, using: &generator)
      let values = (0..<count).map { Int32($0) }.shuffled(using: &generator)
      var withGaps: [Int32] = []
      for value in values {
        while Bool.random(using: &generator) { withGaps.append(-1) }
        withGaps.append(value)
      }
      let members = longestIncreasingSubsequenceMembers(withGaps, skippingNegatives: true)
      #expect(withGaps.indices.filter { members[$0] }.allSatisfy { withGaps[$0] >= 0 })
      let present = withGaps.indices.filter { withGaps[$0] >= 0 }.map { members[$0] }
      #expect(present == longestIncreasingSubsequenceMembers(values))
    }
    #expect(
      longestIncreasingSubsequenceMembers([-1, -1], skippingNegatives: true) == [false, false])
  }

  @Test func breaksTiesTowardsTheLatestElements() {
    #expect(longestIncreasingSubsequenceMembers([1, 2, 3, 0]) == [true, true, true, false])
    #expect(longestIncreasingSubsequenceMembers([1, 0]) == [false, true])
    #expect(longestIncreasingSubsequenceMembers([2, 3, 0, 1]) == [false, false, true, true])
    #expect(longestIncreasingSubsequenceMembers([]) == [])
  }
}
