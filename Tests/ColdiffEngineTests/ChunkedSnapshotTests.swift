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
    return try documentText(oldSnapshot, newSnapshot)
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

  /// A scan in chunks lets every page of a mapped input that lets its
  /// pages go leave the process's memory but the last, partial one,
  /// whatever the folios the page cache holds the file in: where Linux
  /// maps a whole folio of up to 2 MiB for one read (6.18 on), a chunk's
  /// neighbour reading across their cut, or the guess of the next
  /// chunk's start reading the byte before it, maps again what the chunk
  /// let go.
  @Test(arguments: ["jsonl", "json", "csv"])
  func aChunkedScanLetsItsPagesGo(form: String) throws {
    let (old, _) = inputs(form)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(old).write(to: URL(fileURLWithPath: folder.file("old.\(form)")))
    let snapshot = try Snapshot(
      InputFile(path: folder.file("old.\(form)"), releasingPages: true), override: nil,
      keyName: Array("id".utf8))
    #expect(snapshot.count == Self.records)
    let mapped = try snapshot.bytes.withUnsafeBufferPointer(Self.mappedPages(of:))
    #expect(mapped <= 1, "\(mapped) pages of \(old.count / 4096) stayed in memory")
  }

  /// A walk that lets the pages behind it go leaves none of them in
  /// memory, though reading the records where its last release ended
  /// mapped the pages around them again (the kernel's fault-around
  /// window, or their whole folio), some of them behind those records.
  /// (The file is in a tmpfs, which holds it in single pages: the kernel
  /// maps them in windows of 64 KiB, not a whole 2 MiB folio at once,
  /// which a release of part of it would let go whole.)
  @Test func aWalkLetsGoWhatItsReadsMappedAgain() throws {
    let (old, _) = inputs("jsonl")
    let path = "/dev/shm/coldiff-walk-\(getpid()).jsonl"
    try Data(old).write(to: URL(fileURLWithPath: path))
    defer { unlink(path) }
    let snapshot = try Snapshot(
      InputFile(path: path, releasingPages: true), override: nil, keyName: Array("id".utf8))
    // A record on an odd page: one that does not start a fault-around
    // window (aligned to its size, a power of two).
    let base = snapshot.bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    let middle = try #require(
      (snapshot.count / 2..<snapshot.count).first {
        (base + snapshot.byteStart(of: $0)) / 4096 % 2 == 1
      })
    let last = snapshot.count - 1
    snapshot.bytes.releasePages(0..<snapshot.bytes.count)
    // The walk's last release ended at `middle`; it reads on from there.
    var offset = snapshot.byteStart(of: middle)
    for record in middle..<middle + 50 {
      #expect(snapshot.bytes[snapshot.byteStart(of: record)] == UInt8(ascii: "{"))
    }
    let behindMiddle = try snapshot.bytes.withUnsafeBufferPointer {
      try Self.mappedPages(of: UnsafeBufferPointer(rebasing: $0[..<(offset / 4096 * 4096)]))
    }
    #expect(behindMiddle > 0, "the reads mapped no page behind the records read")
    snapshot.releasePages(from: &offset, before: last)
    let behind = snapshot.byteStart(of: last) / 4096 * 4096
    let mapped = try snapshot.bytes.withUnsafeBufferPointer {
      try Self.mappedPages(of: UnsafeBufferPointer(rebasing: $0[..<behind]))
    }
    #expect(mapped == 0, "\(mapped) pages behind the walk stayed in memory")
  }

  /// How many of the pages `bytes` lie in are in this process's memory
  /// (their page table entries' present bit, `/proc/self/pagemap`).
  private static func mappedPages(of bytes: UnsafeBufferPointer<UInt8>) throws -> Int {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let first = Int(bitPattern: bytes.baseAddress) / page
    let last = (Int(bitPattern: bytes.baseAddress) + bytes.count - 1) / page
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/pagemap"))
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(first * 8))
    let entries = try handle.read(upToCount: (last - first + 1) * 8) ?? Data()
    return entries.withUnsafeBytes { raw in
      (0..<raw.count / 8).count {
        raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) >> 63 == 1
      }
    }
  }
}

