import ColdiffFormats
import Foundation
import TestSupport
import Testing

@testable import ColdiffCLI

/// `BackgroundFileWriter`: the pieces handed on land in the file in
/// order, each hand gives back an empty buffer, and a failed write is
/// told.
@Suite struct BackgroundFileWriterTests {
  @Test func piecesLandInOrder() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.file("out.txt")
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(descriptor >= 0)
    let writer = BackgroundFileWriter(descriptor: descriptor, name: path)
    var expected = ""
    for piece in 0..<50 {
      let text = String(repeating: "\(piece % 10)", count: 1 + piece * 997 % 5000) + "\n"
      var buffer = Array(text.utf8)
      try writer.hand(&buffer)
      #expect(buffer.isEmpty)
      expected += text
    }
    try writer.finish()
    close(descriptor)
    #expect(try folder.read("out.txt") == expected)
  }

  @Test func aFailedWriteIsTold() throws {
    let descriptor = open("/dev/null", O_RDONLY)
    defer { close(descriptor) }
    let writer = BackgroundFileWriter(descriptor: descriptor, name: "out.json")
    var buffer = Array("piece".utf8)
    try writer.hand(&buffer)
    #expect(throws: InputError.self) {
      var more = Array("more".utf8)
      try writer.hand(&more)
      try writer.finish()
    }
    #expect(throws: InputError.self) { try writer.finish() }
  }
}
