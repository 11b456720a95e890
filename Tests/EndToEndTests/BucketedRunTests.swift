import Foundation
import TestSupport
import Testing

/// SPEC §8.3 `--memory`: a run bucket by bucket (small budgets force many
/// buckets and windows) prints exactly what the run in memory prints, in
/// every form and format; its spill files go when it ends, also when it
/// is killed; a full temporary disk and a budget too small are errors.
@Suite struct BucketedRunTests {
  private static let seeds = 0..<3
  private static let formats = ["text", "json", "patch", "stat", "markdown", "html"]

  private func pairs(seed: Int, in directory: TemporaryDirectory) throws -> [DiffPair] {
    var pairs = try DiffPair.everyFlatForm(
      seed: seed, nestedSeed: UInt64(seed) &* 4409 &+ 3, flatSeed: UInt64(seed) &* 3301 &+ 7,
      records: 1500, flatRecords: 2000,
      in: directory)
    var values = SeededGenerator(seed: UInt64(seed) &+ 77)
    let valueLines = { (count: Int) in
      (0..<count).map { _ in "{\"v\": \(Int.random(in: 1...400, using: &values))}\n" }.joined()
    }
    pairs.append(
      try DiffPair.write(
        "values", seed: seed, valueLines(3000), valueLines(3000), "jsonl", in: directory))
    return pairs
  }

  /// Records written as `NAME.FORM` in `directory`, a JSON array or JSON
  /// Lines, and the file's path.
  private static func write(
    _ name: String, _ records: [String], form: String, in directory: TemporaryDirectory
  ) throws -> String {
    try directory.write(
      "\(name).\(form)",
      form == "json"
        ? "[\n" + records.joined(separator: ",\n") + "\n]\n"
        : records.map { $0 + "\n" }.joined())
  }

  private func coldiff(
    _ arguments: [String], environment: [String: String]? = nil, input: [UInt8]? = nil
  ) throws -> ToolProcess.Outcome {
    try ToolProcess.run(
      Binaries.path(of: "coldiff"), arguments, environment: environment, input: input)
  }

