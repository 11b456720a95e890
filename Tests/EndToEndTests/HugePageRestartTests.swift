import Foundation
import TestSupport
import Testing

/// A large run in memory runs the program again with glibc's malloc asked
/// for transparent huge pages (`GLIBC_TUNABLES=glibc.malloc.hugetlb=1`),
/// and prints the same as without: coldiff and colpatch apply, inputs
/// from files and from standard input. Smaller runs, runs that name the
/// tunable, and runs under `--memory` start once. The program's starts
/// are counted by glibc's dynamic loader (`LD_DEBUG=statistics` prints
/// its statistics once a start); `COLDIFF_TEST_HUGE_PAGE_BYTES` makes
/// these small inputs large.
@Suite struct HugePageRestartTests {
  private static let old = "[\n{\"id\": 1, \"v\": \"a\"},\n{\"id\": 2, \"v\": \"b\"}\n]\n"
  private static let new = "[\n{\"id\": 2, \"v\": \"c\"},\n{\"id\": 3, \"v\": \"d\"}\n]\n"

  /// How many times the program started, and what it printed.
  private func run(
    _ tool: String, _ arguments: [String], adding variables: [String: String],
    input: [UInt8]? = nil
  ) throws -> (starts: Int, outcome: ToolProcess.Outcome) {
    let environment = ToolProcess.environment(
      adding: variables.merging(["LD_DEBUG": "statistics"]) { $1 })
    let outcome = try ToolProcess.run(
      Binaries.path(of: tool), arguments, environment: environment, input: input)
    let starts =
      outcome.errors.components(separatedBy: "total startup time in dynamic loader")
      .count - 1
    return (starts, outcome)
  }

  private let large = ["COLDIFF_TEST_HUGE_PAGE_BYTES": "1"]
  private let off = ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"]

  @Test func aLargeComparisonRestartsOnceAndPrintsTheSame() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.json", Self.old)
    let new = try folder.write("new.json", Self.new)
    for format in ["json", "patch", "text"] {
      let restarted = try run("coldiff", ["-f", format, old, new], adding: large)
      let once = try run("coldiff", ["-f", format, old, new], adding: large.merging(off) { $1 })
      #expect(restarted.starts == 2 && once.starts == 1, "\(format)")
      #expect(restarted.outcome.status == 1 && restarted.outcome.output == once.outcome.output)
      #expect(!restarted.outcome.output.isEmpty)
    }
    // NEW from standard input reaches the restarted program whole.
    let piped = try run("coldiff", [old, "-"], adding: large, input: Array(Self.new.utf8))
    let named = try run("coldiff", [old, new], adding: off)
    #expect(piped.starts == 2 && piped.outcome.output == named.outcome.output)
  }

  @Test func smallRunsAndBudgetedRunsStartOnce() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.json", Self.old)
    let new = try folder.write("new.json", Self.new)
    #expect(try run("coldiff", [old, new], adding: [:]).starts == 1)
    let budgeted = try run("coldiff", ["--memory", "64M", old, new], adding: large)
    #expect(budgeted.starts == 1 && budgeted.outcome.status == 1)
  }

  @Test func aLargeApplyRestartsOnceAndWritesTheSame() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.json", Self.old)
    let new = try folder.write("new.json", Self.new)
    let patch = try folder.write(
      "p.json", try run("coldiff", ["-f", "patch", old, new], adding: off).outcome.text)
    let restarted = try run("colpatch", ["apply", patch, old], adding: large)
    let once = try run("colpatch", ["apply", patch, old], adding: off)
    #expect(restarted.starts == 2 && once.starts == 1)
    #expect(restarted.outcome.status == 0 && restarted.outcome.output == once.outcome.output)
    #expect(
      try JSONSerialization.jsonObject(with: Data(restarted.outcome.output)) as? NSArray
        == (try JSONSerialization.jsonObject(with: Data(Self.new.utf8)) as? NSArray))
  }
}