/// NEW scanned with OLD as its reference (as `coldiff` reads them), NEW's
/// pages let go from the start and OLD's from the output on: the same
/// document as the plain snapshots', whether the pairs NEW's scan found
/// equal are taken as equal or, against another OLD, read again.
@Suite struct KnownPartnerSnapshotTests {
  private static let keyName = Array("id".utf8)

  /// OLD, and NEW with a record changed in a few places and one dropped.
  private func inputs(_ form: String) -> (old: [UInt8], new: [UInt8]) {
    let rows = (0..<400).map { id in (id, "value \(id % 9) and a text long enough") }
    func text(_ rows: [(Int, String)]) -> [UInt8] {
      switch form {
      case "csv":
        return Array(("id,value\n" + rows.map { "\($0),\($1)\n" }.joined()).utf8)
      default:
        return Array(rows.map { #"{"id": \#($0), "value": "\#($1)"}"# + "\n" }.joined().utf8)
      }
    }
    var new = rows
    for index in stride(from: 3, to: new.count, by: 37) { new[index].1 += " changed" }
    new.remove(at: 100)
    return (text(rows), text(new))
  }

  @Test(arguments: ["jsonl", "csv"])
  func partnersAreTakenOnlyAgainstTheirReference(form: String) throws {
    let (old, new) = inputs(form)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(old).write(to: URL(fileURLWithPath: folder.file("old.\(form)")))
    try Data(new).write(to: URL(fileURLWithPath: folder.file("new.\(form)")))
    let plainOld = try Snapshot(
      InputFile(name: "old.\(form)", bytes: old), override: nil, keyName: Self.keyName)
    let plainNew = try Snapshot(
      InputFile(name: "new.\(form)", bytes: new), override: nil, keyName: Self.keyName)
    let plain = try documentText(plainOld, plainNew)
    // As coldiff reads them: OLD mapped, and let go as a large OLD is,
    // NEW mapped and let go.
    let mappedOld = try Snapshot(
      InputFile(path: folder.file("old.\(form)"), releasingFrom: 1), override: nil,
      keyName: Self.keyName)
    #expect(mappedOld.bytes.releasesPages)
    let mappedNew = try Snapshot(
      InputFile(path: folder.file("new.\(form)"), releasingFrom: 1), override: nil,
      keyName: Self.keyName, reference: mappedOld)
    #expect(mappedNew.bytes.releasesPages)
    #expect(mappedNew.knownPartners(in: mappedOld) != nil)
    #expect(try documentText(mappedOld, mappedNew) == plain)
    // NEW scanned against a copy of itself: each record's partner is its
    // own position, which against OLD would miss the changed records.
    let copy = try Snapshot(
      InputFile(name: "copy.\(form)", bytes: new), override: nil, keyName: Self.keyName)
    let againstCopy = try Snapshot(
      InputFile(name: "new.\(form)", bytes: new), override: nil, keyName: Self.keyName,
      reference: copy)
    #expect(againstCopy.knownPartners(in: copy)?.partner(of: 5) == 5)
    #expect(againstCopy.knownPartners(in: plainOld) == nil)
    #expect(try documentText(plainOld, againstCopy) == plain)
    #expect(plain.count > 1_000)
  }

  @Test func pagesGoOnlyForMappedFilesFromTheirThreshold() throws {
    let (old, _) = inputs("jsonl")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(old).write(to: URL(fileURLWithPath: folder.file("old.jsonl")))
    #expect(
      try InputFile(path: folder.file("old.jsonl"), releasingFrom: old.count).bytes.releasesPages)
    #expect(
      try !InputFile(path: folder.file("old.jsonl"), releasingFrom: old.count + 1).bytes
        .releasesPages)
    #expect(!InputFile(name: "old.jsonl", bytes: old).bytes.releasesPages)
    // NEW's threshold: from 64 MiB at most.
    #expect(InputFile.comparedInputBytes <= 64 << 20)
    #expect(try !InputFile(path: folder.file("old.jsonl"), releasingFrom: .max).bytes.releasesPages)
  }
}
