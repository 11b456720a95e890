import Foundation
import TestSupport
import Testing

/// Seeded random collections (keyed records with nested objects, arrays
/// and numbers spelled several ways; random inserts, deletes, updates
/// and moves) written as a JSON array, JSON Lines and CSV: `coldiff -f
/// patch` must turn OLD into NEW under Python's jsonpatch, and `-f json`
/// must report exactly matched − LIS moves (SPEC §4.2), the deletes and
/// inserts the edits made.
@Suite struct RandomCollectionTests {
  private static let trials = 40

  /// One random comparison written to files.
  private struct Trial {
    let name: String
    let oldFile: String
    let newFile: String
    let form: String
    var extra: [String] = []
    var unordered = false
    var ignore: [String] = []
    /// The expected (inserted, deleted, moved) counts.
    let counts: (inserts: Int, deletes: Int, moves: Int)?
    /// The records' keys in OLD and NEW (empty under whole-value identity).
    var oldKeys: [Int] = []
    var newKeys: [Int] = []
  }

  private static func counts(old: [Int], new: [Int]) -> (inserts: Int, deletes: Int, moves: Int) {
    let oldPositions = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
    let matched = new.compactMap { oldPositions[$0] }
    return (
      new.count - matched.count, old.count - matched.count,
      matched.count - longestIncreasingSubsequenceLength(matched)
    )
  }

  /// Occurrence-by-occurrence matching of whole values (SPEC §3).
  private static func occurrenceCounts(old: [Int], new: [Int]) -> (
    inserts: Int, deletes: Int, moves: Int
  ) {
    var positions: [Int: [Int]] = [:]
    for (index, value) in old.enumerated() { positions[value, default: []].append(index) }
    var used: [Int: Int] = [:]
    var matched: [Int] = []
    for value in new {
      let occurrence = used[value, default: 0]
      used[value] = occurrence + 1
      if let list = positions[value], occurrence < list.count { matched.append(list[occurrence]) }
    }
    return (
      new.count - matched.count, old.count - matched.count,
      matched.count - longestIncreasingSubsequenceLength(matched)
    )
  }

  private func makeTrials(in directory: TemporaryDirectory) throws -> [Trial] {
    var trials: [Trial] = []
    for seed in 0..<Self.trials {
      // Nested records as a JSON array and as JSON Lines.
      var editor = RandomEditor(seed: UInt64(seed) &* 7919 &+ 17, flat: false)
      let old = editor.collection(upTo: 14)
      let new = editor.edit(old)
      let counts = Self.counts(old: old.keys, new: new.keys)
      let onePerLine = seed % 2 == 0
      trials.append(
        Trial(
          name: "array-\(seed)",
          oldFile: try directory.write(
            "array-\(seed)-old.json", old.jsonArray(onePerLine: onePerLine)),
          newFile: try directory.write(
            "array-\(seed)-new.json", new.jsonArray(onePerLine: !onePerLine)),
          form: "json", counts: counts, oldKeys: old.keys, newKeys: new.keys))
      trials.append(
        Trial(
          name: "lines-\(seed)",
          oldFile: try directory.write("lines-\(seed)-old.jsonl", old.jsonLines),
          newFile: try directory.write("lines-\(seed)-new.jsonl", new.jsonLines),
          form: "jsonl", counts: counts, oldKeys: old.keys, newKeys: new.keys))
      var unordered = Trial(
        name: "unordered-\(seed)", oldFile: directory.file("array-\(seed)-old.json"),
        newFile: directory.file("array-\(seed)-new.json"), form: "json",
        counts: (counts.inserts, counts.deletes, 0))
      unordered.extra = ["--unordered"]
      unordered.unordered = true
      trials.append(unordered)
      var ignoring = Trial(
        name: "ignore-\(seed)", oldFile: directory.file("lines-\(seed)-old.jsonl"),
        newFile: directory.file("lines-\(seed)-new.jsonl"), form: "jsonl", counts: counts,
        oldKeys: old.keys, newKeys: new.keys)
      ignoring.ignore = ["n", "nested.x"]
      ignoring.extra = ["--ignore", "n", "--ignore", "nested.x"]
      trials.append(ignoring)
      // Flat records of strings as CSV.
      var flatEditor = RandomEditor(seed: UInt64(seed) &* 104_729 &+ 3, flat: true)
      let flatOld = flatEditor.collection(upTo: 14)
      let flatNew = flatEditor.edit(flatOld)
      let columns = ["id", "name", "n"]
      trials.append(
        Trial(
          name: "csv-\(seed)",
          oldFile: try directory.write("csv-\(seed)-old.csv", flatOld.csv(columns: columns)),
          newFile: try directory.write("csv-\(seed)-new.csv", flatNew.csv(columns: columns)),
          form: "csv", counts: Self.counts(old: flatOld.keys, new: flatNew.keys),
          oldKeys: flatOld.keys, newKeys: flatNew.keys))
      // Whole values with duplicates, matched occurrence by occurrence.
      var values = SeededGenerator(seed: UInt64(seed) &+ 1_000_003)
      let oldValues = (0..<Int.random(in: 0...12, using: &values)).map { _ in
        Int.random(in: 1...4, using: &values)
      }
      let newValues = (0..<Int.random(in: 0...12, using: &values)).map { _ in
        Int.random(in: 1...4, using: &values)
      }
      trials.append(
        Trial(
          name: "values-\(seed)",
          oldFile: try directory.write(
            "values-\(seed)-old.jsonl", oldValues.map { "\($0)\n" }.joined()),
          newFile: try directory.write(
            "values-\(seed)-new.jsonl", newValues.map { "\($0)\n" }.joined()),
          form: "jsonl", counts: Self.occurrenceCounts(old: oldValues, new: newValues)))
    }
    return trials
  }

