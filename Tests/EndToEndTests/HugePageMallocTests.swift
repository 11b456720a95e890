import Foundation
import TestSupport
import Testing

/// Large inputs: coldiff and colpatch run their command line again with
/// glibc's malloc asked for huge pages (`GLIBC_TUNABLES`), once, only
/// where the system uses huge pages on advice, keeping a caller's
/// tunables, and print the same bytes. The runs are traced with
/// `strace`; `COLDIFF_TEST_HUGE_PAGES_FROM` makes the examples large.
@Suite struct HugePageMallocTests {
  private static let examples = ProjectPaths.packageRoot.appendingPathComponent("examples").path
  private let old = "\(examples)/users-old.csv"
  private let new = "\(examples)/users-new.csv"

  /// Whether this system uses transparent huge pages on advice, as the
  /// tools check before running again.
  private static let onAdvice =
    (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8))?
    .contains("[madvise]") == true

  /// What a traced run printed, and the environments of the programs it
  /// ran again (`/proc/self/exe`).
  private struct Traced {
    let outcome: ToolProcess.Outcome
    let runsAgain: [[String]]
  }

  private func traced(
    _ tool: String, _ arguments: [String], adding: [String: String], input: [UInt8]? = nil
  ) throws -> Traced {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = directory.file("trace")
    let outcome = try ToolProcess.run(
      "/usr/bin/strace",
      ["-f", "-qq", "-v", "-s", "4096", "-e", "trace=execve", "-o", trace, Binaries.path(of: tool)]
        + arguments,
      environment: ToolProcess.environment(adding: adding), input: input)
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    let runsAgain = lines.filter { $0.contains("execve(\"/proc/self/exe\"") }.map { line in
      // The environment is the call's last list: ["NAME=value", ...].
      guard let start = line.range(of: "], [\"", options: .backwards),
        let end = line.range(of: "\"]", options: .backwards), start.upperBound <= end.lowerBound
      else { return [String]() }
      return line[start.upperBound..<end.lowerBound].components(separatedBy: "\", \"")
    }
    return Traced(outcome: outcome, runsAgain: runsAgain)
  }

  @Test func aLargeRunIsRunAgainOnceWithHugePagesAndPrintsTheSame() throws {
    let plain = try traced("coldiff", ["-f", "json", old, new], adding: [:])
    #expect(plain.runsAgain.isEmpty, "inputs under 64 MiB are not run again")
    let large = try traced(
      "coldiff", ["-f", "json", old, new], adding: ["COLDIFF_TEST_HUGE_PAGES_FROM": "1"])
    #expect(large.outcome == plain.outcome)
    #expect(plain.outcome.status == 1)
    guard Self.onAdvice else {
      #expect(large.runsAgain.isEmpty, "huge pages are not used on advice here")
      return
    }
    #expect(large.runsAgain.count == 1)
    let environment = large.runsAgain.first ?? []
    #expect(environment.contains("GLIBC_TUNABLES=glibc.malloc.hugetlb=1"), "\(environment)")
    #expect(environment.contains("COLDIFF_CALLERS_GLIBC_TUNABLES="), "\(environment)")
  }

  @Test func theCallersTunablesAreKept() throws {
    guard Self.onAdvice else { return }
    let run = try traced(
      "coldiff", [old, new],
      adding: ["COLDIFF_TEST_HUGE_PAGES_FROM": "1", "GLIBC_TUNABLES": "glibc.malloc.perturb=0"])
    #expect(run.outcome.status == 1)
    let environment = run.runsAgain.first ?? []
    #expect(
      environment.contains("GLIBC_TUNABLES=glibc.malloc.perturb=0:glibc.malloc.hugetlb=1"),
      "\(environment)")
    #expect(
      environment.contains("COLDIFF_CALLERS_GLIBC_TUNABLES==glibc.malloc.perturb=0"),
      "\(environment)")
  }

  @Test func aCallerWhoSetTheTunableOrStandardInputIsNotRunAgain() throws {
    let set = try traced(
      "coldiff", [old, new],
      adding: [
        "COLDIFF_TEST_HUGE_PAGES_FROM": "1", "GLIBC_TUNABLES": "glibc.malloc.hugetlb=0",
      ])
    #expect(set.outcome.status == 1)
    #expect(set.runsAgain.isEmpty)
    let newBytes = Array(try Data(contentsOf: URL(fileURLWithPath: new)))
    let piped = try traced(
      "coldiff", ["--input", "csv", old, "-"], adding: ["COLDIFF_TEST_HUGE_PAGES_FROM": "1"],
      input: newBytes)
    #expect(piped.outcome.status == 1)
    #expect(piped.runsAgain.isEmpty)
  }

  @Test func colpatchApplyAndCheckAreRunAgainAndWriteTheSame() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let made = try ToolProcess.run(Binaries.path(of: "coldiff"), ["-f", "patch", old, new])
    let patch = try directory.write(
      "users.patch.json", String(decoding: made.output, as: UTF8.self))
    let large = ["COLDIFF_TEST_HUGE_PAGES_FROM": "1"]
    let applied = try traced("colpatch", ["apply", patch, old], adding: large)
    #expect(applied.outcome.status == 0)
    #expect(applied.outcome.output == Array(try Data(contentsOf: URL(fileURLWithPath: new))))
    let checked = try traced("colpatch", ["check", patch, old], adding: large)
    #expect(checked.outcome.status == 0)
    #expect(applied.runsAgain.count == (Self.onAdvice ? 1 : 0))
    #expect(checked.runsAgain.count == (Self.onAdvice ? 1 : 0))
  }
}
