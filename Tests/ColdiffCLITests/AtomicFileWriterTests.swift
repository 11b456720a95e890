import ColdiffEngine
import ColdiffFormats
import Foundation
import TestSupport
import Testing

@testable import ColdiffCLI

@Suite struct AtomicFileWriterTests {
  @Test func replacesTheFileAndKeepsItsMode() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("target.json", "old")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    try AtomicFileWriter.write(Array("new".utf8), to: path)
    #expect(try folder.read("target.json") == "new")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    #expect(try folder.contents() == ["target.json"])
  }

  @Test func writesThroughASymbolicLinkAndLeavesHardLinksAlone() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let real = try folder.write("real.csv", "old")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("link.csv"), withDestinationPath: "real.csv")
    try FileManager.default.linkItem(atPath: real, toPath: folder.file("hard.csv"))
    try AtomicFileWriter.write(Array("new".utf8), to: folder.file("link.csv"))
    #expect(try folder.read("real.csv") == "new")
    #expect(try folder.read("hard.csv") == "old")
    let destination = try FileManager.default.destinationOfSymbolicLink(
      atPath: folder.file("link.csv"))
    #expect(destination == "real.csv")
    #expect(try folder.contents() == ["hard.csv", "link.csv", "real.csv"])
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

  @Test func aFolderThatCannotBeWrittenLeavesNothing() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    #expect(throws: InputError.self) {
      try AtomicFileWriter.write(Array("new".utf8), to: folder.file("missing/target.json"))
    }
    #expect(try folder.contents().isEmpty)
  }
}
