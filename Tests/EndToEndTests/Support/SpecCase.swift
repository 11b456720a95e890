import Foundation
import TestSupport
import Testing

/// One case of `Cases/`: a folder with `old.*`, `new.*`, `args` (one
/// argument a line; `OLD` and `NEW` stand for the two files),
/// `expected.stdout`, optional `expected.stderr` (empty when absent),
/// `status`, and optionally `stdin` (the bytes for standard input),
/// `env` (`NAME=value` lines added to the environment) and `tool` (the
/// tool to run, `coldiff` when absent; `colpatch` for its cases).
struct SpecCase: Sendable, CustomTestStringConvertible {
  /// The folder's name.
  let name: String
  /// The folder.
  let folder: URL

  var testDescription: String { name }

  /// The folder holding the cases, next to this source file's folder.
  static let casesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Cases")

  /// Every case, sorted by name.
  static let all: [SpecCase] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: casesFolder.path)) ?? []
    return names.sorted().map { SpecCase(name: $0, folder: casesFolder.appendingPathComponent($0)) }
  }()

  /// The files that describe the case rather than being its inputs.
  private static let metaFiles: Set<String> = [
    "args", "expected.stdout", "expected.stderr", "status", "stdin", "env", "tool",
  ]

  /// The tool the case runs: the first line of `tool`, else `coldiff`.
  var tool: String {
    guard let text = bytes("tool") else { return "coldiff" }
    return String(decoding: text, as: UTF8.self).split(separator: "\n").first.map(String.init)
      ?? "coldiff"
  }

  /// The case's input files (`old.*`, `new.*` and any other data file).
  var inputFiles: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !Self.metaFiles.contains($0) }.sorted()
  }

  /// The name of the `old.*` file, if any.
  var oldFile: String? { inputFiles.first { $0.hasPrefix("old.") } }

  /// The name of the `new.*` file, if any.
  var newFile: String? { inputFiles.first { $0.hasPrefix("new.") } }

  /// The arguments as written in `args`, `OLD` and `NEW` not yet replaced.
  var rawArguments: [String] {
    guard let text = try? String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8)
    else { return [] }
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The arguments with `OLD` and `NEW` replaced by the files' names.
  var arguments: [String] {
    rawArguments.map { argument in
      switch argument {
      case "OLD": oldFile ?? argument
      case "NEW": newFile ?? argument
      default: argument
      }
    }
  }

  /// The bytes of `name` in the case's folder, `nil` when it is absent.
  func bytes(_ name: String) -> [UInt8]? {
    (try? Data(contentsOf: folder.appendingPathComponent(name))).map { Array($0) }
  }

  /// The extra environment from `env`.
  var environment: [String: String] {
    guard let text = bytes("env") else { return [:] }
    var result: [String: String] = [:]
    for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      result[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return result
  }

  /// The expected exit status, `nil` for a new case not yet generated.
  var expectedStatus: Int32? {
    bytes("status").flatMap {
      Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Copies the input files into `directory`, runs the case's tool there
  /// with the case's arguments, standard input and environment.
  ///
  /// - Parameters:
  ///   - directory: a fresh folder to run in.
  ///   - arguments: the arguments (the case's own when `nil`).
  /// - Returns: what the tool printed and its status.
  /// - Throws: when a file cannot be copied or the tool not started.
  func run(in directory: TemporaryDirectory, arguments: [String]? = nil) throws
    -> ToolProcess.Outcome
  {
    for file in inputFiles where !FileManager.default.fileExists(atPath: directory.file(file)) {
      try FileManager.default.copyItem(
        atPath: folder.appendingPathComponent(file).path, toPath: directory.file(file))
    }
    return try ToolProcess.run(
      Binaries.path(of: tool), arguments ?? self.arguments, in: directory.path,
      environment: ToolProcess.environment(adding: environment), input: bytes("stdin"))
  }

  /// Writes `outcome` as the case's expected output (the regeneration
  /// switch); an empty standard error leaves no `expected.stderr`.
  func record(_ outcome: ToolProcess.Outcome) throws {
    try Data(outcome.output).write(to: folder.appendingPathComponent("expected.stdout"))
    let errorsFile = folder.appendingPathComponent("expected.stderr")
    if outcome.errors.isEmpty {
      try? FileManager.default.removeItem(at: errorsFile)
    } else {
      try Data(outcome.errors.utf8).write(to: errorsFile)
    }
    try Data("\(outcome.status)\n".utf8).write(to: folder.appendingPathComponent("status"))
  }
}