  @Test func bucketedRunsPrintWhatRunsInMemoryPrintInEveryFormAndFormat() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var differing = 0
    for seed in Self.seeds {
      for pair in try pairs(seed: seed, in: directory) {
        for format in Self.formats {
          let whole = try coldiff(pair.options + ["-f", format, pair.old, pair.new])
          let bucketed = try coldiff(
            pair.options + ["--memory", "64K", "-f", format, pair.old, pair.new])
          #expect(whole.errors.isEmpty, "\(pair.name) \(format): \(whole.errors)")
          #expect(bucketed.output == whole.output, "\(pair.name) -f \(format): \(bucketed.errors)")
          #expect(bucketed.errors == whole.errors, "\(pair.name) -f \(format)")
          #expect(bucketed.status == whole.status, "\(pair.name) -f \(format)")
          if whole.status == 1 { differing += 1 }
        }
        // OLD from standard input, spooled.
        let piped = try coldiff(
          pair.options + [
            "--memory", "64K", "-f", "json", "--input", inputFormat(pair.old), "-",
            pair.new,
          ],
          input: Array(try Data(contentsOf: URL(fileURLWithPath: pair.old))))
        let whole = try coldiff(pair.options + ["-f", "json", pair.old, pair.new])
        #expect(piped.output == whole.output, "\(pair.name) from stdin: \(piped.errors)")
      }
    }
    #expect(differing > Self.seeds.count * Self.formats.count * 5)
  }

  /// Records printed over several lines, their nested elements at the
  /// collection's indentation, so that where the layout says an element
  /// starts is often inside a record (the window is then cut again by
  /// walking): the same output as in memory.
  @Test func recordsOverSeveralLinesPrintWhatRunsInMemoryPrint() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    func record(_ id: Int, _ version: Int) -> String {
      "{\"id\": \(id), \"tags\": [\n\"a,\",\n{\"x\": \(id * version % 7)}\n], \"s\": \"\\\",\"}"
    }
    func array(_ version: Int) -> String {
      "[\n" + (0..<1500).map { record($0, $0 % 3 == 0 ? version : 1) }.joined(separator: ",\n")
        + "\n]\n"
    }
    let old = try directory.write("old.json", array(1))
    let new = try directory.write("new.json", array(2))
    let whole = try coldiff(["-f", "json", old, new])
    let bucketed = try coldiff(["--memory", "64K", "-f", "json", old, new])
    #expect(whole.status == 1, "\(whole.errors)")
    #expect(bucketed.output == whole.output, "\(bucketed.errors)")
    #expect(bucketed.status == whole.status)
  }

  private func inputFormat(_ path: String) -> String {
    path.hasSuffix(".jsonl") ? "jsonl" : path.hasSuffix(".csv") ? "csv" : "json"
  }

  /// Records with `id` but one late record: the default key does not
  /// hold, and whole records are matched, as in memory (without the
  /// in-memory run's hint of a field that would do as a key: finding one
  /// needs every record at once).
  @Test func aLateRecordWithoutIdMakesWholeValuesTheIdentity() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let records = (0..<2000).map { "{\"id\": \($0), \"name\": \"record \($0)\"}\n" }
    var changed = records
    changed[1900] = "{\"name\": \"no id\"}\n"
    changed.swapAt(10, 1500)
    let old = try directory.write("old.jsonl", records.joined())
    let new = try directory.write("new.jsonl", changed.joined())
    for format in ["json", "text"] {
      let whole = try coldiff(["-f", format, old, new])
      let bucketed = try coldiff(["--memory", "64K", "-f", format, old, new])
      #expect(whole.status == 1)
      #expect(bucketed.output == whole.output, "\(bucketed.errors)")
      #expect(whole.errors.contains("note: no \"id\" field"))
      #expect(bucketed.errors.isEmpty)
    }
  }

  /// Malformed input, a duplicate and a missing key far into the inputs:
  /// the same message, at the same line, column and record number.
  @Test func errorsNameTheSamePlacesAsInMemory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let records = (0..<3000).map { "  {\"id\": \($0), \"name\": \"record \($0)\"}" }
    func array(_ records: [String]) -> String { "[\n" + records.joined(separator: ",\n") + "\n]\n" }
    let new = try directory.write("new.json", array(records))
    var malformed = records
    malformed[2800] = "  {\"id\": 2800, \"name\": tru}"
    var duplicate = records
    duplicate[2900] = records[1200]
    var missing = records
    missing[2950] = "  {\"name\": \"no key\"}"
    for (name, old, options) in [
      ("malformed", malformed, [String]()), ("duplicate", duplicate, []),
      ("missing", missing, ["--key", "id"]),
    ] {
      let path = try directory.write("\(name).json", array(old))
      let whole = try coldiff(options + [path, new])
      let bucketed = try coldiff(options + ["--memory", "64K", path, new])
      #expect(whole.status == 2 && bucketed.status == 2, "\(name)")
      #expect(bucketed.errors == whole.errors, "\(name)")
      #expect(bucketed.output.isEmpty)
    }
  }

  /// Errors in both inputs, past their first windows and at seeded
  /// places (NEW's windows are read with OLD's as their reference, and
  /// the records the two share are spilled without their texts): OLD's
  /// error is the one reported, as in memory when NEW has none, unless it
  /// is a duplicate key, found once both are spilled: NEW's error then;
  /// a duplicate of a record NEW shares (read back from the input) is
  /// named as in memory.
  @Test(arguments: ["json", "jsonl"])
  func oldsErrorGoesBeforeNewsWhereverTheyAre(form: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let records = (0..<3000).map { "{\"id\": \($0), \"name\": \"record \($0)\"}" }
    let write = { try Self.write($0, $1, form: form, in: directory) }
    let damages: [(String, (inout [String], Int) -> Void)] = [
      ("malformed", { $0[$1] = "{\"id\": \($1), \"name\": tru}" }),
      ("missing key", { $0[$1] = "{\"name\": \"no key\"}" }),
      ("duplicate", { $0[$1] = $0[$1 / 3] }),
    ]
    var random = SeededGenerator(seed: form == "json" ? 11 : 12)
    let clean = try write("clean", records)
    let newDamages = damages.filter { $0.0 != "duplicate" } + [("none", { _, _ in })]
    for (oldDamage, damageOld) in damages {
      for (newDamage, damageNew) in newDamages {
        var old = records
        var new = records
        damageOld(&old, Int.random(in: 300..<3000, using: &random))
        damageNew(&new, Int.random(in: 300..<3000, using: &random))
        let (oldPath, newPath) = (try write("old", old), try write("new", new))
        let options = ["--key", "id"]
        let both = try coldiff(options + ["--memory", "64K", oldPath, newPath])
        let named = "\(oldDamage) OLD, \(newDamage) NEW"
        // A duplicate is found once both inputs are spilled.
        let first =
          oldDamage == "duplicate" && newDamage != "none"
          ? try coldiff(options + [clean, newPath]) : try coldiff(options + [oldPath, clean])
        #expect(both.status == 2 && first.status == 2, "\(named)")
        #expect(both.errors == first.errors, "\(named)")
        #expect(both.output.isEmpty, "\(named)")
      }
    }
  }

  /// A key NEW holds twice where one of its records has the same bytes
  /// as OLD's (a pair, spilled once, in OLD's file, NEW's file leaving it
  /// out), the other a copy of it, a changed record or one earlier in
  /// NEW: the error a run in memory gives.
  @Test(arguments: ["json", "jsonl"])
  func aDuplicateOfARecordNewSharesIsTheErrorInMemory(form: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let records = (0..<3000).map { "{\"id\": \($0), \"name\": \"record \($0)\"}" }
    let write = { try Self.write($0, $1, form: form, in: directory) }
    let old = try write("old", records)
    let duplicates: [(String, (inout [String]) -> Void)] = [
      ("a copy later", { $0[2500] = $0[700] }),
      ("a changed record later", { $0[2600] = "{\"id\": 900, \"name\": \"other\"}" }),
      ("a copy earlier", { $0[100] = $0[2800] }),
      ("a copy next to it", { $0[1501] = $0[1500] }),
    ]
    for (name, damage) in duplicates {
      var new = records
      damage(&new)
      let newPath = try write("new", new)
      for options in [["--key", "id"], []] {
        let whole = try coldiff(options + [old, newPath])
        let bucketed = try coldiff(options + ["--memory", "64K", old, newPath])
        #expect(whole.status == 2 && bucketed.status == 2, "\(name) \(options)")
        #expect(bucketed.errors == whole.errors, "\(name) \(options)")
        #expect(bucketed.output.isEmpty, "\(name) \(options)")
      }
    }
  }

  /// A temporary disk that fills up (the spill files' writes fail with
  /// ENOSPC after a few bytes): a clear error, exit 2, nothing on standard
  /// output, no spill file left.
  @Test func aFullTemporaryDiskIsAnErrorAndPrintsNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pair = try pairs(seed: 1, in: directory)[0]
    let spill = directory.file("spill")
    try FileManager.default.createDirectory(atPath: spill, withIntermediateDirectories: false)
    var environment = ToolProcess.environment()
    environment["COLDIFF_TEST_SPILL_LIMIT"] = "5000"
    let outcome = try coldiff(
      ["--memory", "64K", "--temp-dir", spill, pair.old, pair.new], environment: environment)
    #expect(outcome.status == 2)
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.errors.contains("cannot write the spill files in \(spill)/coldiff-")
        && outcome.errors.contains("No space left on device"), "\(outcome.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: spill).isEmpty)
  }

  /// SIGTERM, SIGINT and SIGHUP in the middle of a run leave no spill
  /// folder behind, and the signal still ends the process.
  @Test func spillFilesAreRemovedWhenTheRunIsKilled() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let line = { (key: Int) in
      "{\"id\": \(key), \"name\": \"\(String(repeating: "x", count: 80))\"}\n"
    }
    let old = try directory.write("old.jsonl", (0..<300_000).map(line).joined())
    let new = try directory.write("new.jsonl", (0..<300_000).reversed().map(line).joined())
    for signal in [SIGTERM, SIGINT, SIGHUP] {
      let spill = directory.file("spill-\(signal)")
      try FileManager.default.createDirectory(atPath: spill, withIntermediateDirectories: false)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binaries.path(of: "coldiff"))
      process.arguments = ["--memory", "4M", "--temp-dir", spill, "-f", "json", old, new]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      // Bucket files are there: the run spills.
      try SpillKill.expectCleanDeath(of: process, by: signal, spill: spill) {
        try FileManager.default.contentsOfDirectory(atPath: spill).contains {
          try FileManager.default.contentsOfDirectory(atPath: spill + "/" + $0).count > 4
        }
      }
    }
  }

  /// A budget below the smallest, or too small for the largest record,
  /// is an error naming the smallest budget that works, and that budget
  /// works.
  @Test func aBudgetTooSmallNamesTheSmallestThatWorks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let big = String(repeating: "y", count: 40_000)
    let records = (0..<40).map { "{\"id\": \($0), \"text\": \"\($0 == 20 ? big : "short")\"}\n" }
    let old = try directory.write("old.jsonl", records.joined())
    let new = try directory.write("new.jsonl", records.reversed().joined())
    let below = try coldiff(["--memory", "10K", old, new])
    #expect(below.status == 2)
    #expect(
      below.errors
        == "coldiff: --memory 10K is too small for these inputs: the smallest budget that "
        + "works is 64K\n")
    let tooSmall = try coldiff(["--memory", "64K", "-f", "json", old, new])
    #expect(tooSmall.status == 2)
    #expect(tooSmall.output.isEmpty)
    let prefix =
      "coldiff: --memory 64K is too small for these inputs: the smallest budget that works is "
    #expect(tooSmall.errors.hasPrefix(prefix), "\(tooSmall.errors)")
    let smallest = String(tooSmall.errors.dropFirst(prefix.count).dropLast())
    let works = try coldiff(["--memory", smallest, "-f", "json", old, new])
    let whole = try coldiff(["-f", "json", old, new])
    #expect(works.status == 1, "--memory \(smallest): \(works.errors)")
    #expect(works.output == whole.output)
  }

  @Test func memoryUsageErrors() throws {
    let cases: [([String], String)] = [
      (["--memory", "12Q", "a", "b"], "invalid value '12Q' for '--memory'"),
      (["--memory", "", "a", "b"], "'--memory'"),
      (
        ["--memory", "1M", "--tree", "children", "a", "b"],
        "'--memory' does not combine with '--tree'"
      ),
      (["--memory", "1M", "--shard", "0/2", "-f", "json", "a", "b"], "with '--shard'"),
      (["--memory", "1M", "--array-key", "lines=sku", "a", "b"], "with '--array-key'"),
    ]
    for (arguments, message) in cases {
      let outcome = try coldiff(arguments)
      #expect(outcome.status == 2, "\(arguments)")
      #expect(outcome.errors.contains(message), "\(arguments): \(outcome.errors)")
    }
  }
}

