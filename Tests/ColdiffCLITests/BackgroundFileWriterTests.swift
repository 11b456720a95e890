import ColdiffCore
import ColdiffEngine
import ColdiffFormats
import Foundation
import Glibc
import TestSupport
import Testing

@testable import ColdiffCLI

/// The background writer and the pieced writing of a patched target:
/// pieces of every size, and any number in flight, give the same bytes;
/// a failed write stops the writing with the file named.
@Suite struct BackgroundFileWriterTests {
  /// `count` seeded random bytes.
  private func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  /// A new file in `folder`, open for writing.
  private func created(_ folder: TemporaryDirectory, _ name: String) -> Int32 {
    open(folder.file(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  }

  @Test(arguments: [1, 2, 3, 7, 64, 4096, 20_011, 65_536])
  func piecesOfAnySizeGiveTheSameBytes(pieceSize: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let expected = bytes(20_011, seed: UInt64(pieceSize))
    for depth in 1...3 {
      let descriptor = created(folder, "out-\(depth)")
      try #require(descriptor >= 0)
      let writer = BackgroundFileWriter(descriptor: descriptor, name: "out", depth: depth)
      var buffer: [UInt8] = []
      var start = 0
      while start < expected.count {
        let end = min(start + pieceSize, expected.count)
        buffer += expected[start..<end]
        try writer.hand(&buffer)
        #expect(buffer.isEmpty)
        start = end
      }
      try writer.finish()
      close(descriptor)
      #expect(
        Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("out-\(depth)")))) == expected)
    }
  }

  /// Pieces that name runs of a source between their own bytes, more of
  /// them than one `writev(2)` takes, give the bytes in order.
  @Test(arguments: [1, 3, 700, 1500])
  func runsOfASourceGoBetweenAPiecesBytes(runsPerPiece: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let source = bytes(50_000, seed: 7)
    var generator = SeededGenerator(seed: UInt64(runsPerPiece))
    let descriptor = created(folder, "out")
    try #require(descriptor >= 0)
    var expected: [UInt8] = []
    try source.withUnsafeBufferPointer { source in
      let writer = BackgroundFileWriter(descriptor: descriptor, name: "out", source: source)
      for _ in 0..<3 {
        var (own, runs): ([UInt8], [BackgroundFileWriter.SourceRun]) = ([], [])
        for _ in 0..<runsPerPiece {
          // Some of a piece's own bytes (maybe none), then a run.
          let mine = bytes(Int.random(in: 0...3, using: &generator), seed: UInt64(own.count))
          own += mine
          expected += mine
          let start = Int.random(in: 0..<source.count, using: &generator)
          let run = start..<min(source.count, start + Int.random(in: 1...40, using: &generator))
          runs.append((own.count, run))
          expected += source[run]
        }
        own += [0x0A]
        expected += [0x0A]
        try writer.hand(&own, runs: &runs)
        #expect(own.isEmpty && runs.isEmpty)
      }
      try writer.finish()
    }
    close(descriptor)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("out")))) == expected)
  }

  @Test func aFailedWriteIsThrownNamingTheFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = try folder.write("read-only", "")
    // A descriptor open for reading only: every write fails (EBADF).
    let descriptor = open(folder.file("read-only"), O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let writer = BackgroundFileWriter(descriptor: descriptor, name: "out.json", depth: 2)
    var buffer = Array("piece".utf8)
    try writer.hand(&buffer)
    #expect {
      try writer.finish()
    } throws: { error in
      "\(error)".hasPrefix("out.json: ") && "\(error)".contains("Bad file descriptor")
    }
    // Once failed, it stays failed: the caller stops handing pieces over.
    buffer = Array("more".utf8)
    #expect(throws: InputError.self) { try writer.hand(&buffer) }
    #expect(try folder.read("read-only").isEmpty)
  }

  @Test(arguments: [1, 5, 13, 100, 4096, 1 << 20])
  func aPatchedTargetWrittenInPiecesIsTheWholeResult(pieceSize: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    for (name, text) in Self.targets {
      let snapshot = try Snapshot(InputFile(name: name, bytes: Array(text.utf8)), override: nil)
      var target = PatchTarget(snapshot)
      // An edited record in the middle and a new one at the end, written
      // anew between original runs.
      target.setValue(try JSONReader.parse(Array("{\"id\": 2, \"v\": \"new\"}".utf8)), of: 1)
      let added = target.makeRecord(
        try JSONReader.parse(Array("{\"id\": 9, \"v\": \"added\"}".utf8)))
      target.sequence = RecordSequence(target.order + [added])
      let descriptor = created(folder, "out")
      try #require(descriptor >= 0)
      try ColpatchRun.write(target, into: descriptor, name: "out", pieceSize: pieceSize)
      close(descriptor)
      #expect(
        Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("out"))))
          == (try target.written()))
    }
  }

  /// A JSON array, JSON Lines and a CSV table of a few records, by name.
  private static let targets = [
    "t.json": "[\n"
      + (1...6).map { "  {\"id\": \($0), \"v\": \"\(String(repeating: "x", count: $0))\"}" }
      .joined(separator: ",\n") + "\n]\n",
    "t.jsonl": (1...6).map { "{\"id\":\($0),\"v\":\"\(String(repeating: "y", count: $0))\"}\n" }
      .joined(),
    "t.csv": "id,v\n" + (1...6).map { "\($0),\(String(repeating: "z", count: $0))\n" }.joined(),
  ]
}
