import ColdiffCore
import TestSupport
import Testing

@Suite struct OrderedDiffPropertyTests {
  typealias Diff = OrderedCollectionDiff<Int>

  @Test func patchOfDiffTurnsOldIntoNew() {
    var generator = SeededGenerator(seed: 1)
    for _ in 0..<400 {
      let (old, new) = RandomEdits.records(using: &generator)
      let diff = Diff(from: old, to: new)
      let patch = diff.patch(from: old, to: new)
      #expect(Oracles.apply(patch, to: old) == new)
      var array = old
      array.apply(patch)
      #expect(array == new)
      var contiguous = ContiguousArray(old)
      contiguous.apply(patch)
      #expect(Array(contiguous) == new)
    }
  }

  @Test func duplicatesByValueRoundTrip() {
    var generator = SeededGenerator(seed: 2)
    for _ in 0..<300 {
      let (old, new) = RandomEdits.letters(using: &generator)
      let diff = Diff(byValueFrom: old, to: new)
      #expect(diff.updates.isEmpty)
      #expect(Oracles.apply(diff.patch(from: old, to: new), to: old) == new)
      // Each letter keeps min(old, new) occurrences matched.
      for letter in Set(old + new) {
        let inOld = old.filter { $0 == letter }.count
        let inNew = new.filter { $0 == letter }.count
        let deleted = diff.deletes.filter { old[$0] == letter }.count
        let inserted = diff.inserts.filter { new[$0] == letter }.count
        #expect(inOld - deleted == min(inOld, inNew))
        #expect(inNew - inserted == min(inOld, inNew))
      }
    }
  }

  @Test func movesAreMinimalAndListsSorted() {
    var generator = SeededGenerator(seed: 3)
    for _ in 0..<400 {
      let (old, new) = RandomEdits.records(using: &generator)
      let newToOld = Oracles.matching(old: old, new: new)
      let diff = Diff(from: old, to: new)
      let matchedOld = newToOld.filter { $0 >= 0 }
      #expect(diff.moves.count == matchedOld.count - Oracles.longestIncreasingLength(matchedOld))
      // The records that do not move keep their relative order.
      let movedFrom = Set(diff.moves.map(\.from))
      let stayed = matchedOld.filter { !movedFrom.contains(Int($0)) }
      #expect(stayed == stayed.sorted())
      for move in diff.moves { #expect(newToOld[move.to] == Int32(move.from)) }
      #expect(diff.inserts == diff.inserts.sorted())
      #expect(diff.deletes == diff.deletes.sorted())
      #expect(diff.updates == diff.updates.sorted())
      #expect(diff.moves.map(\.from) == diff.moves.map(\.from).sorted())
      for update in diff.updates {
        #expect(old[update] != new[Int(newToOld.firstIndex(of: Int32(update))!)])
      }
    }
  }

  @Test func matchingWithAllPairsEqualGivesTheDiffOfAnAlwaysEqualTest() {
    var generator = SeededGenerator(seed: 17)
    for _ in 0..<400 {
      let (old, new) = RandomEdits.records(using: &generator)
      let newToOld = Oracles.matching(old: old, new: new)
      let positions = Diff(oldCount: old.count, newCount: new.count, newToOld: newToOld)
      let tested = Diff(
        oldCount: old.count, newCount: new.count, newToOld: newToOld, isEqual: { _, _ in true })
      #expect(positions == tested)
      #expect(positions.updates.isEmpty)
    }
    // Old positions past the last whole word of the matched bits.
    let wide = Diff(oldCount: 130, newCount: 2, newToOld: [129, 64])
    #expect(wide.deletes == Array(0..<64) + Array(65..<129))
    #expect(wide.moves == [Diff.Move(from: 129, to: 0)])
    #expect(wide.inserts.isEmpty)
  }

  @Test func movesEqualMatchedMinusLongestIncreasingByEnumeration() {
    var generator = SeededGenerator(seed: 9)
    for _ in 0..<300 {
      let (old, new) = RandomEdits.records(using: &generator, maxCount: 12)
      let matchedOld = Oracles.matching(old: old, new: new).filter { $0 >= 0 }
      guard matchedOld.count <= 16 else { continue }
      let diff = Diff(from: old, to: new)
      #expect(
        diff.moves.count
          == matchedOld.count - Oracles.longestIncreasingLengthByEnumeration(matchedOld))
    }
  }

