import Foundation
import TestSupport
import Testing

@testable import ColdiffEngine

/// Spill folders alive at once in one process (as in the tests, whose
/// suites run side by side): removing one removes its own files and
/// folder, never another's.
@Suite struct SpillDirectoryTests {
  @Test func removingOneSpillFolderLeavesAnotherAliveWhole() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try SpillDirectory(under: directory.path)
    let second = try SpillDirectory(under: directory.path)
    let firstFile = first.file("old-0")
    let secondFile = second.file("old-0")
    for file in [firstFile, secondFile] {
      #expect(FileManager.default.createFile(atPath: file, contents: Data("frames".utf8)))
    }
    first.remove()
    #expect(!FileManager.default.fileExists(atPath: first.path))
    #expect(FileManager.default.fileExists(atPath: second.path))
    #expect(try String(contentsOfFile: secondFile, encoding: .utf8) == "frames")
    let third = try SpillDirectory(under: directory.path)
    second.remove()
    #expect(!FileManager.default.fileExists(atPath: second.path))
    #expect(FileManager.default.fileExists(atPath: third.path))
    third.remove()
    #expect(try directory.contents().isEmpty)
  }
}
