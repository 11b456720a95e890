import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// Trees in-process: OLD and NEW forests made by random inserts, deletes,
/// updates and moves of subtrees; the tree diff document of their
/// comparison, applied by key to OLD (through `TreeForest` and
/// `SiblingLists`), gives NEW, its reverse applied to NEW gives OLD, and
/// the tree's RFC 6902 patch applied by position gives NEW.
@Suite struct TreeApplicationPropertyTests {
  private func tree(_ path: String) throws -> (Snapshot, TreeSnapshot) {
    let snapshot = try Snapshot(InputFile(path: path), override: nil, keyName: Array("id".utf8))
    let field = try JSONPointer(field: "children")
    return (snapshot, try TreeSnapshot(snapshot, field: field, keyName: Array("id".utf8)))
  }

  private func parsed(_ bytes: [UInt8]) throws -> JSONValue { try JSONReader.parse(bytes) }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
  func documentsAndPatchesTurnOldIntoNew(seed: UInt64) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    var generator = SeededGenerator(seed: seed + 100)
    let (oldForest, newForest) = RandomForest.pair(count: 30, edits: 12, using: &generator)
    let oldPath = try folder.write("old.json", oldForest.json)
    let newPath = try folder.write("new.json", newForest.json)
    let (old, oldTree) = try tree(oldPath)
    let (new, newTree) = try tree(newPath)
    let identity = try TreeSnapshot.identity(keys: [], old: oldTree, new: newTree)
    guard case .fields(let keys) = identity else {
      Issue.record("a tree is keyed")
      return
    }
    let comparison = try TreeComparison(
      old: oldTree, new: newTree, keys: keys, rules: ComparisonRules())
    let wanted = try parsed(Array(newForest.json.utf8))

    let document = try DiffDocument(bytes: comparison.document().bytes)
    var byKey = PatchTarget(old)
    try byKey.apply(document)
    #expect(try parsed(byKey.written()) == wanted)

    var back = PatchTarget(new)
    try back.apply(document.reversed())
    #expect(try parsed(back.written()) == (try parsed(Array(oldForest.json.utf8))))

    let patchBytes = comparison.patch(guards: true)
    guard case .jsonPatch(let patch) = try PatchDocument(bytes: patchBytes) else {
      Issue.record("a patch read as a diff document")
      return
    }
    var byPosition = PatchTarget(old)
    try patch.apply(to: &byPosition)
    #expect(try parsed(byPosition.written()) == wanted)
  }
}
