import TestSupport
import Testing

@testable import ColdiffCore

/// A matching in parts on every core checks each part's records for an
/// OLD record taken twice and joins the checks (`TakenRecords`): it
/// gives the partners and the first repetition of the matching in one
/// pass, wherever the repetitions fall among the parts.
@Suite struct TakenRecordsTests {
  /// The matching's partners, or its error's records.
  private func outcome(
    _ old: KeyArena, _ new: KeyArena,
    inParallel: ((Int, (Int) -> Void) -> Void)? = nil
  ) -> Result<[Int32], KeyTable.Duplicate> {
    Result { () throws(KeyTable.Duplicate) in
      try KeyTable.matchUnique(old: old, new: new, inParallel: inParallel)
    }
  }

  @Test(arguments: 0..<8)
  func partsGiveWhatOnePassGives(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    // Two parts of the matching (`KeyTable.recordsPerPart` each).
    let count = 2 * KeyTable.recordsPerPart
    let oldKeys = (0..<count).map { "k\($0)" }
    var newKeys = oldKeys
    // Moves, inserts, and from the third seed on repetitions: of a
    // matched key (within a part or across two) or of an inserted one.
    for _ in 0..<50 {
      newKeys.swapAt(
        Int.random(in: 0..<count, using: &random), Int.random(in: 0..<count, using: &random))
      newKeys[Int.random(in: 0..<count, using: &random)] =
        "new\(Int.random(in: 0..<1_000_000, using: &random))"
    }
    if seed >= 2 {
      let (from, to) = (
        Int.random(in: 0..<count, using: &random), Int.random(in: 0..<count, using: &random)
      )
      newKeys[to] = seed % 3 == 0 ? "repeated" : newKeys[from]
      if seed % 3 == 0 { newKeys[from] = "repeated" }
    }
    let (old, new) = (KeyArena(texts: oldKeys), KeyArena(texts: newKeys))
    let onePass = outcome(old, new)
    let inOrder = outcome(old, new) { parts, body in
      for part in 0..<parts { body(part) }
    }
    let inReverse = outcome(old, new) { parts, body in
      for part in (0..<parts).reversed() { body(part) }
    }
    #expect(compare(inOrder, onePass))
    #expect(compare(inReverse, onePass))
    if seed < 2, case .failure = onePass { Issue.record("no repetition was planted") }
    if seed >= 2, case .success = onePass, Set(newKeys).count < count {
      Issue.record("a repetition was not found")
    }
  }

  /// Whether two outcomes are the same partners or the same error.
  private func compare(
    _ one: Result<[Int32], KeyTable.Duplicate>, _ other: Result<[Int32], KeyTable.Duplicate>
  ) -> Bool {
    switch (one, other) {
    case (.success(let a), .success(let b)): return a == b
    case (.failure(let a), .failure(let b)):
      return (a.first, a.second, a.inNew) == (b.first, b.second, b.inNew)
    default: return false
    }
  }
}