  @Test func patchStepsFollowTheRequiredOrder() {
    var generator = SeededGenerator(seed: 4)
    for _ in 0..<400 {
      let (old, new) = RandomEdits.records(using: &generator)
      let diff = Diff(from: old, to: new)
      let steps = diff.patchSteps(oldCount: old.count, newCount: new.count)
      #expect(steps.count == diff.count)
      var current = old
      var phase = 0
      var lastDelete = Int.max
      var lastPlaced = -1
      var lastUpdate = -1
      for step in steps {
        switch step {
        case .delete(let at, let oldIndex):
          #expect(phase == 0 && oldIndex < lastDelete && at == oldIndex)
          lastDelete = oldIndex
          #expect(current.remove(at: at) == old[oldIndex])
        case .insert(let at, let newIndex):
          phase = 1
          #expect(newIndex > lastPlaced)
          lastPlaced = newIndex
          #expect(at == 0 ? newIndex == 0 : current[at - 1].id == new[newIndex - 1].id)
          current.insert(new[newIndex], at: at)
        case .move(let from, let to, let oldIndex, let newIndex):
          #expect(phase <= 1)
          phase = 1
          #expect(newIndex > lastPlaced)
          lastPlaced = newIndex
          #expect(current[from] == old[oldIndex])
          #expect(old[oldIndex].id == new[newIndex].id)
          let record = current.remove(at: from)
          #expect(to == 0 ? newIndex == 0 : current[to - 1].id == new[newIndex - 1].id)
          current.insert(record, at: to)
        case .update(let at, let oldIndex, let newIndex):
          phase = 2
          #expect(newIndex > lastUpdate && at == newIndex)
          lastUpdate = newIndex
          #expect(current[at] == old[oldIndex])
          current[at] = new[newIndex]
        }
      }
      #expect(current == new)
    }
  }

  @Test func patchFoldsBackIntoTheSameDiff() {
    var generator = SeededGenerator(seed: 5)
    for _ in 0..<400 {
      let (old, new) = RandomEdits.records(using: &generator)
      let diff = Diff(from: old, to: new)
      let patch = diff.patch(from: old, to: new)
      let folded = Diff(oldCount: old.count, patch: patch)
      #expect(folded == diff)
      #expect(folded.patch(from: old, to: new) == patch)
      let changeset = OrderedCollectionChangeset(collection: new, patch: patch)
      #expect(changeset.diff == diff)
    }
  }

  @Test func foldOfAnyPatchReproducesItsResult() {
    var generator = SeededGenerator(seed: 6)
    for _ in 0..<400 {
      let (old, _) = RandomEdits.records(using: &generator)
      let operations = RandomEdits.operations(on: old, using: &generator)
      let result = Oracles.apply(operations, to: old)
      var fast = old
      fast.apply(operations)
      #expect(fast == result)
      let folded = Diff(oldCount: old.count, patch: operations)
      #expect(Oracles.apply(folded.patch(from: old, to: result), to: old) == result)
      // The folded diff is the one a diff by identity finds (ids are unique).
      let direct = Diff(from: old, to: result)
      #expect(folded.inserts == direct.inserts)
      #expect(folded.deletes == direct.deletes)
      #expect(folded.moves == direct.moves)
      #expect(Set(direct.updates).isSubset(of: Set(folded.updates)))
    }
  }

  @Test func invertedPatchBringsOldBack() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<400 {
      let (old, new) = RandomEdits.records(using: &generator)
      let diff = Diff(from: old, to: new)
      let patch = diff.patch(from: old, to: new)
      var array = new
      array.apply(patch.inverted())
      #expect(array == old)
      let steps = diff.patchSteps(oldCount: old.count, newCount: new.count)
      let inverse = steps.reversed().map { $0.inverse.operation(old: new, new: old) }
      #expect(Oracles.apply(inverse, to: new) == old)
    }
  }

  @Test func closuresAreCalledOncePerRecordAndPair() {
    var generator = SeededGenerator(seed: 8)
    for _ in 0..<200 {
      let (old, new) = RandomEdits.records(using: &generator)
      var identityCalls = 0
      var equalityPairs: [Int: Int] = [:]
      _ = Diff(
        from: old, to: new,
        identifiedBy: { record in
          identityCalls += 1
          return record.id
        },
        isEqual: { a, b in
          #expect(a.id == b.id)
          equalityPairs[a.id, default: 0] += 1
          return a == b
        })
      let matched = Oracles.matching(old: old, new: new).filter { $0 >= 0 }.count
      #expect(identityCalls == old.count + new.count)
      #expect(equalityPairs.count == matched)
      #expect(equalityPairs.values.allSatisfy { $0 == 1 })
    }
  }
}
