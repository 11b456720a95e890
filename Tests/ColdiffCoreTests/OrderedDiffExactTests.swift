import ColdiffCore
import Testing

@Suite struct OrderedDiffExactTests {
  typealias Diff = OrderedCollectionDiff<Int>

  /// Checks that the diff's patch turns `old` into `new`.
  func expectReproduces<Element: Equatable>(
    _ diff: Diff, _ old: [Element], _ new: [Element],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      Oracles.apply(diff.patch(from: old, to: new), to: old) == new,
      sourceLocation: sourceLocation)
  }

  @Test func rotationIsOneMove() {
    let diff = Diff(byValueFrom: Array("ABCD"), to: Array("BCDA"))
    #expect(diff == Diff(moves: [.init(from: 0, to: 3)]))
    expectReproduces(diff, Array("ABCD"), Array("BCDA"))
  }

  @Test func swapMovesTheLaterOldRecord() {
    let diff = Diff(byValueFrom: Array("AB"), to: Array("BA"))
    #expect(diff == Diff(moves: [.init(from: 1, to: 0)]))
    expectReproduces(diff, Array("AB"), Array("BA"))
  }

  @Test func indexSpacesOfEachChange() {
    // old: A B C D E   new: X E B' D  (A, C deleted; X inserted; B updated; E moved)
    let old = [
      Record(id: 1, value: 0), .init(id: 2, value: 0), .init(id: 3, value: 0),
      .init(id: 4, value: 0), .init(id: 5, value: 0),
    ]
    let new = [
      Record(id: 9, value: 0), .init(id: 5, value: 0), .init(id: 2, value: 7),
      .init(id: 4, value: 0),
    ]
    let diff = Diff(from: old, to: new)
    #expect(diff.deletes == [0, 2])
    #expect(diff.inserts == [0])
    #expect(diff.updates == [1])
    #expect(diff.moves == [.init(from: 4, to: 1)])
    expectReproduces(diff, old, new)
  }

  @Test func movedAndUpdatedRecordIsInBothLists() {
    let old = [Record(id: 1, value: 0), .init(id: 2, value: 0)]
    let new = [Record(id: 2, value: 0), .init(id: 1, value: 5)]
    let diff = Diff(from: old, to: new)
    #expect(diff == Diff(updates: [0], moves: [.init(from: 1, to: 0)]))
    expectReproduces(diff, old, new)
  }

  @Test func duplicatesMatchOccurrenceByOccurrence() {
    // old a a b, new b a: the first a matches, the second is deleted.
    let diff = Diff(byValueFrom: Array("aab"), to: Array("ba"))
    #expect(diff.deletes == [1])
    #expect(diff.inserts == [])
    #expect(diff.moves == [.init(from: 2, to: 0)])
    expectReproduces(diff, Array("aab"), Array("ba"))
  }

  @Test func emptySides() {
    #expect(Diff(byValueFrom: [Int](), to: [1, 2]) == Diff(inserts: [0, 1]))
    #expect(Diff(byValueFrom: [1, 2], to: [Int]()) == Diff(deletes: [0, 1]))
    #expect(Diff(byValueFrom: [Int](), to: [Int]()).isEmpty)
  }

  @Test func matchingEntryNamesEachIndexSpace() {
    // old 0 1 2 3, new: old 3, new record, old 1, old 0 (old 2 deleted)
    let diff = Diff(
      oldCount: 4, newCount: 4, newToOld: [3, -1, 1, 0], isEqual: { old, _ in old != 1 })
    #expect(diff.deletes == [2])
    #expect(diff.inserts == [1])
    #expect(diff.updates == [1])
    // Old positions in new order: 3 1 0; the kept subsequence is the last, 0.
    #expect(diff.moves == [.init(from: 1, to: 2), .init(from: 3, to: 0)])
  }

  @Test func patchStepsOfARotation() {
    let diff = Diff(moves: [.init(from: 0, to: 3)])
    #expect(diff.patchSteps(oldCount: 4, newCount: 4) == [.move(from: 0, to: 3, old: 0, new: 3)])
  }

  @Test func patchStepsOrderAndPositions() {
    // old A B C D, new C X B' A: D deleted, X inserted, B updated, C and A...
    let old = Array("ABCD").map { String($0) }
    let new = ["C", "X", "B2", "A"]
    let diff = Diff(
      from: old, to: new, identifiedBy: { $0.prefix(1) }, isEqual: { $0 == $1 })
    // Old positions in new order: 2 1 0; the kept one is 0 (A).
    #expect(
      diff
        == Diff(
          inserts: [1], deletes: [3], updates: [1],
          moves: [.init(from: 1, to: 2), .init(from: 2, to: 0)]))
    let steps = diff.patchSteps(oldCount: 4, newCount: 4)
    #expect(
      steps == [
        .delete(at: 3, old: 3),  // A B C
        .move(from: 2, to: 0, old: 2, new: 0),  // C A B
        .insert(at: 1, new: 1),  // C X A B
        .move(from: 3, to: 2, old: 1, new: 2),  // C X B A
        .update(at: 2, old: 1, new: 2),
      ])
    #expect(Oracles.apply(diff.patch(from: old, to: new), to: old) == new)
  }
}
