import ColdiffCore
import ColdiffFormats
import Foundation
import TestSupport
import Testing

@testable import ColdiffEngine

/// Large inputs read from mapped files (scanned in chunks on every core,
/// their pages let go as the scan and the comparison pass them) compare
/// exactly as the same bytes held in memory, whose pages stay. (That
/// chunks give what one pass gives is `ChunkedScanTests`'s.)
@Suite struct ChunkedSnapshotTests {
  /// Some 6 MB of records: above the size from which inputs are chunked.
  private static let records = 45_000

  /// OLD and NEW as JSON Lines, a JSON array and CSV, NEW with updates,
  /// deletes, inserts and a quoted field spanning lines.
  private func inputs(_ form: String) -> (old: [UInt8], new: [UInt8]) {
    var random = SeededGenerator(seed: 1_700 + UInt64(form.count))
    func text(_ rows: [(Int, Int)]) -> [UInt8] {
      let lines = rows.map { id, value -> String in
        let note =
          "note \(value) with \"quotes\", and text to make the record longer: "
          + "the inputs are cut into chunks from 4 MiB on"
        switch form {
        case "csv":
          return "\(id),\(value),\"\(note.replacingOccurrences(of: "\"", with: "\"\""))\n\(value)\""
        default:
          return
            #"{"id": \#(id), "value": \#(value), "note": "\#(note.replacingOccurrences(of: "\"", with: "\\\""))"}"#
        }
      }
      switch form {
      case "csv": return Array(("id,value,note\n" + lines.joined(separator: "\n") + "\n").utf8)
      case "json": return Array(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8)
      default: return Array((lines.joined(separator: "\n") + "\n").utf8)
      }
    }
    let old = (0..<Self.records).map { ($0, $0 % 7) }
    var new = old.filter { _ in Int.random(in: 0..<50, using: &random) > 0 }
    for index in new.indices where Int.random(in: 0..<20, using: &random) == 0 {
      new[index].1 += 100
    }
    new += (0..<300).map { (Self.records + $0, 1) }
    return (text(old), text(new))
  }

  private func diff(_ old: InputFile, _ new: InputFile) throws -> [UInt8] {
    let oldSnapshot = try Snapshot(old, override: nil, keyName: Array("id".utf8))
    let newSnapshot = try Snapshot(new, override: nil, keyName: Array("id".utf8))
    let identity = try Identity.resolve(keys: [], old: oldSnapshot, new: newSnapshot)
    let comparison = try Comparison(
      old: oldSnapshot, new: newSnapshot, identity: identity, rules: ComparisonRules(),
      ordered: true, oldKeys: oldSnapshot.keyArena(for: identity),
      newKeys: newSnapshot.keyArena(for: identity))
    var out: [UInt8] = []
    comparison.document().write(to: &out)
    return out
  }

  @Test(arguments: ["jsonl", "json", "csv"])
  func mappedChunkedInputsDiffAsInMemory(form: String) throws {
    let (old, new) = inputs(form)
    #expect(old.count > ScanChunking.automatic.threshold)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(old).write(to: URL(fileURLWithPath: folder.file("old.\(form)")))
    try Data(new).write(to: URL(fileURLWithPath: folder.file("new.\(form)")))
    let mapped = try diff(
      InputFile(path: folder.file("old.\(form)"), releasingPages: true),
      InputFile(path: folder.file("new.\(form)"), releasingPages: true))
    let inMemory = try diff(
      InputFile(name: "old.\(form)", bytes: old), InputFile(name: "new.\(form)", bytes: new))
    #expect(mapped == inMemory)
    #expect(mapped.count > 10_000)
  }

  @Test func releasedPagesReadTheSame() throws {
    let (old, _) = inputs("jsonl")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(old).write(to: URL(fileURLWithPath: folder.file("old.jsonl")))
    let input = try InputFile(path: folder.file("old.jsonl"), releasingPages: true)
    #expect(input.bytes.releasesPages)
    #expect(Array(input.bytes) == old)
    // Left to decide by its size, a file this small keeps its pages.
    #expect(try !InputFile(path: folder.file("old.jsonl")).bytes.releasesPages)
    input.bytes.releasePages(0..<input.bytes.count)
    #expect(Array(input.bytes) == old)
  }
}
