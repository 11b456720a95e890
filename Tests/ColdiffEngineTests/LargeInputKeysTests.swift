import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// An input too large for its keys to be made while it is read
/// (`Snapshot.largestInputCapturingKeys`, asked smaller here) is keyed
/// after its scan, flat or as a tree: the same keys and the same diff.
/// Keys of more than an arena holds are refused with an error that names
/// the file.
@Suite struct LargeInputKeysTests {
  private static let id = JSONPointer(tokens: [Array("id".utf8)])

  /// OLD and NEW of `form`: NEW with some records changed, one deleted
  /// and one added.
  private static func texts(_ form: String) -> (old: [UInt8], new: [UInt8]) {
    var rows = (0..<300).map { ("k\($0)", "value \($0)") }
    func text(_ rows: [(String, String)]) -> [UInt8] {
      switch form {
      case "csv": return Array(("id,value\n" + rows.map { "\($0),\($1)\n" }.joined()).utf8)
      case "json":
        return Array(
          ("[\n" + rows.map { #"{"id": "\#($0)", "value": "\#($1)"}"# }.joined(separator: ",\n")
            + "\n]").utf8)
      default:
        return Array(rows.map { #"{"id": "\#($0)", "value": "\#($1)"}"# + "\n" }.joined().utf8)
      }
    }
    let old = text(rows)
    for index in stride(from: 5, to: rows.count, by: 23) { rows[index].1 += " changed" }
    rows.remove(at: 40)
    rows.append(("added", "new"))
    return (old, text(rows))
  }

  private static func snapshots(_ form: String, largestCapturing: Int) throws -> (
    Snapshot, Snapshot
  ) {
    let (oldText, newText) = texts(form)
    let chunking = ScanChunking(threshold: 0, chunkSize: 97)
    let old = try Snapshot(
      InputFile(name: "old.\(form)", bytes: oldText), override: nil, keyName: Array("id".utf8),
      chunking: chunking, largestCapturing: largestCapturing)
    let new = try Snapshot(
      InputFile(name: "new.\(form)", bytes: newText), override: nil, keyName: Array("id".utf8),
      chunking: chunking, reference: old, largestCapturing: largestCapturing)
    return (old, new)
  }

  @Test(arguments: ["jsonl", "json", "csv"])
  func keysMadeAfterTheScanAreThoseMadeWhileReading(form: String) throws {
    let (old, new) = try Self.snapshots(form, largestCapturing: Snapshot.largestInputCapturingKeys)
    let (largeOld, largeNew) = try Self.snapshots(form, largestCapturing: 0)
    #expect(old.capturedKey != nil && old.keysFitWhileRead)
    #expect(largeOld.capturedKey == nil && !largeOld.keysFitWhileRead)
    for (small, large) in [(old, largeOld), (new, largeNew)] {
      let identity = Identity.fields([Self.id])
      let (keys, largeKeys) = (try small.keyArena(for: identity), try large.keyArena(for: identity))
      #expect(keys.count == 300 && largeKeys.count == 300)
      #expect((0..<keys.count).allSatisfy { keys.key($0) == largeKeys.key($0) })
    }
    let document = try documentText(old, new)
    #expect(try documentText(largeOld, largeNew) == document)
    #expect(String(decoding: document, as: UTF8.self).contains("added"))
  }

  @Test func aLargeTreeIsLaidOutWithoutItsKeysAndKeyedTheSame() throws {
    var generator = SeededGenerator(seed: 77)
    var ids = 0
    let text = Array(RandomForest.make(count: 80, ids: &ids, using: &generator).json.utf8)
    let key = Array("id".utf8)
    func tree(largestCapturing: Int) throws -> TreeSnapshot {
      let snapshot = try Snapshot(
        InputFile(name: "old.json", bytes: text), override: nil, keyName: key, chunking: .whole,
        tree: JSONTreeNames(children: Array("children".utf8), key: key),
        largestCapturing: largestCapturing)
      return try TreeSnapshot(
        snapshot, field: JSONPointer(["children"]), keyName: key, tableOfKeys: true)
    }
    let small = try tree(largestCapturing: Snapshot.largestInputCapturingKeys)
    let large = try tree(largestCapturing: 0)
    #expect(small.capturedArena != nil && large.capturedArena == nil)
    let pointers = [JSONPointer(["id"])]
    let (keys, largeKeys) = (try small.keyArena(for: pointers), try large.keyArena(for: pointers))
    #expect(keys.count == small.count && largeKeys.count == small.count && small.count > 10)
    #expect((0..<keys.count).allSatisfy { keys.key($0) == largeKeys.key($0) })
  }

  @Test func keysOfMoreThanAnArenaHoldsAreAnErrorNamingTheFile() {
    var arena = KeyArena(capacity: 2)
    arena.append { $0 += Array("abc".utf8) }
    #expect(arena.isFull)
    do throws(InputError) {
      _ = try arena.checked(file: "big.jsonl")
      Issue.record("a full arena was taken")
    } catch {
      #expect(error.file == "big.jsonl")
      #expect(error.message.contains("4 GiB"))
    }
    var fitting = KeyArena(capacity: 3)
    fitting.append { $0 += Array("abc".utf8) }
    #expect((try? fitting.checked(file: "small.jsonl"))?.count == 1)
  }
}
