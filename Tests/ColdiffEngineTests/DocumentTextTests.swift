import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// The diff document's text written with its lists on both cores
/// (`Comparison.writeDocument`) is, piece by piece put together, the text
/// of the document built as values (`Comparison.document()`), for random
/// pairs in every form, ordered and not, by key, by whole value and by
/// member name, with tables whose headers differ, and whatever the size
/// of the pieces.
@Suite struct DocumentTextTests {
  /// The text `writeDocument` hands over in pieces of about `threshold`
  /// bytes, after `prefix`, put together; the work given to run beside
  /// the writes runs once.
  private func writtenText(_ comparison: Comparison, threshold: Int, prefix: [UInt8] = [])
    -> [UInt8]
  {
    var pieces: [[UInt8]] = []
    var out = prefix
    var alongside = 0
    comparison.writeDocument(
      to: &out, flushingAt: threshold, alongside: { alongside += 1 }, { pieces.append($0) })
    #expect(alongside == 1)
    return pieces.flatMap { $0 } + out
  }

  /// Checks the written text against the built document's, for several
  /// piece sizes.
  private func expectSameText(_ comparison: Comparison) {
    let wanted = comparison.document().bytes
    for threshold in [1, 40, 1 << 20] {
      #expect(writtenText(comparison, threshold: threshold) == wanted, "pieces of \(threshold)")
    }
    let header = Array("header\n".utf8)
    #expect(writtenText(comparison, threshold: 1 << 20, prefix: header) == header + wanted)
  }

  private func compare(
    _ oldText: String, _ newText: String, form: String, ordered: Bool = true,
    keys: [JSONPointer] = []
  ) throws -> Comparison {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    func snapshot(_ name: String, _ text: String) throws -> Snapshot {
      let path = try folder.write("\(name).\(form)", text)
      return try Snapshot(InputFile(path: path), override: nil, keyName: Array("id".utf8))
    }
    let (old, new) = (try snapshot("old", oldText), try snapshot("new", newText))
    let identity = try Identity.resolve(keys: keys, old: old, new: new)
    return try Comparison(
      old: old, new: new, identity: identity, rules: ComparisonRules(),
      ordered: ordered && identity != .memberName,
      oldKeys: try old.keyArena(for: identity), newKeys: try new.keyArena(for: identity))
  }

  /// A document that names more of OLD's records than several pieces
  /// of OLD's walk hold (`Comparison.OldListWalk`): the pieces, taken by
  /// both cores, are joined in order; and with enough moves for their
  /// text to be written in two halves, joined the same way.
  @Test(arguments: ["json", "csv"])
  func documentsOfManyPiecesAreWrittenAsBuilt(form: String) throws {
    var random = RandomCollections(seed: 2_027 + UInt64(form.count))
    let (old, new) = random.pair(count: 24_000)
    let comparison = try compare(
      RandomCollections.text(old, form: form), RandomCollections.text(new, form: form),
      form: form)
    let named = comparison.diff.deletes.count + comparison.diff.updates.count
    #expect(named > 3 * Comparison.OldListWalk.recordsPerPiece)
    #expect(comparison.diff.moves.count >= Comparison.movesWrittenInHalves)
    expectSameText(comparison)
  }

