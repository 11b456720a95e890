import Foundation
import Glibc
import TestSupport
import Testing

/// Standard output that goes away or fills up: a reader that closes the
/// pipe early is no error (exit with the usual status, no message, no
/// SIGPIPE), a full device is (exit 2, the system's words).
@Suite struct RobustnessOutputTests {
  /// Two JSON arrays of `count` records whose every record differs, so
  /// the report is long.
  func largePair(_ folder: TemporaryDirectory, count: Int) throws -> (String, String) {
    func array(_ value: String) -> String {
      "[" + (0..<count).map { "{\"id\":\($0),\"a\":\"\(value)\"}" }.joined(separator: ",") + "]"
    }
    return (try folder.write("old.json", array("x")), try folder.write("new.json", array("y")))
  }

  /// Runs `script` under bash with coldiff's and colpatch's paths as `$C`
  /// and `$P`, printing the status of its last pipeline's first command
  /// as the last line.
  func shell(_ script: String) throws -> RobustnessRun {
    try RobustnessTool.run(
      "coldiff", [],
      environment: ["C": Binaries.path(of: "coldiff"), "P": Binaries.path(of: "colpatch")],
      prefix: ["/bin/bash", "-c", script + "\necho \"status ${PIPESTATUS[0]}\"", "bash"])
  }

  @Test func aClosedPipeEndsColdiffQuietly() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let (old, new) = try largePair(folder, count: 50_000)
    for format in ["text", "json", "patch"] {
      let run = try shell("\"$C\" -f \(format) '\(old)' '\(new)' | head -1 > /dev/null")
      #expect(!run.signaled && !run.timedOut)
      #expect(run.outputText.hasSuffix("status 1\n"), "\(format): \(run.outputText)")
      #expect(run.error.isEmpty, "\(format): \(run.error)")
    }
  }

  @Test func aClosedPipeEndsColpatchQuietly() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let (old, new) = try largePair(folder, count: 50_000)
    let patch = try RobustnessTool.run("coldiff", ["-f", "patch", old, new])
    let path = try folder.write("patch.json", bytes: patch.output)
    let run = try shell("\"$P\" apply '\(path)' '\(old)' | head -1 > /dev/null")
    #expect(!run.signaled && !run.timedOut)
    #expect(run.outputText.hasSuffix("status 0\n"), "\(run.outputText)")
    #expect(run.error.isEmpty, "\(run.error)")
  }

  @Test func aFullDeviceIsReportedByColdiff() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let (old, new) = try largePair(folder, count: 10)
    let run = try shell("\"$C\" '\(old)' '\(new)' > /dev/full")
    #expect(run.outputText.hasSuffix("status 2\n"), "\(run.outputText)")
    #expect(run.error == "coldiff: cannot write the output: No space left on device\n")
  }

  @Test func aFullDeviceIsReportedByColpatch() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let (old, new) = try largePair(folder, count: 10)
    let patch = try RobustnessTool.run("coldiff", ["-f", "patch", old, new])
    let path = try folder.write("patch.json", bytes: patch.output)
    let run = try shell("\"$P\" apply '\(path)' '\(old)' > /dev/full")
    #expect(run.outputText.hasSuffix("status 2\n"), "\(run.outputText)")
    #expect(run.error == "colpatch: cannot write the output: No space left on device\n")
  }
}
