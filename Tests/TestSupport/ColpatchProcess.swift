import Foundation

/// What a finished tool printed and how it exited, for end-to-end tests
/// that check standard output, standard error and the exit status
/// together.
public struct ColpatchOutcome: Sendable, CustomStringConvertible {
  /// The exit status.
  public let status: Int32
  /// Everything written to standard output, as bytes.
  public let output: [UInt8]
  /// Everything written to standard error, as text.
  public let errors: String

  /// Standard output as text.
  public var text: String { String(decoding: output, as: UTF8.self) }

  /// The status and both streams, for failure messages.
  public var description: String {
    "exit \(status)\n--- stdout ---\n\(text)\n--- stderr ---\n\(errors)"
  }
}

/// Runs the built `coldiff` and `colpatch` with arguments and optional
/// standard input; the streams go through temporary files, so a tool that
/// writes much to both cannot block on a full pipe.
public enum ColpatchProcess {
  /// Runs the built tool `tool` (`"coldiff"` or `"colpatch"`).
  ///
  /// - Parameters:
  ///   - tool: the executable's name, found by ``Binaries/path(of:)``.
  ///   - arguments: its arguments.
  ///   - input: bytes for its standard input (`/dev/null` when `nil`).
  ///   - directory: its working folder, when not the test's.
  /// - Returns: its exit status and what it printed.
  /// - Throws: when the process cannot be started or its output read.
  public static func run(
    _ tool: String, _ arguments: [String], input: [UInt8]? = nil, in directory: String? = nil
  ) throws -> ColpatchOutcome {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("colpatch-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out")
    let errURL = scratch.appendingPathComponent("err")
    let inURL = scratch.appendingPathComponent("in")
    for url in [outURL, errURL] { FileManager.default.createFile(atPath: url.path, contents: nil) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binaries.path(of: tool))
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    defer {
      try? outHandle.close()
      try? errHandle.close()
    }
    process.standardOutput = outHandle
    process.standardError = errHandle
    if let input {
      try Data(input).write(to: inURL)
      process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    return ColpatchOutcome(
      status: process.terminationStatus, output: Array(try Data(contentsOf: outURL)),
      errors: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
