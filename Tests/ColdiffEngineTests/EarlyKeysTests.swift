import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// OLD's keys and key table made from a table's or a JSON collection's
/// captured keys while NEW is read (`Snapshot+EarlyKeys`) are those made
/// after, and are used only for the identity of their column or member;
/// keys hashed in two halves are those hashed in one.
@Suite struct EarlyKeysTests {
  private static let id = Identity.fields([JSONPointer(tokens: [Array("id".utf8)])])

  private static func snapshot(_ text: String, keyName: String = "id") throws -> Snapshot {
    try Snapshot(
      InputFile(name: "old.csv", bytes: Array(text.utf8)), override: nil,
      keyName: Array(keyName.utf8))
  }

  @Test func earlyKeysAreTheKeysMadeAfterAndTheirTableFindsThem() throws {
    let text = "name,id\n" + (0..<300).map { "n\($0),\"k\($0 * 7 % 300)\"\n" }.joined()
    let early = try #require(try Self.snapshot(text).earlyKeys())
    let later = try Self.snapshot(text).keyArena(for: Self.id)
    #expect(early.column == 1)
    #expect(early.keys.count == later.count)
    #expect((0..<later.count).allSatisfy { early.keys.keyEquals($0, later, $0) })
    let table = try #require(early.table)
    #expect((0..<later.count).allSatisfy { table.lookup($0, of: later, in: early.keys) == $0 })
  }

  /// Keys that ascend are left unhashed, their table reads no hashes,
  /// and NEW's keys made for them unhashed are found in it; keys out of
  /// order are hashed into a hash table.
  @Test(arguments: [true, false])
  func earlyKeysThatAscendAreLeftUnhashed(ascending: Bool) throws {
    let order = (0..<300).map { ascending ? $0 : $0 * 7 % 300 }
    let text = "id,name\n" + order.map { "k\(1000 + $0),n\($0)\n" }.joined()
    let early = try #require(try Self.snapshot(text).earlyKeys())
    #expect(early.keys.isHashed == !ascending)
    let table = try #require(early.table)
    #expect(table.keysAscend == ascending)
    let new = try Self.snapshot(text).keyArena(for: Self.id, hashing: !ascending)
    #expect(new.isHashed == !ascending)
    #expect((0..<new.count).allSatisfy { table.lookup($0, of: new, in: early.keys) == $0 })
  }

  @Test func aDuplicateKeyLeavesNoTable() throws {
    let early = try Self.snapshot("id,name\na,1\nb,2\na,3\n").earlyKeys()
    #expect(early != nil)
    #expect(early?.table == nil)
  }

  @Test func earlyKeysServeOnlyTheirColumnAndHandTheCapturedKeysOver() throws {
    let snapshot = try Self.snapshot("id,name\na,1\nb,2\n")
    let early = snapshot.earlyKeys()
    let other = Identity.fields([JSONPointer(tokens: [Array("name".utf8)])])
    #expect(snapshot.keysAndTable(early, for: other) == nil)
    #expect(snapshot.keysAndTable(early, for: .wholeValue) == nil)
    #expect(snapshot.keysAndTable(nil, for: Self.id) == nil)
    guard case .table(let table) = snapshot.storage else {
      Issue.record("not a table")
      return
    }
    #expect(table.capturedKeys != nil)
    let made = try #require(snapshot.keysAndTable(early, for: Self.id))
    #expect(made.0.count == 2)
    #expect(made.1 != nil)
    #expect(table.capturedKeys == nil)
  }

  private static func json(_ text: String, name: String = "old.jsonl") throws -> Snapshot {
    try Snapshot(
      InputFile(name: name, bytes: Array(text.utf8)), override: nil, keyName: Array("id".utf8))
  }

  @Test(arguments: ["old.jsonl", "old.json"])
  func jsonEarlyKeysAreTheKeysMadeAfterAndServeOnlyTheirMember(name: String) throws {
    let records = (0..<300).map { "{\"n\":\($0),\"id\":\"k\\u00e9\($0 * 7 % 300)\"}" }
    let text =
      name.hasSuffix(".jsonl")
      ? records.joined(separator: "\n") : "[\n" + records.joined(separator: ",\n") + "\n]"
    let snapshot = try Self.json(text, name: name)
    let early = try #require(snapshot.earlyKeys())
    let later = try snapshot.keyArena(for: Self.id)
    #expect(early.column == nil)
    #expect(early.keys.count == later.count)
    #expect((0..<later.count).allSatisfy { early.keys.keyEquals($0, later, $0) })
    let table = try #require(early.table)
    #expect((0..<later.count).allSatisfy { table.lookup($0, of: later, in: early.keys) == $0 })
    let other = Identity.fields([JSONPointer(tokens: [Array("n".utf8)])])
    #expect(snapshot.keysAndTable(early, for: other) == nil)
    #expect(snapshot.keysAndTable(early, for: .wholeValue) == nil)
    #expect(snapshot.keysAndTable(early, for: Self.id)?.0.count == 300)
    // A table's early keys do not serve a JSON collection's identity.
    let tableKeys = try Self.snapshot("id,name\na,1\n").earlyKeys()
    #expect(snapshot.keysAndTable(tableKeys, for: Self.id) == nil)
  }

  @Test func jsonWithoutTheKeyInEveryRecordOrAnObjectMapHasNoEarlyKeys() throws {
    #expect(try Self.json("{\"id\":1}\n{\"name\":2}\n").earlyKeys() == nil)
    #expect(try Self.json("{\"a\":{\"id\":1}}", name: "old.json").earlyKeys() == nil)
    #expect(try Self.json("{\"id\":1}\n{\"id\":1}\n").earlyKeys()?.table == nil)
  }

  @Test func uncapturedColumnsHaveNoEarlyKeys() throws {
    #expect(try Self.snapshot("key,name\na,1\n").earlyKeys() == nil)
  }

  @Test(arguments: [0, 1, Snapshot.keysHashedInHalves, Snapshot.keysHashedInHalves + 3])
  func keysHashedInHalvesAreHashedAsInOne(count: Int) {
    var bytes: [UInt8] = []
    var starts: [UInt32] = [0]
    for key in 0..<count {
      bytes += Array("key \(key * 31)".utf8).prefix(key % 13)
      starts.append(UInt32(bytes.count))
    }
    let halves = Snapshot.hashedArena(bytes: bytes, starts: starts)
    let whole = KeyArena(bytes: bytes, starts: starts)
    #expect(halves.count == count)
    // Equal keys of two arenas: the same bytes and the same hash.
    #expect((0..<count).allSatisfy { halves.keyEquals($0, whole, $0) })
  }
}
