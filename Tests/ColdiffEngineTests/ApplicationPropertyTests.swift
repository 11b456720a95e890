import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// The engine in-process: OLD and NEW made by random edits, compared, and
/// the RFC 6902 patch and the diff document of the comparison applied to
/// OLD must give NEW, in every form; the patch steps Core derives must
/// rebuild NEW's order too.
@Suite struct ApplicationPropertyTests {
  /// Reads `text` as a snapshot named after `form`'s extension.
  private func snapshot(
    _ name: String, _ text: String, form: String, in folder: TemporaryDirectory
  ) throws
    -> Snapshot
  {
    let path = try folder.write("\(name).\(form)", text)
    return try Snapshot(InputFile(path: path), override: nil, keyName: Array("id".utf8))
  }

  /// The comparison of OLD and NEW by their `id` field.
  private func comparison(_ old: Snapshot, _ new: Snapshot) throws -> Comparison {
    let identity = try Identity.resolve(keys: [], old: old, new: new)
    return try Comparison(
      old: old, new: new, identity: identity, ignored: [], ordered: true,
      oldKeys: try old.keyArena(for: identity), newKeys: try new.keyArena(for: identity))
  }

  /// The records of a written target, as values.
  private func records(_ bytes: [UInt8], form: String) throws -> [JSONValue] {
    if form == "json", case .array(let elements) = try JSONReader.parse(bytes) { return elements }
    if form == "jsonl" { return try JSONLinesReader.read(bytes) }
    let table = try CSVTable(bytes: SourceBytes(bytes), delimiter: CSVTable.comma)
    return (0..<table.rowCount).map { table.value(ofRow: $0) }
  }

  @Test(arguments: ["json", "jsonl", "csv"], [UInt64(1), 2, 3, 4, 5, 6])
  func patchesAndDocumentsTurnOldIntoNew(form: String, seed: UInt64) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    var random = RandomCollections(seed: seed * 31 + UInt64(form.count))
    let count = Int.random(in: 0..<40, using: &random.generator)
    let (oldRecords, newRecords) = random.pair(count: count)
    let old = try snapshot(
      "old", RandomCollections.text(oldRecords, form: form), form: form, in: folder)
    let new = try snapshot(
      "new", RandomCollections.text(newRecords, form: form), form: form, in: folder)
    let comparison = try comparison(old, new)
    let wanted = (0..<new.count).map { new.value(of: $0) }

    // The RFC 6902 patch, read in its plain form and applied by position.
    let patchBytes = comparison.patch(guards: true)
    let raw = try #require(RawJSONPatch(bytes: patchBytes))
    var patched = PatchTarget(old)
    try patched.apply(raw)
    #expect(try records(patched.written(), form: form) == wanted)

    // The same patch read whole and applied through the value model.
    guard case .jsonPatch(let patch) = try PatchDocument(bytes: patchBytes) else {
      Issue.record("a patch read as a diff document")
      return
    }
    var viaValues = PatchTarget(old)
    try patch.apply(to: &viaValues)
    #expect(try records(viaValues.written(), form: form) == wanted)

    // The diff document, applied by key, and its reverse applied to NEW.
    var document = comparison.document()
    document = try DiffDocument(bytes: document.bytes)
    var byKey = PatchTarget(old)
    try byKey.apply(document)
    #expect(try records(byKey.written(), form: form) == wanted)
    var back = PatchTarget(new)
    try back.apply(document.reversed())
    #expect(try records(back.written(), form: form) == (0..<old.count).map { old.value(of: $0) })

    // Core's patch steps rebuild NEW's order from OLD's.
    var order = (0..<old.count).map { Optional($0) }
    for step in comparison.diff.patchSteps(oldCount: old.count, newCount: new.count) {
      switch step {
      case .delete(let at, _): order.remove(at: at)
      case .insert(let at, _): order.insert(nil, at: at)
      case .move(let from, let to, _, _): order.insert(order.remove(at: from), at: to)
      case .update: break
      }
    }
    let matched = comparison.newToOld.map { $0 < 0 ? nil : Int($0) }
    #expect(order == matched)
  }
}
