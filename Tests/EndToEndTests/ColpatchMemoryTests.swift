import Foundation
import TestSupport
import Testing

/// SPEC §8.3 `colpatch apply --memory`: the target stays on disk (its
/// pages let go behind every walk), and the result is the same bytes as
/// in memory, in every form, for diff documents and RFC 6902 patches;
/// conflicts are reported the same; a failed apply leaves the target as
/// it was; a budget too small names the smallest that works; a target
/// read from standard input is copied under `--temp-dir` and the copy
/// removed.
@Suite struct ColpatchMemoryTests {
  private static let seeds = 0..<3
  private static let budget = "4M"

  private func pairs(seed: Int, in directory: TemporaryDirectory) throws -> [DiffPair] {
    try DiffPair.everyFlatForm(
      seed: seed, nestedSeed: UInt64(seed) &* 5501 &+ 11, flatSeed: UInt64(seed) &* 2203 &+ 5,
      records: 1500, flatRecords: 2000, in: directory)
  }

  private func run(_ tool: String, _ arguments: [String], input: [UInt8]? = nil) throws
    -> ToolProcess.Outcome
  {
    try ToolProcess.run(Binaries.path(of: tool), arguments, input: input)
  }

  /// The diff document and the RFC 6902 patch of a pair, written beside it.
  private func patches(of pair: DiffPair, in directory: TemporaryDirectory) throws -> [String] {
    try ["json", "patch"].map { format in
      let made = try run("coldiff", pair.options + ["-f", format, pair.old, pair.new])
      #expect(made.status == 1, "\(pair.name) -f \(format): \(made.errors)")
      return try directory.write("\(pair.name).\(format).json", made.text)
    }
  }

