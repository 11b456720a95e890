import Foundation
import TestSupport
import Testing

/// The round-trip commands as the README and colpatch(1) print them
/// (SPEC §5: `;`, not `&&`, after coldiff, which exits 1 on differences)
/// run in a shell with the built tools on real files: each prints NEW,
/// NEW and OLD.
@Suite struct DocumentedRoundTripTests {
  private static let old = "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 2, \"v\": 2}\n]\n"
  private static let new = "[\n  {\"id\": 2, \"v\": 3},\n  {\"id\": 3, \"v\": 4}\n]\n"

  /// The three command lines of `text` that hold `p.json > r.json`,
  /// `> p.json` or `> d.json`, without a trailing `# …` comment.
  private static func commands(in text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter {
      ($0.hasPrefix("coldiff -f") || $0.hasPrefix("colpatch reverse")) && $0.contains("apply")
    }.map { line in
      let command = line.split(separator: "#", maxSplits: 1)[0]
      return command.trimmingCharacters(in: .whitespaces)
    }
  }

  private func check(_ commands: [String], from source: String) throws {
    #expect(commands.count == 3, "\(source): \(commands)")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = try folder.write("OLD", Self.old)
    _ = try folder.write("NEW", Self.new)
    let tools = URL(fileURLWithPath: Binaries.path(of: "coldiff")).deletingLastPathComponent()
    let environment = ToolProcess.environment(extraPath: tools.path)
    for (command, expected) in zip(commands, [Self.new, Self.new, Self.old]) {
      let outcome = try ToolProcess.shell(command, in: folder.path, environment: environment)
      #expect(outcome.text == expected, "\(source): \(command)\n\(outcome)")
      #expect(outcome.status == 0, "\(source): \(command)\n\(outcome)")
    }
  }

  @Test func readmeRoundTripRuns() throws {
    let readme = try String(
      contentsOf: ProjectPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    try check(Self.commands(in: readme), from: "README.md")
  }

  @Test func colpatchManualRoundTripRuns() throws {
    let manual = try String(
      contentsOf: ProjectPaths.packageRoot.appendingPathComponent("man/colpatch.1"),
      encoding: .utf8
    ).replacingOccurrences(of: "\\-", with: "-")
    try check(Self.commands(in: manual), from: "man/colpatch.1")
  }
}
