import TestSupport
import Testing

@testable import ColdiffCore

@Suite struct FenwickTreeTests {
  /// The leading slots whose counts add up to at most a limit, and their
  /// sum, are those a walk over the counts finds, for counts with zeros
  /// among them (emptied chunks), after random changes, for every limit.
  @Test(arguments: [0, 1, 2, 7, 8, 9, 100])
  func leadingSlotsAgreeWithAWalk(size: Int) {
    var generator = SeededGenerator(seed: UInt64(size) + 11)
    var counts = (0..<size).map { _ in Int32.random(in: 0...3, using: &generator) }
    var tree = FenwickTree(counts: counts)
    for round in 0..<20 {
      if round > 0, size > 0 {
        let slot = Int.random(in: 0..<size, using: &generator)
        let delta: Int32 = counts[slot] > 0 && Bool.random(using: &generator) ? -1 : 1
        counts[slot] += delta
        tree.add(delta, at: slot)
      }
      let total = counts.reduce(0) { $0 + Int($1) }
      for limit in -1...(total + 1) {
        var (slots, sum) = (0, 0)
        while slots < size, sum + Int(counts[slots]) <= limit {
          sum += Int(counts[slots])
          slots += 1
        }
        let found = tree.leadingSlots(summingAtMost: limit)
        #expect(found.slots == slots && found.sum == sum, "limit \(limit) of \(counts)")
      }
    }
  }

  /// The same search in each segment of a tree cut in segments.
  @Test func leadingSlotsStayInTheirSegment() {
    let tree = FenwickTree(counts: [2, 0, 1, 5, 1, 1], segmentStarts: [0, 3, 6])
    #expect(tree.leadingSlots(summingAtMost: 2, in: 0) == (2, 2))
    #expect(tree.leadingSlots(summingAtMost: 3, in: 0) == (3, 3))
    #expect(tree.leadingSlots(summingAtMost: 4, in: 1) == (0, 0))
    #expect(tree.leadingSlots(summingAtMost: 6, in: 1) == (2, 6))
  }
}