  @Test func applyUnderABudgetWritesWhatApplyInMemoryWrites() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var compared = 0
    for seed in Self.seeds {
      for pair in try pairs(seed: seed, in: directory) {
        for patch in try patches(of: pair, in: directory) {
          let whole = try run("colpatch", ["apply", patch, pair.old])
          let bounded = try run("colpatch", ["apply", "--memory", Self.budget, patch, pair.old])
          #expect(whole.status == 0, "\(patch): \(whole.errors)")
          #expect(bounded.output == whole.output, "\(patch): \(bounded.errors)")
          #expect(bounded.errors == whole.errors, "\(patch)")
          #expect(bounded.status == whole.status, "\(patch)")
          // Into a file, atomically.
          let out = directory.file("out-\(compared)")
          let written = try run(
            "colpatch", ["apply", "--memory", Self.budget, patch, pair.old, "-o", out])
          #expect(written.status == 0, "\(patch) -o: \(written.errors)")
          #expect(Array(try Data(contentsOf: URL(fileURLWithPath: out))) == whole.output)
          compared += 1
        }
      }
    }
    #expect(compared == Self.seeds.count * 6 * 2)
  }

  /// A patch applied to the snapshot it made (already applied: every
  /// record operation conflicts) and to OLD: the same conflicts, hints
  /// and statuses, for `apply` and for `check`.
  @Test func conflictsAndGuardsAreReportedAsInMemory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var conflicting = 0
    for seed in Self.seeds {
      for pair in try pairs(seed: seed, in: directory) {
        for patch in try patches(of: pair, in: directory) {
          for target in [pair.new, pair.old] {
            for command in ["apply", "check"] {
              let whole = try run("colpatch", [command, patch, target])
              let bounded = try run(
                "colpatch", [command, "--memory", Self.budget, patch, target])
              #expect(bounded.output == whole.output, "\(command) \(patch) \(target)")
              #expect(bounded.errors == whole.errors, "\(command) \(patch) \(target)")
              #expect(bounded.status == whole.status, "\(command) \(patch) \(target)")
              if whole.status == 1 { conflicting += 1 }
            }
          }
        }
      }
    }
    #expect(conflicting >= Self.seeds.count * 6 * 2 * 2 / 2)
  }

  /// `-i` under a budget: a patch that does not apply leaves TARGET byte
  /// for byte as it was (exit 1); one that applies replaces it with the
  /// result in memory would write.
  @Test func aFailedApplyInPlaceLeavesTheTargetAsItWas() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for pair in try pairs(seed: 7, in: directory) {
      let patch = try patches(of: pair, in: directory)[1]
      let before = try Data(contentsOf: URL(fileURLWithPath: pair.new))
      let failed = try run("colpatch", ["apply", "--memory", Self.budget, "-i", patch, pair.new])
      #expect(failed.status == 1, "\(pair.name): \(failed.errors)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: pair.new)) == before, "\(pair.name)")
      let expected = try run("colpatch", ["apply", patch, pair.old])
      let applied = try run("colpatch", ["apply", "--memory", Self.budget, "-i", patch, pair.old])
      #expect(applied.status == 0, "\(pair.name): \(applied.errors)")
      #expect(Array(try Data(contentsOf: URL(fileURLWithPath: pair.old))) == expected.output)
    }
  }

  /// A budget below what the target's index and the patch need: exit 2,
  /// nothing written, the message names the smallest budget, and that
  /// budget works.
  @Test func aBudgetTooSmallNamesTheSmallestThatWorks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pair = try pairs(seed: 1, in: directory)[0]
    let patch = try patches(of: pair, in: directory)[0]
    let out = directory.file("out.json")
    let tooSmall = try run("colpatch", ["apply", "--memory", "64K", patch, pair.old, "-o", out])
    #expect(tooSmall.status == 2)
    #expect(!FileManager.default.fileExists(atPath: out))
    let prefix =
      "colpatch: --memory 64K is too small for this target and patch: the smallest budget "
      + "that works is "
    #expect(tooSmall.errors.hasPrefix(prefix), "\(tooSmall.errors)")
    let smallest = String(tooSmall.errors.dropFirst(prefix.count).dropLast())
    let works = try run("colpatch", ["apply", "--memory", smallest, patch, pair.old])
    let whole = try run("colpatch", ["apply", patch, pair.old])
    #expect(works.status == 0, "--memory \(smallest): \(works.errors)")
    #expect(works.output == whole.output)
    let check = try run("colpatch", ["check", "--memory", "64K", patch, pair.old])
    #expect(check.status == 2)
    #expect(check.errors.contains("the smallest budget that works is \(smallest)"))
    let invalid = try run("colpatch", ["apply", "--memory", "12Q", patch, pair.old])
    #expect(invalid.status == 2)
    #expect(invalid.errors.contains("invalid value '12Q' for '--memory'"), "\(invalid.errors)")
  }

  /// A target on standard input is copied into a spill folder under
  /// `--temp-dir` and that folder is gone when the run ends, whether the
  /// patch applied or not.
  @Test func standardInputIsCopiedUnderTheTemporaryDirectoryAndRemoved() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let spill = directory.file("spill")
    try FileManager.default.createDirectory(atPath: spill, withIntermediateDirectories: false)
    for pair in try pairs(seed: 2, in: directory) {
      for patch in try patches(of: pair, in: directory) {
        for target in [pair.old, pair.new] {
          let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: target)))
          let format =
            target.hasSuffix(".jsonl") ? "jsonl" : target.hasSuffix(".csv") ? "csv" : "json"
          let whole = try run("colpatch", ["apply", "--input", format, patch, "-"], input: bytes)
          let bounded = try run(
            "colpatch",
            ["apply", "--memory", Self.budget, "--temp-dir", spill, "--input", format, patch, "-"],
            input: bytes)
          #expect(bounded.output == whole.output, "\(patch) < \(target): \(bounded.errors)")
          #expect(bounded.errors == whole.errors, "\(patch) < \(target)")
          #expect(bounded.status == whole.status, "\(patch) < \(target)")
          #expect(try FileManager.default.contentsOfDirectory(atPath: spill).isEmpty)
        }
      }
    }
  }

  /// SIGTERM, SIGINT and SIGHUP while standard input is being copied (the
  /// pipe stays open, so the copy waits) leave no spill folder behind,
  /// and the signal still ends the process.
  @Test func theSpillFolderIsRemovedWhenTheRunIsKilled() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let patch = try directory.write("p.json", "[]")
    for signal in [SIGTERM, SIGINT, SIGHUP] {
      let spill = directory.file("spill-\(signal)")
      try FileManager.default.createDirectory(atPath: spill, withIntermediateDirectories: false)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binaries.path(of: "colpatch"))
      process.arguments = [
        "apply", "--memory", Self.budget, "--temp-dir", spill, "--input", "jsonl", patch, "-",
      ]
      let input = Pipe()
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      // The pipe holds the first record until the process reads it.
      input.fileHandleForWriting.write(Data("{\"id\": 1}\n".utf8))
      try SpillKill.expectCleanDeath(of: process, by: signal, spill: spill) {
        // The copy is made after the folder and the file are registered
        // for removal.
        try FileManager.default.contentsOfDirectory(atPath: spill).contains {
          FileManager.default.fileExists(atPath: spill + "/" + $0 + "/target")
        }
      }
      try? input.fileHandleForWriting.close()
    }
  }
}