  private func coldiff(_ arguments: [String]) throws -> ToolProcess.Outcome {
    try ToolProcess.run(Binaries.path(of: "coldiff"), arguments)
  }

  @Test func diffDocumentsHaveMinimalMoves() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for trial in try makeTrials(in: directory) {
      let outcome = try coldiff(trial.extra + ["-f", "json", trial.oldFile, trial.newFile])
      #expect(outcome.errors.isEmpty, "\(trial.name): \(outcome.errors)")
      #expect([0, 1].contains(outcome.status), "\(trial.name): status \(outcome.status)")
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(outcome.output)) as? [String: Any],
        "\(trial.name): not a JSON object")
      let expected = try #require(trial.counts)
      let inserts = (document["inserts"] as? [Any])?.count
      let deletes = (document["deletes"] as? [Any])?.count
      let moves = (document["moves"] as? [Any])?.count
      #expect(inserts == expected.inserts, "\(trial.name): inserts")
      #expect(deletes == expected.deletes, "\(trial.name): deletes")
      #expect(moves == expected.moves, "\(trial.name): moves = matched − LIS")
      if !trial.oldKeys.isEmpty && !trial.unordered { checkIndexSpaces(document, trial) }
    }
  }

  /// A key as the document writes it: a number for JSON, a string for CSV.
  private static func key(_ value: Any?) -> Int? {
    if let number = value as? NSNumber { return number.intValue }
    if let text = value as? String { return Int(text) }
    return nil
  }

  /// SPEC §4.2: deletes, updates and move sources index OLD, inserts and
  /// move targets index NEW, each list sorted, `after` the key before in
  /// NEW (`null` when first).
  private func checkIndexSpaces(_ document: [String: Any], _ trial: Trial) {
    func entries(_ name: String) -> [[String: Any]] { document[name] as? [[String: Any]] ?? [] }
    func after(_ entry: [String: Any], _ position: Int) -> Bool {
      guard position > 0 else { return entry["after"] is NSNull }
      return Self.key(entry["after"]) == trial.newKeys[position - 1]
    }
    func valid(_ index: Int?, _ keys: [Int]) -> Int? {
      guard let index, keys.indices.contains(index) else { return nil }
      return index
    }
    for (name, keys) in [("deletes", trial.oldKeys), ("updates", trial.oldKeys)] {
      let indices = entries(name).map { $0["index"] as? Int ?? -1 }
      #expect(indices == indices.sorted(), "\(trial.name): \(name) sorted")
      for entry in entries(name) {
        let index = valid(entry["index"] as? Int, keys)
        #expect(index.map { keys[$0] } == Self.key(entry["key"]), "\(trial.name): \(name) key")
      }
    }
    let inserts = entries("inserts").map { $0["index"] as? Int ?? -1 }
    #expect(inserts == inserts.sorted(), "\(trial.name): inserts sorted")
    for entry in entries("inserts") {
      let index = valid(entry["index"] as? Int, trial.newKeys)
      #expect(index.map { trial.newKeys[$0] } == Self.key(entry["key"]), "\(trial.name): insert")
      #expect(index.map { after(entry, $0) } == true, "\(trial.name): insert after")
    }
    let froms = entries("moves").map { $0["from"] as? Int ?? -1 }
    #expect(froms == froms.sorted(), "\(trial.name): moves sorted by from")
    for entry in entries("moves") {
      let from = valid(entry["from"] as? Int, trial.oldKeys)
      let to = valid(entry["to"] as? Int, trial.newKeys)
      #expect(from.map { trial.oldKeys[$0] } == Self.key(entry["key"]), "\(trial.name): from")
      #expect(to.map { trial.newKeys[$0] } == Self.key(entry["key"]), "\(trial.name): to")
      #expect(to.map { after(entry, $0) } == true, "\(trial.name): move after")
    }
  }

  /// SPEC §7.8: no operation of the patch reads or writes an ignored
  /// field inside a record (whole records may still carry it).
  private func checkIgnoredFieldsAreUntouched(_ patch: [UInt8], _ trial: Trial) throws {
    let operations = try #require(
      try JSONSerialization.jsonObject(with: Data(patch)) as? [[String: Any]])
    let ignored = trial.ignore.map { "/" + $0.replacingOccurrences(of: ".", with: "/") }
    for operation in operations {
      let path = operation["path"] as? String ?? ""
      let inRecord = path.drop { $0 == "/" }.drop { $0 != "/" }
      #expect(
        !ignored.contains { inRecord == $0 || inRecord.hasPrefix($0 + "/") },
        "\(trial.name): \(operation)")
    }
  }

  /// SPEC §4.5: the same inputs give the same bytes on every run (each
  /// run is a new process with a new hashing seed).
  @Test func outputIsDeterministic() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for trial in try makeTrials(in: directory).prefix(25) {
      for format in ["text", "json", "patch"] {
        let arguments = trial.extra + ["-f", format, trial.oldFile, trial.newFile]
        let first = try coldiff(arguments)
        let second = try coldiff(arguments)
        #expect(first == second, "\(trial.name) -f \(format) differs between runs")
      }
      let textconv = try coldiff(["--textconv", trial.newFile])
      #expect(textconv == (try coldiff(["--textconv", trial.newFile])), "\(trial.name) textconv")
    }
  }

  // Skipped, with the reason printed, only when no Python with jsonpatch
  // can be had (pip without a network); `.ci/run` names the interpreter.
  @Test(.enabled(if: JSONPatchOracle.isAvailable))
  func patchesReproduceNew() throws {
    let oracle = try #require(JSONPatchOracle.shared)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var jobs: [JSONPatchOracle.Job] = []
    for trial in try makeTrials(in: directory) {
      let outcome = try coldiff(trial.extra + ["-f", "patch", trial.oldFile, trial.newFile])
      #expect(outcome.errors.isEmpty, "\(trial.name): \(outcome.errors)")
      #expect([0, 1].contains(outcome.status), "\(trial.name): status \(outcome.status)")
      let patch = try directory.write("\(trial.name)-patch.json", outcome.text)
      if !trial.ignore.isEmpty { try checkIgnoredFieldsAreUntouched(outcome.output, trial) }
      jobs.append(
        JSONPatchOracle.Job(
          name: trial.name, old: trial.oldFile, oldForm: trial.form, new: trial.newFile,
          newForm: trial.form, patch: patch, ignore: trial.ignore, unordered: trial.unordered))
    }
    #expect(jobs.count == Self.trials * 6)
    for (name, failure) in try oracle.check(jobs).sorted(by: { $0.key < $1.key }) {
      #expect(failure == nil, "\(name): the patch does not reproduce NEW: \(failure ?? "")")
    }
  }
}
