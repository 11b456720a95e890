import TestSupport
import Testing

@testable import ColdiffCore

@Suite struct IdentityMatchingTests {
  /// Occurrence-by-occurrence matching, the slow way.
  static func naiveMatching(old: [Int], new: [Int]) -> [Int32] {
    var taken = [Bool](repeating: false, count: old.count)
    return new.map { id in
      guard let old = old.indices.first(where: { !taken[$0] && old[$0] == id }) else {
        return -1
      }
      taken[old] = true
      return Int32(old)
    }
  }

  @Test(arguments: [1, 3, 1 << 40])
  func matchesOccurrenceByOccurrenceEvenWhenHashesCollide(hashModulus: Int) {
    var generator = SeededGenerator(seed: 31)
    for _ in 0..<300 {
      // Unique old ids half the time, so both the fast path and the chains run.
      let unique = Bool.random(using: &generator)
      let oldCount = Int.random(in: 0...40, using: &generator)
      var old = (0..<oldCount).map { _ in Int.random(in: 0..<12, using: &generator) }
      if unique { old = Array(0..<oldCount).shuffled(using: &generator) }
      let new = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        Int.random(in: 0..<(unique ? max(oldCount, 1) + 3 : 12), using: &generator)
      }
      var calls = 0
      let newToOld = matchIdentities(
        oldHashes: old.map { $0 % hashModulus }, newHashes: new.map { $0 % hashModulus },
        sameIdentity: { first, other, bothOld in
          calls += 1
          return old[first] == (bothOld ? old : new)[other]
        })
      #expect(newToOld == Self.naiveMatching(old: old, new: new))
      if hashModulus > 12 { #expect(calls <= 2 * (old.count + new.count)) }
    }
  }
}
