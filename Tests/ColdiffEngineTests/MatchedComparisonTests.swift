import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// The matched records compared in pieces on both cores while the diff's
/// positions are worked out (`Comparison.compareMatched`) give what one
/// walk in order gives: the same changes, the same diff as Core's with
/// the same equality, the error of the first failing NEW record.
@Suite struct MatchedComparisonTests {
  private func snapshots(_ oldText: String, _ newText: String, form: String) throws -> (
    Snapshot, Snapshot
  ) {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    func snapshot(_ name: String, _ text: String) throws -> Snapshot {
      let path = try folder.write("\(name).\(form)", text)
      return try Snapshot(InputFile(path: path), override: nil, keyName: Array("id".utf8))
    }
    return (try snapshot("old", oldText), try snapshot("new", newText))
  }

  private func matching(_ old: Snapshot, _ new: Snapshot, _ identity: Identity) throws -> [Int32] {
    try KeyTable.matchUnique(old: old.keyArena(for: identity), new: new.keyArena(for: identity))
  }

  @Test(arguments: ["json", "jsonl", "csv"], [UInt64(1), 2, 3, 4, 5])
  func piecesGiveTheChangesAndDiffOfOneWalk(form: String, seed: UInt64) throws {
    var random = RandomCollections(seed: seed * 7 + UInt64(form.count))
    let (oldRecords, newRecords) = random.pair(
      count: Int.random(in: 1..<70, using: &random.generator))
    let (old, new) = try snapshots(
      RandomCollections.text(oldRecords, form: form),
      RandomCollections.text(newRecords, form: form),
      form: form)
    let identity = Identity.fields([JSONPointer(["id"])])
    let newToOld = try matching(old, new, identity)
    // One walk in order, record by record.
    var wanted: [Int: [FieldChange]] = [:]
    for newIndex in 0..<new.count where newToOld[newIndex] >= 0 {
      let oldIndex = Int(newToOld[newIndex])
      let fields = try old.fieldChanges(oldIndex, to: new, newIndex, rules: ComparisonRules())
      if !fields.isEmpty { wanted[oldIndex] = fields }
    }
    for ordered in [true, false] {
      let wantedDiff = Comparison.diff(
        oldCount: old.count, newCount: new.count, ordered: ordered, newToOld: newToOld,
        changes: wanted)
      for piece in [1, 3, 7, 1000] {
        let (changes, diff) = try Comparison.compareMatched(
          old: old, new: new, identity: identity, rules: ComparisonRules(), ordered: ordered,
          newToOld: newToOld, comparing: nil, piece: piece)
        #expect(changes == wanted, "pieces of \(piece)")
        #expect(diff == wantedDiff, "pieces of \(piece)")
      }
    }
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
  func theDiffOfAMatchingIsCoresWithTheSameEquality(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let oldCount = Int.random(in: 0..<80, using: &generator)
    var partners = Array(0..<oldCount).shuffled(using: &generator).map { Int32($0) }
    partners.removeLast(Int.random(in: 0...oldCount, using: &generator))
    let newToOld =
      (partners + [Int32](repeating: -1, count: Int.random(in: 0..<20, using: &generator)))
      .shuffled(using: &generator)
    var changes: [Int: [FieldChange]] = [:]
    for oldIndex in partners where Bool.random(using: &generator) {
      changes[Int(oldIndex)] = [FieldChange(path: [Array("a".utf8)], old: .null, new: .bool(true))]
    }
    let isEqual = { (oldIndex: Int, _: Int) in changes[oldIndex] == nil }
    let ordered = Comparison.diff(
      oldCount: oldCount, newCount: newToOld.count, ordered: true, newToOld: newToOld,
      changes: changes)
    #expect(
      ordered
        == OrderedCollectionDiff(
          oldCount: oldCount, newCount: newToOld.count, newToOld: newToOld, isEqual: isEqual))
    let unordered = UnorderedCollectionDiff(
      oldCount: oldCount, newCount: newToOld.count, newToOld: newToOld, isEqual: isEqual)
    #expect(
      Comparison.diff(
        oldCount: oldCount, newCount: newToOld.count, ordered: false, newToOld: newToOld,
        changes: changes)
        == OrderedCollectionDiff(
          inserts: unordered.inserts, deletes: unordered.deletes, updates: unordered.updates,
          moves: []))
  }

  @Test func theErrorIsThatOfTheFirstFailingRecordWhateverThePieces() throws {
    // Records 5, 12 and 30 of NEW change and have an element without its
    // array key; NEW's first is record 5 (key 5).
    let failing: Set<Int> = [5, 12, 30]
    func text(new: Bool) -> String {
      (0..<40).map { id in
        let lines = new && failing.contains(id) ? #"[{"sku": "a"}, {"n": 1}]"# : #"[{"sku": "a"}]"#
        return #"{"id": \#(id), "lines": \#(lines)}"# + "\n"
      }.joined()
    }
    let (old, new) = try snapshots(text(new: false), text(new: true), form: "jsonl")
    let identity = Identity.fields([JSONPointer(["id"])])
    let newToOld = try matching(old, new, identity)
    let rules = ComparisonRules(arrayKeys: [try ArrayKey.parse("lines=sku")])
    for piece in [1, 2, 6, 13, 100] {
      let error = #expect(throws: InputError.self) {
        try Comparison.compareMatched(
          old: old, new: new, identity: identity, rules: rules, ordered: true, newToOld: newToOld,
          comparing: nil, piece: piece)
      }
      #expect(error?.description.contains("record #5 (key 5)") == true, "pieces of \(piece)")
    }
  }
}

/// The pieces of a comparison's walk: taken in order, and the error kept
/// is the first failed piece's, whatever the order of the failures.
@Suite struct ComparisonPiecesTests {
  private struct Failure: Error, Equatable { let name: String }

  @Test func piecesAreTakenInOrderUntilNoneIsLeft() {
    let pieces = ComparisonPieces(count: 3)
    #expect([pieces.take(), pieces.take(), pieces.take(), pieces.take()] == [0, 1, 2, nil])
    #expect(pieces.failure == nil)
  }

  @Test func theFirstFailedPiecesErrorIsKept() {
    let pieces = ComparisonPieces(count: 10)
    for _ in 0..<6 { _ = pieces.take() }
    pieces.fail(5, Failure(name: "five"))
    #expect(pieces.take() == nil)
    pieces.fail(3, Failure(name: "three"))
    pieces.fail(4, Failure(name: "four"))
    #expect(pieces.failure as? Failure == Failure(name: "three"))
  }
}
