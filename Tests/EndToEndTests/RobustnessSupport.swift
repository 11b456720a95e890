import Foundation
import Glibc
import TestSupport
import Testing

/// What one run of a built tool did, for the robustness tests.
struct RobustnessRun {
  /// The exit status, or the signal number when `signaled`.
  var status: Int32
  /// Whether the process ended by a signal (a crash, or the hang guard).
  var signaled: Bool
  /// Whether the hang guard had to kill it.
  var timedOut: Bool
  /// Standard output.
  var output: [UInt8]
  /// Standard error.
  var error: String

  /// Standard output as text.
  var outputText: String { String(decoding: output, as: UTF8.self) }

  /// Whether the run ended normally with status 2 and exactly one line of
  /// error, starting with `prefix`.
  func isTrouble(startingWith prefix: String) -> Bool {
    !signaled && !timedOut && status == 2 && error.hasPrefix(prefix) && error.hasSuffix("\n")
      && error.dropLast().firstIndex(of: "\n") == nil
  }
}

/// Runs the built `coldiff` and `colpatch` with a hang guard.
enum RobustnessTool {
  /// How long a run may take before the guard kills it: far more than any
  /// of these runs needs, so that a hang fails the test instead of the
  /// whole test run.
  static let hangGuardSeconds = 120.0

  /// Runs `tool` with `arguments`.
  ///
  /// - Parameters:
  ///   - tool: `coldiff` or `colpatch`.
  ///   - arguments: its arguments.
  ///   - input: standard input's bytes (empty when `nil`).
  ///   - environment: extra environment variables.
  ///   - prefix: programs to run it under (`setpriv …`), or none.
  /// - Returns: what it did.
  static func run(
    _ tool: String, _ arguments: [String], input: [UInt8]? = nil,
    environment: [String: String] = [:], prefix: [String] = []
  ) throws -> RobustnessRun {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let process = Process()
    let command = prefix + [Binaries.path(of: tool)] + arguments
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    var variables = ProcessInfo.processInfo.environment
    variables["SWIFT_BACKTRACE"] = "enable=no"
    variables.merge(environment) { $1 }
    process.environment = variables
    let inputPath = try folder.write("stdin", "")
    if let input { try Data(input).write(to: URL(fileURLWithPath: inputPath)) }
    try folder.write("stdout", "")
    try folder.write("stderr", "")
    process.standardInput = FileHandle(forReadingAtPath: inputPath)
    process.standardOutput = FileHandle(forWritingAtPath: folder.file("stdout"))
    process.standardError = FileHandle(forWritingAtPath: folder.file("stderr"))
    try process.run()
    let timedOut = waitOrKill(process)
    return RobustnessRun(
      status: process.terminationStatus,
      signaled: process.terminationReason == .uncaughtSignal,
      timedOut: timedOut,
      output: Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("stdout")))),
      error: try folder.read("stderr"))
  }

  /// Waits for `process`, killing it when the hang guard runs out.
  ///
  /// - Returns: whether it had to be killed.
  static func waitOrKill(_ process: Process) -> Bool {
    let deadline = Date().addingTimeInterval(hangGuardSeconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    guard process.isRunning else { return false }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return true
  }
}

/// A folder for one test, removed afterwards by the caller.
extension TemporaryDirectory {
  /// Writes `bytes` to the file `name` in the folder.
  ///
  /// - Returns: the file's path.
  @discardableResult
  func write(_ name: String, bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    return file(name)
  }

  /// The bytes of the file `name` in the folder.
  func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: file(name))))
  }
}
