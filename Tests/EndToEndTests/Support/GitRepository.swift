import Foundation
import TestSupport

/// A throwaway git repository for the tests of SPEC §4.4: its own HOME,
/// no system configuration, a fixed identity, and the built tools' folder
/// first on PATH so git finds `coldiff` by name.
struct GitRepository {
  /// The folder holding `home/` and `repo/`.
  let scratch: TemporaryDirectory
  /// The work tree.
  let path: String
  /// The environment git runs with.
  let environment: [String: String]

  /// The `git` on PATH, `nil` when git is not installed.
  static let git: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/git" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// Creates an empty repository on branch `main` with a fixed identity.
  init() throws {
    scratch = try TemporaryDirectory()
    path = scratch.file("repo")
    try FileManager.default.createDirectory(
      atPath: scratch.file("home"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let tools = (Binaries.path(of: "coldiff") as NSString).deletingLastPathComponent
    environment = ToolProcess.environment(
      extraPath: tools,
      adding: [
        "HOME": scratch.file("home"), "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_DATE": "2024-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2024-01-01T00:00:00Z",
      ])
    try run("init", "-q", "-b", "main")
    try run("config", "user.name", "Coldiff Tests")
    try run("config", "user.email", "tests@coldiff.invalid")
  }

  /// Runs git in the work tree.
  @discardableResult
  func git(_ arguments: String...) throws -> ToolProcess.Outcome {
    try git(arguments)
  }

  /// Runs git in the work tree with an argument list.
  @discardableResult
  func git(_ arguments: [String]) throws -> ToolProcess.Outcome {
    try ToolProcess.run(
      try gitPath(), arguments, in: path, environment: environment)
  }

  /// Runs git and throws unless it exits 0.
  func run(_ arguments: String...) throws {
    let outcome = try ToolProcess.run(try gitPath(), arguments, in: path, environment: environment)
    guard outcome.status == 0 else {
      throw GitFailure(message: "git \(arguments.joined(separator: " ")): \(outcome.errors)")
    }
  }

  /// Runs `coldiff` in the work tree with git's environment.
  func coldiff(_ arguments: [String], adding: [String: String] = [:]) throws
    -> ToolProcess.Outcome
  {
    try ToolProcess.run(
      Binaries.path(of: "coldiff"), arguments, in: path,
      environment: environment.merging(adding) { _, added in added })
  }

  /// Writes `text` to `name` in the work tree.
  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
  }

  /// Removes the scratch folder.
  func remove() { scratch.remove() }

  private func gitPath() throws -> String {
    guard let git = Self.git else { throw GitFailure(message: "git is not installed") }
    return git
  }

  /// A git command failed.
  struct GitFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }
}
