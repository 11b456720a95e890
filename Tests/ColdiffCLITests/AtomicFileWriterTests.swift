import ColdiffEngine
import ColdiffFormats
import Foundation
import TestSupport
import Testing

@testable import ColdiffCLI

@Suite struct AtomicFileWriterTests {
  /// Writes `text` to `path` as colpatch does: durably when it replaces
  /// its target, else with an exchange where the target exists.
  private func write(_ text: String, to path: String, durable: Bool) throws {
    try AtomicFileWriter.write(to: path, durable: durable) { descriptor in
      try AtomicFileWriter.writeAll(Array(text.utf8), to: descriptor, name: path)
    }
  }

  @Test(arguments: [true, false])
  func replacesTheFileAndKeepsItsMode(durable: Bool) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("target.json", "old")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    try write("new", to: path, durable: durable)
    #expect(try folder.read("target.json") == "new")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    #expect(try folder.contents() == ["target.json"])
  }

  @Test(arguments: [true, false])
  func writesThroughASymbolicLinkAndLeavesHardLinksAlone(durable: Bool) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let real = try folder.write("real.csv", "old")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("link.csv"), withDestinationPath: "real.csv")
    try FileManager.default.linkItem(atPath: real, toPath: folder.file("hard.csv"))
    try write("new", to: folder.file("link.csv"), durable: durable)
    #expect(try folder.read("real.csv") == "new")
    #expect(try folder.read("hard.csv") == "old")
    let destination = try FileManager.default.destinationOfSymbolicLink(
      atPath: folder.file("link.csv"))
    #expect(destination == "real.csv")
    #expect(try folder.contents() == ["hard.csv", "link.csv", "real.csv"])
  }

  /// Blocks set aside for more than is written (a size hint over the
  /// result's size) are given back: the file holds its bytes, its size is
  /// theirs, and it takes no more of the disk than they do.
  @Test(arguments: [0, 1 << 16, 8 << 20])
  func blocksSetAsideForMoreThanIsWrittenAreGivenBack(sizeHint: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.file("result.csv")
    let text = String(repeating: "id,name\n", count: 4096)
    try AtomicFileWriter.write(to: path, durable: false, sizeHint: sizeHint) { descriptor in
      try AtomicFileWriter.writeAll(Array(text.utf8), to: descriptor, name: path)
    }
    #expect(try folder.read("result.csv") == text)
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(Int(status.st_size) == text.utf8.count)
    // 512-byte blocks, rounded up to the file system's own (4 KiB or less
    // on those the tests run on).
    #expect(Int(status.st_blocks) * 512 <= (text.utf8.count + 4095) / 4096 * 4096)
  }

  @Test func refusesATargetChangedSinceItWasRead() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("target.json", "old")
    let seen = try #require(AtomicFileWriter.snapshot(of: path))
    try folder.write("target.json", "someone else's bytes")
    #expect(throws: InputError.self) {
      try AtomicFileWriter.write(Array("new".utf8), to: path, expected: seen)
    }
    #expect(try folder.read("target.json") == "someone else's bytes")
    #expect(try folder.contents() == ["target.json"])
  }

  /// A new file is renamed into place; a folder in the target's place is
  /// left where it is, not exchanged with the new file.
  @Test(arguments: [true, false])
  func writesANewFileAndLeavesAFolderInPlace(durable: Bool) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try write("new", to: folder.file("new.csv"), durable: durable)
    #expect(try folder.read("new.csv") == "new")
    try FileManager.default.createDirectory(
      atPath: folder.file("taken.csv"), withIntermediateDirectories: false)
    try folder.write("taken.csv/inside.txt", "kept")
    #expect(throws: InputError.self) {
      try write("new", to: folder.file("taken.csv"), durable: durable)
    }
    #expect(try folder.read("taken.csv/inside.txt") == "kept")
    #expect(try folder.contents() == ["new.csv", "taken.csv"])
  }

  @Test func aFolderThatCannotBeWrittenLeavesNothing() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    #expect(throws: InputError.self) {
      try AtomicFileWriter.write(Array("new".utf8), to: folder.file("missing/target.json"))
    }
    #expect(try folder.contents().isEmpty)
  }
}
