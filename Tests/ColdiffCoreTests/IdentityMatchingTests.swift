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
        oldHashes: old.map { $0 % hashModulus }, newCount: new.count,
        newHash: { new[$0] % hashModulus },
        sameIdentity: { first, other, bothOld in
          calls += 1
          return old[first] == (bothOld ? old : new)[other]
        })
      #expect(newToOld == Self.naiveMatching(old: old, new: new))
      // With distinct hashes: one test per old record, at most four per new one.
      if hashModulus > 12 { #expect(calls <= old.count + 4 * new.count) }
    }
  }

  @Test func denseIntegersMatchLikeTheHashedTable() throws {
    var generator = SeededGenerator(seed: 32)
    for _ in 0..<300 {
      let low = Int.random(in: -50...50, using: &generator)
      let old = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        low + Int.random(in: 0..<15, using: &generator)
      }
      let new = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        low + Int.random(in: -5..<20, using: &generator)
      }
      let dense = try #require(matchDenseIntegers(old: old, new: new))
      #expect(dense == Self.naiveMatching(old: old, new: new))
    }
  }

  @Test func sparseIntegersAreLeftToTheHashedTable() {
    #expect(matchDenseIntegers(old: [0, 1_000_000], new: [0]) == nil)
    #expect(matchDenseIntegers(old: [Int.min, Int.max], new: []) == nil)
    #expect(matchDenseIntegers(old: [], new: [3, 4]) == [-1, -1])
  }

  @Test func hashedAndDenseIdentitiesGiveTheSameDiff() {
    var generator = SeededGenerator(seed: 33)
    for _ in 0..<200 {
      let (old, new) = RandomEdits.records(using: &generator)
      let dense = OrderedCollectionDiff(from: old, to: new)
      let hashed = OrderedCollectionDiff(
        from: old, to: new, identifiedBy: { "id\($0.id)" }, isEqual: { $0 == $1 })
      let sparse = OrderedCollectionDiff(
        from: old, to: new, identifiedBy: { $0.id &* 1_000_003 }, isEqual: { $0 == $1 })
      #expect(dense == hashed && dense == sparse)
    }
  }
}
