import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// The keys a tree's scan made, hashed while its shape is made (and OLD's
/// table of them) are the keys the general path finds in each node, and
/// a tree that cannot use them (a node without the key, a key twice) is
/// matched and refused as before.
@Suite struct TreeCapturedKeysTests {
  private static let key = Array("id".utf8)
  private static let field = JSONPointer(["children"])

  private func tree(_ text: String, capturing key: [UInt8]?, table: Bool) throws -> TreeSnapshot {
    let names = JSONTreeNames(children: Array("children".utf8), key: key)
    let snapshot = try Snapshot(
      InputFile(name: "old.json", bytes: Array(text.utf8)), override: nil, keyName: key,
      chunking: .whole, tree: names)
    return try TreeSnapshot(snapshot, field: Self.field, keyName: key, tableOfKeys: table)
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func capturedKeysAreTheKeysOfEveryNode(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed + 810)
    var ids = 0
    let text = RandomForest.make(count: 120, ids: &ids, using: &generator).json
    let pointers = [JSONPointer(["id"])]
    let captured = try tree(text, capturing: Self.key, table: true)
    // The general path: no key noted by the scan, each found in its node.
    let found = try tree(text, capturing: nil, table: true)
    #expect(captured.capturedArena != nil && found.capturedArena == nil)
    let arena = try captured.keyArena(for: pointers)
    let reference = try found.keyArena(for: pointers)
    #expect(arena.count == captured.count && reference.count == captured.count)
    for node in 0..<captured.count {
      #expect(arena.key(node) == reference.key(node))
      #expect(arena.keyEquals(node, reference, node))
    }
    // OLD's table finds every node by its key; NEW's is not built.
    let table = try #require(captured.keyTable(for: pointers))
    for node in 0..<captured.count {
      #expect(table.lookup(node, of: reference, in: arena) == Int32(node))
    }
    #expect(try tree(text, capturing: Self.key, table: false).keyTable(for: pointers) == nil)
    #expect(captured.keyTable(for: [JSONPointer(["v"])]) == nil)
  }

  /// OLD's keys that ascend in preorder are left unhashed, with a table
  /// that reads no hashes; out of order they are hashed into a hash
  /// table. NEW's are left unhashed either way, and are found in both.
  @Test(arguments: [true, false])
  func keysAreHashedOnlyForAHashTable(ascending: Bool) throws {
    let ids = ascending ? ["a", "b", "c", "d"] : ["c", "a", "d", "b"]
    let text =
      #"[{"id": "\#(ids[0])", "children": [{"id": "\#(ids[1])"}]}, "#
      + #"{"id": "\#(ids[2])", "children": [{"id": "\#(ids[3])"}]}]"#
    let pointers = [JSONPointer(["id"])]
    let old = try tree(text, capturing: Self.key, table: true)
    let oldKeys = try #require(old.capturedArena)
    let table = try #require(old.keyTable(for: pointers))
    #expect(table.keysAscend == ascending && oldKeys.isHashed == !ascending)
    let new = try tree(text, capturing: Self.key, table: false)
    let newKeys = try #require(new.capturedArena)
    #expect(!newKeys.isHashed)
    #expect((0..<4).map { table.lookup($0, of: newKeys, in: oldKeys) } == [0, 1, 2, 3])
    #expect(try KeyTable.matchUnique(old: oldKeys, new: newKeys, table: table) == [0, 1, 2, 3])
  }

  @Test func aNodeWithoutTheKeyIsReportedAsBefore() throws {
    let text = #"[{"id": "a", "children": [{"v": 1}]}, {"id": "b"}]"#
    let captured = try tree(text, capturing: Self.key, table: true)
    #expect(captured.capturedArena == nil && captured.keyTable(for: [JSONPointer(["id"])]) == nil)
    #expect(throws: InputError.self) { try captured.keyArena(for: [JSONPointer(["id"])]) }
  }

  @Test func aKeyTwiceInOldIsReportedAsBefore() throws {
    let text = #"[{"id": "a", "children": [{"id": "b"}]}, {"id": "b"}]"#
    let old = try tree(text, capturing: Self.key, table: true)
    #expect(old.capturedArena != nil && old.keyTable(for: [JSONPointer(["id"])]) == nil)
    let new = try tree(#"[{"id": "a"}]"#, capturing: Self.key, table: false)
    do {
      _ = try TreeComparison(
        old: old, new: new, keys: [JSONPointer(["id"])], rules: ComparisonRules())
      Issue.record("a key twice in OLD is refused")
    } catch let error as InputError {
      #expect(error.message.contains("duplicate key"))
    }
  }
}
