import Foundation
import TestSupport
import Testing

/// What happens when standard output goes away or cannot be written
/// (DESIGN §3): a reader that stops early (`| head -1`) ends coldiff
/// quietly with its usual status; a failing write (`> /dev/full`) is
/// reported once on standard error with status 2.
@Suite struct OutputErrorTests {
  /// Two arrays of `count` records whose every record changed, so every
  /// format prints far more than a pipe holds.
  private static func bigInputs(in directory: TemporaryDirectory, count: Int = 20_000) throws {
    func array(_ letter: String) -> String {
      let value = String(repeating: letter, count: 60)
      return "[\n"
        + (0..<count).map { "  {\"id\": \($0), \"v\": \"\(value)\"}" }.joined(separator: ",\n")
        + "\n]\n"
    }
    try directory.write("old.json", array("x"))
    try directory.write("new.json", array("y"))
  }

  private static let coldiff = Binaries.path(of: "coldiff")

  @Test(arguments: ["text", "json", "patch"])
  func closedPipeEndsQuietly(format: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.bigInputs(in: directory)
    let outcome = try ToolProcess.shell(
      "{ '\(Self.coldiff)' -f \(format) old.json new.json; echo $? > status; } | head -1",
      in: directory.path)
    #expect(outcome.errors == "")
    #expect(outcome.status == 0)
    #expect(outcome.text.split(separator: "\n").count == 1)
    #expect(try directory.read("status") == "1\n")
  }

  @Test func closedPipeEndsTextconvQuietly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.bigInputs(in: directory)
    let outcome = try ToolProcess.shell(
      "{ '\(Self.coldiff)' --textconv old.json; echo $? > status; } | head -1", in: directory.path)
    #expect(outcome.errors == "")
    #expect(outcome.text == "{\"id\": 0, \"v\": \"\(String(repeating: "x", count: 60))\"}\n")
    #expect(try directory.read("status") == "0\n")
  }

  @Test(arguments: [
    ["old.json", "new.json"], ["-f", "stat", "old.json", "old.json"], ["--version"],
    ["--textconv", "old.json"],
  ])
  func fullDeviceIsTrouble(arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.bigInputs(in: directory, count: 100)
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    let outcome = try ToolProcess.shell(
      "'\(Self.coldiff)' \(quoted) > /dev/full", in: directory.path)
    #expect(outcome.errors == "coldiff: cannot write the output: No space left on device\n")
    #expect(outcome.status == 2)
  }

  /// A diff document of several MB is written a piece at a time: the
  /// first failed piece is the one message, and nothing more is tried.
  @Test func fullDeviceStopsADocumentWrittenInPieces() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.bigInputs(in: directory)
    let outcome = try ToolProcess.shell(
      "'\(Self.coldiff)' -f json old.json new.json > /dev/full", in: directory.path)
    #expect(outcome.errors == "coldiff: cannot write the output: No space left on device\n")
    #expect(outcome.status == 2)
  }
}
