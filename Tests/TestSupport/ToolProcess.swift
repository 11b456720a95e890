import Foundation
import Synchronization

/// Runs a built tool (or any program) as a child process and captures
/// what it printed, for end-to-end tests that assert standard output,
/// standard error and the exit status together.
///
/// The streams go through temporary files rather than pipes, so a large
/// output can never block the child while the test waits for it.
public enum ToolProcess {
  /// What a finished program printed and how it exited.
  public struct Outcome: Sendable, Equatable, CustomStringConvertible {
    /// The exit status (or 128 + the signal for a killed program).
    public let status: Int32
    /// Everything written to standard output.
    public let output: [UInt8]
    /// Everything written to standard error, as text.
    public let errors: String
    /// Whether the program ended by a signal (a crash, or the hang guard).
    public var signaled: Bool = false
    /// Whether the hang guard had to kill it.
    public var timedOut: Bool = false

    /// Standard output as text (invalid UTF-8 replaced).
    public var text: String { String(decoding: output, as: UTF8.self) }

    /// Standard error without the `TOOL: note:` lines (hints such as
    /// coldiff's `no "id" field` one, SPEC §8.1.10): what is left must
    /// be empty where nothing went wrong.
    public var errorsBesideNotes: String {
      errors.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.contains(": note: ") }.joined(separator: "\n")
    }

    /// The status and both streams, for test failure messages.
    public var description: String {
      "exit \(status)\n--- stdout ---\n\(text)\n--- stderr ---\n\(errors)"
    }
  }

  /// A small, fixed environment for the tools under test: `PATH` from the
  /// test process (with `extraPath` first), a UTF-8 locale and nothing
  /// else, so no `COLUMNS`, `NO_COLOR` or `GIT_*` variable of the machine
  /// changes the output.
  ///
  /// - Parameters:
  ///   - extraPath: a folder to put first on `PATH`.
  ///   - adding: more variables.
  /// - Returns: the environment.
  public static func environment(
    extraPath: String? = nil, adding: [String: String] = [:]
  ) -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    var environment = [
      "PATH": extraPath.map { $0 + ":" + inherited } ?? inherited,
      "LC_ALL": "C.UTF-8",
    ]
    environment.merge(adding) { _, added in added }
    return environment
  }

  /// Runs `executable` with `arguments` and waits for it.
  ///
  /// - Parameters:
  ///   - executable: the program's absolute path.
  ///   - arguments: its arguments.
  ///   - directory: the working folder (the test process's when `nil`).
  ///   - environment: the whole environment (`environment()` when `nil`).
  ///   - input: the bytes for standard input (`/dev/null` when `nil`).
  /// - Returns: what the program printed and its status.
  /// - Throws: when the program cannot be started or its output not read.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: String? = nil,
    environment: [String: String]? = nil, input: [UInt8]? = nil
  ) throws -> Outcome {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let outputPath = try scratch.write("stdout", "")
    let errorsPath = try scratch.write("stderr", "")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = environment ?? Self.environment()
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
    process.standardOutput = output
    process.standardError = errors
    if let input {
      let inputPath = scratch.file("stdin")
      try Data(input).write(to: URL(fileURLWithPath: inputPath))
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    let timedOut = waitOrKill(process)
    try output.close()
    try errors.close()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return Outcome(
      status: status, output: Array(try Data(contentsOf: URL(fileURLWithPath: outputPath))),
      errors: String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: errorsPath)), as: UTF8.self),
      signaled: process.terminationReason == .uncaughtSignal, timedOut: timedOut)
  }

  /// How long a run may take before the hang guard kills it: far more
  /// than any run under test needs, so a hang fails its test instead of
  /// the whole test run.
  public static let hangGuardSeconds = 120.0

  /// Waits for `process`, killing it when the hang guard runs out.
  ///
  /// - Returns: whether it had to be killed.
  public static func waitOrKill(_ process: Process) -> Bool {
    let killed = Mutex(false)
    let identifier = process.processIdentifier
    let guardTimer = DispatchWorkItem {
      killed.withLock { $0 = true }
      kill(identifier, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + hangGuardSeconds, execute: guardTimer)
    process.waitUntilExit()
    guardTimer.cancel()
    return killed.withLock { $0 }
  }

  /// Runs `script` with `/bin/sh -c` in `directory`.
  ///
  /// - Parameters:
  ///   - script: the shell command line.
  ///   - directory: the working folder.
  ///   - environment: the whole environment (`environment()` when `nil`).
  /// - Returns: what the shell printed and its status.
  /// - Throws: when the shell cannot be started.
  public static func shell(
    _ script: String, in directory: String? = nil, environment: [String: String]? = nil
  ) throws -> Outcome {
    try run("/bin/sh", ["-c", script], in: directory, environment: environment)
  }
}