/// The progress line of a bucketed run: on a terminal (a pseudo-terminal
/// made by util-linux's `script`) once the run takes more than a second,
/// bytes read and then buckets compared, erased at the end; never when
/// standard error is not a terminal.
@Suite struct BucketedProgressTests {
  @Test(.enabled(if: TerminalTests.hasScript))
  func progressShowsOnATerminalOnly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let line = { (key: Int) in
      "{\"id\": \(key), \"name\": \"\(String(repeating: "x", count: 80))\"}\n"
    }
    try directory.write("old.jsonl", (0..<150_000).map(line).joined())
    try directory.write("new.jsonl", (0..<150_000).reversed().map(line).joined())
    let coldiff = Binaries.path(of: "coldiff")
    let command =
      "'\(coldiff)' --memory 4M -f stat old.jsonl new.jsonl > out.txt; echo \"status $?\""
    let shown = try ToolProcess.run(
      "/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"], in: directory.path,
      environment: ToolProcess.environment(adding: ["TERM": "dumb"]))
    #expect(shown.text.contains("coldiff: reading: "), "\(shown.text)")
    #expect(shown.text.contains("coldiff: comparing buckets: "), "\(shown.text)")
    #expect(shown.text.hasSuffix("\r\u{1B}[K" + "status 1\r\n"), "\(shown.text)")
    #expect(try directory.read("out.txt") == "0 inserted, 0 deleted, 0 updated, 149999 moved\n")
    let piped = try ToolProcess.run(
      coldiff, ["--memory", "4M", "-f", "stat", "old.jsonl", "new.jsonl"], in: directory.path)
    #expect(piped.errors.isEmpty)
    #expect(piped.status == 1)
  }
}
