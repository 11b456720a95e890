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

/// Runs the built `coldiff` and `colpatch` with the hang guard of
/// `ToolProcess`.
enum RobustnessTool {
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
    let command = prefix + [Binaries.path(of: tool)] + arguments
    var variables = ProcessInfo.processInfo.environment
    variables["SWIFT_BACKTRACE"] = "enable=no"
    variables.merge(environment) { $1 }
    let outcome = try ToolProcess.run(
      command[0], Array(command.dropFirst()), environment: variables, input: input ?? [])
    return RobustnessRun(
      status: outcome.signaled ? outcome.status - 128 : outcome.status,
      signaled: outcome.signaled, timedOut: outcome.timedOut, output: outcome.output,
      error: outcome.errors)
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
