import ColdiffCore
import ColdiffFormats
import Foundation
import TestSupport
import Testing

@testable import ColdiffEngine

/// NEW scanned in chunks with OLD as its reference, its pages let go
/// behind the scan (as `coldiff` reads a large NEW): the records it
/// validated instead of taking them whole are copied aside and read
/// there, the others' keys made from their canonical bytes when they
/// say how the key is written (a CSV key's always do), and the
/// document, the document written as text and the patch are those of
/// the same bytes held in memory.
@Suite struct RecordCopiesSnapshotTests {
  private static let keyName = Array("id".utf8)
  /// Small chunks, so that small inputs are scanned as a large one is.
  private static let chunking = ScanChunking(threshold: 1, chunkSize: 4096)

  /// OLD and NEW (some records changed, moved, dropped and added) in
  /// `form`, keyed by `key(id)`, a JSON value as written.
  private func inputs(_ form: String, key: (Int) -> String) -> (old: [UInt8], new: [UInt8]) {
    func text(_ rows: [(Int, String)]) -> [UInt8] {
      if form == "csv" {
        // Some rows end in CRLF; the last field unquoted.
        let lines = rows.map {
          "\(key($0)),\"\($1)\",\($0 % 7)" + ($0 % 13 == 0 ? "\r\n" : "\n")
        }
        return Array(("id,value,n\n" + lines.joined()).utf8)
      }
      let lines = rows.map { #"{"id": \#(key($0)), "value": "\#($1)"}"# }
      return Array(
        (form == "json"
          ? "[\n" + lines.joined(separator: ",\n") + "\n]\n"
          : lines.joined(separator: "\n") + "\n").utf8)
    }
    let old = (0..<2_000).map { ($0, "value \($0 % 9), with text to make it longer") }
    var new = old
    for index in stride(from: 5, to: new.count, by: 41) { new[index].1 += " changed" }
    for index in stride(from: 900, to: 1_900, by: 97) { new.swapAt(index, index - 300) }
    new.removeSubrange(400..<410)
    new.insert(contentsOf: (0..<20).map { (5_000 + $0, "new") }, at: 1_200)
    return (text(old), text(new))
  }

  @Test(arguments: ["jsonl", "json"], ["number", "string", "escaped"])
  func copiedRecordsDiffAsInMemory(form: String, keys: String) throws {
    let (old, new) = inputs(form) { id in
      switch keys {
      case "number": "\(id)"
      case "string": "\"k\(id)\""
      default: id % 3 == 0 ? #""k\/\#(id)""# : "\"k/\(id)\""
      }
    }
    try expectCopiesDiffAsInMemory(form, old, new)
  }

  /// CSV keys: plain, quoted (with the delimiter and doubled quotes),
  /// and with bytes a JSON string escapes (a backslash, a tab, 0x00).
  @Test(arguments: ["plain", "quoted", "escaped"])
  func copiedRowsDiffAsInMemory(keys: String) throws {
    let (old, new) = inputs("csv") { id in
      switch keys {
      case "plain": "k\(id)"
      case "quoted": id % 3 == 0 ? "\"k,\"\"\(id)\"\"\"" : "k\(id)"
      default: id % 3 == 0 ? "k\\\(id)\t" : id % 5 == 0 ? "k\u{0}\(id)" : "k/\(id)"
      }
    }
    try expectCopiesDiffAsInMemory("csv", old, new)
  }

  /// Diffs `old` and `new`, of `form`, mapped (NEW's pages let go,
  /// changed records copied) and held in memory: the same outputs.
  private func expectCopiesDiffAsInMemory(_ form: String, _ old: [UInt8], _ new: [UInt8]) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(old).write(to: URL(fileURLWithPath: folder.file("old.\(form)")))
    try Data(new).write(to: URL(fileURLWithPath: folder.file("new.\(form)")))
    let mappedOld = try Snapshot(
      InputFile(path: folder.file("old.\(form)"), releasingFrom: .max), override: nil,
      keyName: Self.keyName, chunking: Self.chunking)
    let mappedNew = try Snapshot(
      InputFile(path: folder.file("new.\(form)"), releasingFrom: 1), override: nil,
      keyName: Self.keyName, chunking: Self.chunking, reference: mappedOld)
    #expect(!mappedNew.copies.isEmpty)
    #expect(mappedOld.copies.isEmpty)
    if form == "csv" {
      // The keys of the rows not copied: from their canonical bytes.
      #expect(mappedNew.canonicalKeyColumn == 0)
      #expect(mappedNew.canonicalKeys.starts.count == mappedNew.count + 1)
    }
    let plainOld = try Snapshot(
      InputFile(name: "old.\(form)", bytes: old), override: nil, keyName: Self.keyName)
    let plainNew = try Snapshot(
      InputFile(name: "new.\(form)", bytes: new), override: nil, keyName: Self.keyName)
    #expect(plainNew.copies.isEmpty)
    let (mapped, plain) = (try outputs(mappedOld, mappedNew), try outputs(plainOld, plainNew))
    #expect(mapped.document == plain.document)
    #expect(mapped.written == plain.written)
    #expect(mapped.patch == plain.patch)
    #expect(plain.written == plain.document)
    #expect(plain.document.count > 5_000)
  }

  /// The document built and written, the document written as text
  /// straight from the comparison (as `coldiff -f json` writes it), and
  /// the guarded patch.
  private func outputs(_ old: Snapshot, _ new: Snapshot) throws -> (
    document: [UInt8], written: [UInt8], patch: [UInt8]
  ) {
    let identity = try Identity.resolve(keys: [], old: old, new: new)
    let comparison = try Comparison(
      old: old, new: new, identity: identity, rules: ComparisonRules(), ordered: true,
      oldKeys: old.keyArena(for: identity), newKeys: new.keyArena(for: identity))
    var (document, written) = ([UInt8](), [UInt8]())
    comparison.document().write(to: &document)
    comparison.writeDocument(to: &written, flushingAt: .max) { _ in }
    return (document, written, comparison.patch(guards: true))
  }
}
