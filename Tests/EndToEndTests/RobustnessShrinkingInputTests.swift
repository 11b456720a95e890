import Foundation
import Glibc
import TestSupport
import Testing

/// An input that another program truncates while coldiff reads it (the
/// file is mapped into memory): exit 2 with one line of error, never a
/// crash by `SIGBUS`.
@Suite struct RobustnessShrinkingInputTests {
  /// Whether the process `identifier` has `path` mapped.
  static func hasMapped(_ identifier: Int32, _ path: String) -> Bool {
    guard let maps = try? String(contentsOfFile: "/proc/\(identifier)/maps", encoding: .utf8)
    else { return false }
    return maps.contains(path)
  }

  @Test func anInputTruncatedWhileMappedEndsTheRunWithStatus2() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    // Large enough that the run is still reading it when it is cut.
    var lines: [UInt8] = []
    for record in 0..<200_000 {
      lines += Array(#"{"id":\#(record),"name":"record number \#(record)","tags":["a","b"]}"#.utf8)
      lines.append(0x0A)
    }
    let old = try folder.write("old.jsonl", bytes: lines)
    let new = try folder.write("new.jsonl", #"{"id":-1}"# + "\n")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binaries.path(of: "coldiff"))
    process.arguments = ["-f", "json", old, new]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let errorsPath = try folder.write("stderr", "")
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
    try process.run()
    // Cut the file once the run has mapped it (or after 2 s).
    let identifier = process.processIdentifier
    for _ in 0..<20_000 where !Self.hasMapped(identifier, old) {
      usleep(100)
    }
    #expect(truncate(old, 0) == 0)
    _ = ToolProcess.waitOrKill(process)
    let errors = try String(contentsOfFile: errorsPath, encoding: .utf8)
    #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
    #expect(
      process.terminationStatus == 1
        || errors == "coldiff: an input file shrank while it was being read\n",
      "status \(process.terminationStatus): \(errors)")
  }
}
