import Foundation
import TestSupport
import Testing

/// A run large enough starts itself again with glibc's malloc on huge
/// pages (`COLDIFF_TEST_HUGE_PAGE_INPUT` lowers "large enough" to a few
/// bytes): the same output and status as a run that does not, reading
/// standard input as it was; the process started again holds the tunable,
/// and a user's own `GLIBC_TUNABLES` is left alone.
@Suite struct HugePageMallocRunTests {
  private static let records = (0..<50).map { "{\"id\": \($0), \"name\": \"n\($0)\"}\n" }

  private func environment(_ added: [String: String]) -> [String: String] {
    ToolProcess.environment(adding: added)
  }

  @Test func aRunStartedAgainPrintsWhatARunThatIsNotDoes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try directory.write("old.jsonl", Self.records.joined())
    let newText = Self.records.reversed().joined().replacingOccurrences(of: "n7", with: "m7")
    let new = try directory.write("new.jsonl", newText)
    let coldiff = Binaries.path(of: "coldiff")
    let again = environment(["COLDIFF_TEST_HUGE_PAGE_INPUT": "1"])
    let notAgain = environment(["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
    for arguments in [["-f", "json", old, new], ["-f", "patch", old, new], ["-q", old, old]] {
      let started = try ToolProcess.run(coldiff, arguments, environment: again)
      let plain = try ToolProcess.run(coldiff, arguments, environment: notAgain)
      #expect(started == plain, "\(arguments)")
      #expect(started.status == (arguments[0] == "-q" ? 0 : 1), "\(started)")
    }
    // Standard input is read by the process started again.
    let fromInput = try ToolProcess.run(
      coldiff, ["-f", "json", old, "-"], environment: again, input: Array(newText.utf8))
    let fromFile = try ToolProcess.run(coldiff, ["-f", "json", old, new], environment: notAgain)
    #expect(fromInput.status == 1)
    #expect(fromInput.output == fromFile.output)
    // colpatch too: its patch applied gives NEW.
    let patch = try directory.write(
      "p.json",
      try ToolProcess.run(
        coldiff, ["-f", "patch", old, new], environment: notAgain
      ).text)
    let applied = directory.file("applied.jsonl")
    let apply = try ToolProcess.run(
      Binaries.path(of: "colpatch"), ["apply", patch, old, "-o", applied], environment: again)
    #expect(apply.status == 0, "\(apply)")
    #expect(try String(contentsOfFile: applied, encoding: .utf8) == newText)
  }

  @Test(arguments: [nil, "glibc.malloc.arena_max=8"])
  func theProcessStartedAgainHoldsTheTunableUnlessTheUserSetsTunables(user: String?) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try directory.write("old.jsonl", Self.records.joined())
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binaries.path(of: "coldiff"))
    process.arguments = ["-f", "json", old, "-"]
    process.environment = environment(
      ["COLDIFF_TEST_HUGE_PAGE_INPUT": "1"].merging(user.map { ["GLIBC_TUNABLES": $0] } ?? [:]) {
        $1
      })
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Once it waits for standard input (`read` of descriptor 0), it has
    // been started again or never will be.
    let proc = "/proc/\(process.processIdentifier)/"
    for _ in 0..<1_000 {
      let call = (try? String(contentsOfFile: proc + "syscall", encoding: .utf8)) ?? ""
      if call.hasPrefix("0 0x0 ") { break }
      usleep(5_000)
    }
    let environ = try Data(contentsOf: URL(fileURLWithPath: proc + "environ"))
    let variables = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    try input.fileHandleForWriting.write(contentsOf: Data(Self.records.joined().utf8))
    try input.fileHandleForWriting.close()
    _ = ToolProcess.waitOrKill(process)
    #expect(process.terminationStatus == 0)
    if let user {
      #expect(variables.contains("GLIBC_TUNABLES=" + user), "\(variables)")
      #expect(!variables.contains { $0.hasPrefix("COLDIFF_HUGE_PAGE_MALLOC=") }, "\(variables)")
    } else {
      #expect(variables.contains("GLIBC_TUNABLES=glibc.malloc.hugetlb=1"), "\(variables)")
      #expect(variables.contains("COLDIFF_HUGE_PAGE_MALLOC=1"), "\(variables)")
    }
  }
}