  @Test(arguments: ["json", "jsonl", "csv"], [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
  func keyedDocumentsAreWrittenAsBuilt(form: String, seed: UInt64) throws {
    var random = RandomCollections(seed: seed * 17 + UInt64(form.count))
    let (old, new) = random.pair(count: Int.random(in: 0..<60, using: &random.generator))
    let (oldText, newText) = (
      RandomCollections.text(old, form: form), RandomCollections.text(new, form: form)
    )
    for ordered in [true, false] {
      let comparison = try compare(oldText, newText, form: form, ordered: ordered)
      if !old.isEmpty { #expect(comparison.identity == .fields([JSONPointer(["id"])])) }
      expectSameText(comparison)
    }
  }

  /// A list of `ListText.handedOverBytes` or more is handed over as it
  /// is, whatever the threshold: a piece of its own, not copied into the
  /// text before it; the text put together is the built document's.
  @Test func aLongListIsHandedOverAsItIs() throws {
    let text = String(repeating: "x", count: 90)
    let row = { (id: Int) in "{\"id\": \(id), \"text\": \"\(text)\"}\n" }
    let comparison = try compare(
      (0..<10).map(row).joined(), (0..<1000).map(row).joined(), form: "jsonl")
    var pieces: [[UInt8]] = []
    var out: [UInt8] = []
    comparison.writeDocument(to: &out, flushingAt: .max) { pieces.append($0) }
    #expect(pieces.count == 2)
    #expect(pieces.last?.count ?? 0 >= DiffDocument.ListText.handedOverBytes)
    #expect(pieces.flatMap { $0 } + out == comparison.document().bytes)
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func wholeValueDocumentsAreWrittenAsBuilt(seed: UInt64) throws {
    var random = RandomCollections(seed: seed)
    let (old, new) = random.pair(count: 30)
    // Without their `id`s the records are compared as whole values.
    let strip = { (records: [[(String, String)]]) in records.map { Array($0.dropFirst()) } }
    let comparison = try compare(
      RandomCollections.text(strip(old), form: "jsonl"),
      RandomCollections.text(strip(new), form: "jsonl"), form: "jsonl")
    #expect(comparison.identity == .wholeValue)
    expectSameText(comparison)
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func objectMapDocumentsAreWrittenAsBuilt(seed: UInt64) throws {
    var random = RandomCollections(seed: seed)
    let (old, new) = random.pair(count: 30)
    func map(_ records: [[(String, String)]]) -> String {
      let members = records.map { fields in
        "\"\(fields[0].1)\": {"
          + fields.dropFirst().map { "\"\($0.0)\": \"\($0.1)\"" }
          .joined(separator: ", ") + "}"
      }
      return "{\n" + members.joined(separator: ",\n") + "\n}\n"
    }
    let comparison = try compare(map(old), map(new), form: "json")
    #expect(comparison.identity == .memberName)
    expectSameText(comparison)
  }

  @Test func tablesWithDifferentHeadersAreWrittenAsBuilt() throws {
    let comparison = try compare(
      "id,name,size\n1,a,2\n2,b,3\n3,c,4\n", "id,size,name\n3,4,c\n1,2,a\n4,5,d\n", form: "csv")
    #expect(comparison.columnChange != nil)
    #expect(!comparison.diff.moves.isEmpty && !comparison.diff.inserts.isEmpty)
    expectSameText(comparison)
  }

  @Test func theFirstRecordsOfNewComeAfterNothing() throws {
    // An insert at NEW's first place and one after a moved record; then
    // a move to NEW's first place.
    let comparison = try compare(
      "{\"id\": 1}\n{\"id\": 2}\n{\"id\": 3}\n",
      "{\"id\": 0}\n{\"id\": 3}\n{\"id\": 9}\n{\"id\": 1}\n",
      form: "jsonl")
    let text = String(decoding: writtenText(comparison, threshold: 1 << 20), as: UTF8.self)
    #expect(text.contains("{\"index\": 0, \"key\": 0, \"after\": null, \"value\": {\"id\": 0}}"))
    #expect(text.contains("{\"index\": 2, \"key\": 9, \"after\": 3, \"value\": {\"id\": 9}}"))
    expectSameText(comparison)
    let moved = try compare(
      "{\"id\": 1}\n{\"id\": 2}\n{\"id\": 3}\n", "{\"id\": 3}\n{\"id\": 1}\n{\"id\": 2}\n",
      form: "jsonl")
    let movedText = String(decoding: writtenText(moved, threshold: 1 << 20), as: UTF8.self)
    #expect(movedText.contains("{\"from\": 2, \"to\": 0, \"key\": 3, \"after\": null}"))
    expectSameText(moved)
  }

  @Test func theUnionOfAscendingListsIsAscendingWithoutRepeats() {
    #expect(Comparison.ascendingUnion([1, 4, 9], [], [0, 4, 10], [9]) == [0, 1, 4, 9, 10])
    #expect(Comparison.ascendingUnion([], []).isEmpty)
    #expect(Comparison.ascendingUnion([3, 3]) == [3])
  }
}
