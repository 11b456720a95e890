import ColdiffCore
import TestSupport
import Testing

@Suite struct UnorderedDiffTests {
  @Test func matchingEntryNamesEachIndexSpace() {
    var calls = 0
    let diff = UnorderedCollectionDiff<Int>(
      oldCount: 3, newCount: 3, newToOld: [2, -1, 0],
      isEqual: { old, _ in
        calls += 1
        return old == 0
      })
    #expect(diff == UnorderedCollectionDiff(inserts: [1], deletes: [1], updates: [2]))
    #expect(calls == 2)
  }

  @Test func matchingWithAllPairsEqualHasNoUpdatesAndTheSameSpaces() {
    for (oldCount, newToOld) in [(3, [2, -1, 0] as [Int32]), (130, [129, -1, 64, 0]), (0, [-1])] {
      let positions = UnorderedCollectionDiff<Int>(
        oldCount: oldCount, newCount: newToOld.count, newToOld: newToOld)
      let tested = UnorderedCollectionDiff<Int>(
        oldCount: oldCount, newCount: newToOld.count, newToOld: newToOld,
        isEqual: { _, _ in true })
      #expect(positions == tested && positions.updates.isEmpty)
    }
  }

  @Test func dictionaryDiffIsSortedByKey() {
    let old = ["b": 1, "a": 1, "c": 3, "d": 4]
    let new = ["c": 3, "d": 5, "e": 0, "f": 0]
    let diff = UnorderedCollectionDiff(from: old, to: new)
    #expect(
      diff == UnorderedCollectionDiff(inserts: ["e", "f"], deletes: ["a", "b"], updates: ["d"]))
  }

  @Test func patchRoundTripsAndInverts() {
    var generator = SeededGenerator(seed: 21)
    for _ in 0..<300 {
      let (oldRecords, newRecords) = RandomEdits.records(using: &generator)
      let old = Dictionary(uniqueKeysWithValues: oldRecords.map { ($0.id, $0.value) })
      let new = Dictionary(uniqueKeysWithValues: newRecords.map { ($0.id, $0.value) })
      let changeset = UnorderedCollectionChangeset(from: old, to: new)
      var result = old
      result.apply(changeset.patch)
      #expect(result == new)
      result.apply(changeset.patch.inverted())
      #expect(result == old)
      #expect(changeset.collection == new)
      // Same answer as the matching entry on positions.
      let positional = UnorderedCollectionDiff<Int>(
        oldCount: oldRecords.count, newCount: newRecords.count,
        newToOld: Oracles.matching(old: oldRecords, new: newRecords),
        isEqual: { oldRecords[$0] == newRecords[$1] })
      #expect(positional.inserts.map { newRecords[$0].id }.sorted() == changeset.diff.inserts)
      #expect(positional.deletes.map { oldRecords[$0].id }.sorted() == changeset.diff.deletes)
      #expect(positional.updates.map { oldRecords[$0].id }.sorted() == changeset.diff.updates)
    }
  }
}

@Suite struct UnorderedFoldTests {
  @Test func foldOfThePatchIsTheDiff() {
    var generator = SeededGenerator(seed: 22)
    for _ in 0..<300 {
      let (oldRecords, newRecords) = RandomEdits.records(using: &generator)
      let old = Dictionary(uniqueKeysWithValues: oldRecords.map { ($0.id, $0.value) })
      let new = Dictionary(uniqueKeysWithValues: newRecords.map { ($0.id, $0.value) })
      let changeset = UnorderedCollectionChangeset(from: old, to: new)
      #expect(UnorderedCollectionDiff(patch: changeset.patch) == changeset.diff)
    }
  }

  @Test func deleteThenInsertIsAnUpdateAndInsertThenDeleteIsNothing() {
    let patch: [UnorderedCollectionOperation<String, Int>] = [
      .delete(1, key: "a"), .insert(2, key: "a"),
      .insert(3, key: "b"), .delete(3, key: "b"),
      .insert(4, key: "c"), .update(key: "c", old: 4, new: 5),
      .update(key: "d", old: 0, new: 1), .delete(1, key: "d"),
    ]
    #expect(
      UnorderedCollectionDiff(patch: patch)
        == UnorderedCollectionDiff(inserts: ["c"], deletes: ["d"], updates: ["a"]))
  }
}
