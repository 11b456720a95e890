import Foundation
import TestSupport
import Testing

/// `--tree` end to end: every `tree-*` case that finds differences and a
/// set of seeded random forests (JSON arrays and JSON Lines) go through
/// colpatch both ways, as a patch and as a diff document (SPEC §5's round
/// trip), every patch through Python's jsonpatch, and the random diffs'
/// counts against an independent count (a record moved to a new parent is
/// one move; moves within a parent are minimal).
@Suite struct TreeRoundTripTests {
  private static let coldiff = Binaries.path(of: "coldiff")
  private static let colpatch = Binaries.path(of: "colpatch")
  static let trials = 30

  /// The `tree-*` cases and the `array-key-tree-*` ones without
  /// `--compare` or `--ignore` (whose round trip holds up to the rules)
  /// that find differences.
  private static var treeCases: [SpecCase] {
    SpecCase.all.filter {
      ($0.name.hasPrefix("tree-") || $0.name.hasPrefix("array-key-tree-"))
        && $0.expectedStatus == 1
        && !$0.rawArguments.contains { ["--compare", "--ignore"].contains($0) }
    }
  }

  /// The JSON values of a file: the value of a JSON file, the list of
  /// the lines of a JSON Lines file.
  private static func values(_ path: String) throws -> NSObject {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try values(Array(data), lines: path.hasSuffix(".jsonl"))
  }

  /// The JSON values of a file's bytes (the records of JSON Lines as an
  /// array), to compare two results as values.
  static func values(_ bytes: [UInt8], lines: Bool) throws -> NSObject {
    guard lines else {
      return try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        as! NSObject
    }
    let records = try bytes.split(separator: UInt8(ascii: "\n")).map {
      try JSONSerialization.jsonObject(with: Data($0))
    }
    return records as NSArray
  }

  /// Runs the three round trips of SPEC §5 for the document coldiff writes
  /// in `format`; returns the failures.
  static func roundTrips(
    old: String, new: String, tree: [String], format: String, in directory: TemporaryDirectory
  ) throws -> [String] {
    var failures: [String] = []
    let lines = old.hasSuffix(".jsonl")
    let made = try ToolProcess.run(coldiff, tree + ["-f", format, old, new])
    guard made.status == 1 else { return ["coldiff -f \(format) exited \(made.status)"] }
    let document = try directory.write("document-\(format).json", made.text)
    let applied = try ToolProcess.run(colpatch, ["apply", document, old])
    if applied.status != 0 {
      failures.append("\(format): apply: \(applied.errors)")
    } else if try values(applied.output, lines: lines) != values(new) {
      failures.append("\(format): apply to OLD does not give NEW")
    }
    let reversed = try ToolProcess.run(colpatch, ["reverse", document])
    guard reversed.status == 0 else { return failures + ["\(format): reverse: \(reversed.errors)"] }
    let reverse = try directory.write("reverse-\(format).json", reversed.text)
    let undone = try ToolProcess.run(colpatch, ["apply", reverse, new])
    if undone.status != 0 {
      failures.append("\(format): apply the reverse: \(undone.errors)")
    } else if try values(undone.output, lines: lines) != values(old) {
      failures.append("\(format): the reverse applied to NEW does not give OLD")
    }
    return failures
  }

  @Test(arguments: treeCases)
  func caseRoundTrips(_ specCase: SpecCase) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try #require(specCase.oldFile)
    let new = try #require(specCase.newFile)
    for name in [old, new] {
      try Data(try #require(specCase.bytes(name))).write(
        to: URL(fileURLWithPath: directory.file(name)))
    }
    let arguments = specCase.rawArguments
    let treeIndex = try #require(arguments.firstIndex(of: "--tree"))
    var tree = Array(arguments[treeIndex...(treeIndex + 1)])
    for option in ["--key", "--array-key"] {
      if let index = arguments.firstIndex(of: option) { tree += arguments[index...(index + 1)] }
    }
    for format in ["patch", "json"] {
      let failures = try Self.roundTrips(
        old: directory.file(old), new: directory.file(new), tree: tree, format: format,
        in: directory)
      #expect(failures.isEmpty, "\(specCase.name): \(failures)")
    }
  }

  /// The counts a tree diff must have, computed from the forests' ids;
  /// `map`: the roots are an object map's members (no order, no moves
  /// among them).
  private static func expectedCounts(_ old: RandomForest, _ new: RandomForest, map: Bool = false)
    -> [String: Int]
  {
    let before = Dictionary(uniqueKeysWithValues: old.placements.map { ($0.id, $0) })
    let after = Dictionary(uniqueKeysWithValues: new.placements.map { ($0.id, $0) })
    let inserts = new.placements.filter {
      before[$0.id] == nil && ($0.parent < 0 || before[$0.parent] != nil)
    }
    let deletes = old.placements.filter {
      after[$0.id] == nil && ($0.parent < 0 || after[$0.parent] != nil)
    }
    var moves = 0
    var stayers: [Int: [Int]] = [:]
    for placement in new.placements {
      guard let was = before[placement.id] else { continue }
      if was.parent != placement.parent {
        moves += 1
      } else if !(map && placement.parent < 0) {
        stayers[placement.parent, default: []].append(was.index)
      }
    }
    for indices in stayers.values { moves += indices.count - longestIncreasingLength(indices) }
    return ["inserts": inserts.count, "deletes": deletes.count, "moves": moves]
  }

  private static func longestIncreasingLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      if let index = tails.firstIndex(where: { $0 >= value }) {
        tails[index] = value
      } else {
        tails.append(value)
      }
    }
    return tails.count
  }

  @Test func randomForestsRoundTripAndCount() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var jobs: [JSONPatchOracle.Job] = []
    for seed in 0..<Self.trials {
      var editor = RandomForestEditor(seed: UInt64(seed) &* 2_654_435_761 &+ 11)
      let old = editor.forest()
      let new = editor.edit(old)
      guard old != new else { continue }
      let lines = seed % 3 == 0
      let oldFile = try directory.write(
        "\(seed)-old.\(lines ? "jsonl" : "json")", lines ? old.jsonLines : old.json)
      let newFile = try directory.write(
        "\(seed)-new.\(lines ? "jsonl" : "json")", lines ? new.jsonLines : new.json)
      try Self.expectRoundTripsAndCounts(
        seed: seed, old: (old, oldFile), new: (new, newFile), map: false, in: directory)
      let patch = try ToolProcess.run(
        Self.coldiff, ["--tree", "kids", "-f", "patch", oldFile, newFile])
      let operations = try #require(
        try JSONSerialization.jsonObject(with: Data(patch.output)) as? [[String: Any]])
      for operation in operations where operation["op"] as? String == "move" {
        let from = try #require(operation["from"] as? String)
        let path = try #require(operation["path"] as? String)
        #expect(!(path + "/").hasPrefix(from + "/"), "seed \(seed): move into itself (SPEC §7.19)")
      }
      let patchFile = try directory.write("\(seed)-patch.json", patch.text)
      let form = lines ? "jsonl" : "json"
      jobs.append(
        JSONPatchOracle.Job(
          name: "seed \(seed)", old: oldFile, oldForm: form, new: newFile, newForm: form,
          patch: patchFile))
    }
    try Self.expectJSONPatchReproducesNew(jobs)
  }

  /// Checks one seed's pair: both documents round-trip (SPEC §5), and the
  /// diff document's lists have the independently counted lengths.
  private static func expectRoundTripsAndCounts(
    seed: Int, old: (forest: RandomForest, file: String), new: (forest: RandomForest, file: String),
    map: Bool, in directory: TemporaryDirectory
  ) throws {
    for format in ["patch", "json"] {
      let failures = try roundTrips(
        old: old.file, new: new.file, tree: ["--tree", "kids"], format: format, in: directory)
      #expect(failures.isEmpty, "seed \(seed): \(failures)")
    }
    let document = try ToolProcess.run(
      coldiff, ["--tree", "kids", "-f", "json", old.file, new.file])
    let lists = try #require(
      try JSONSerialization.jsonObject(with: Data(document.output)) as? [String: Any])
    for (list, count) in expectedCounts(old.forest, new.forest, map: map) {
      #expect((lists[list] as? [Any])?.count == count, "seed \(seed): \(list)")
    }
  }

  /// Checks that Python's jsonpatch turns each job's OLD into its NEW with
  /// its patch (when the oracle is installed), after checking that most
  /// seeds made a job.
  static func expectJSONPatchReproducesNew(_ jobs: [JSONPatchOracle.Job]) throws {
    #expect(jobs.count > trials / 2)
    guard let oracle = JSONPatchOracle.shared else { return }
    for (name, failure) in try oracle.check(jobs).sorted(by: { $0.key < $1.key }) {
      #expect(failure == nil, "\(name): jsonpatch does not reproduce NEW: \(failure ?? "")")
    }
  }

  /// Applying a tree patch or document rewrites only the top-level records
  /// whose subtree changed: the others keep their bytes.
  @Test func untouchedRootsKeepTheirBytes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let garden = "{ \"id\" : \"Garden\",\"price\":1.50, \"kids\" : [ {\"id\":\"Hose\"} ] }"
    let old = try directory.write(
      "old.json",
      "[\n  {\"id\": \"Phones\", \"kids\": [{\"id\": \"Nokia\", \"price\": 59}]},\n  \(garden)\n]\n"
    )
    let new = try directory.write(
      "new.json",
      "[\n  {\"id\": \"Phones\", \"kids\": [{\"id\": \"Nokia\", \"price\": 49}]},\n  \(garden)\n]\n"
    )
    for format in ["patch", "json"] {
      let made = try ToolProcess.run(Self.coldiff, ["--tree", "kids", "-f", format, old, new])
      let document = try directory.write("document.json", made.text)
      let applied = try ToolProcess.run(Self.colpatch, ["apply", document, old])
      #expect(applied.status == 0, "\(format): \(applied.errors)")
      #expect(applied.text.contains(garden), "\(format): the untouched record was rewritten")
      #expect(applied.text.contains("49"))
    }
  }

  /// A tree document applies by key: to a target whose other records moved
  /// since OLD, and not to one whose record differs from what it expects.
  @Test func documentsApplyByKey() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try directory.write(
      "old.json", "[{\"id\": 1, \"kids\": [{\"id\": 2, \"v\": 1}, {\"id\": 3}]}, {\"id\": 4}]\n")
    let new = try directory.write(
      "new.json",
      "[{\"id\": 1, \"kids\": [{\"id\": 3}]}, {\"id\": 4, \"kids\": [{\"id\": 2, \"v\": 2}]}]\n")
    let made = try ToolProcess.run(Self.coldiff, ["--tree", "kids", "-f", "json", old, new])
    let document = try directory.write("document.json", made.text)
    // The target has its roots in the other order and an extra record.
    let shifted = try directory.write(
      "shifted.json",
      "[{\"id\": 4}, {\"id\": 9}, {\"id\": 1, \"kids\": [{\"id\": 2, \"v\": 1}, {\"id\": 3}]}]\n")
    let applied = try ToolProcess.run(Self.colpatch, ["apply", document, shifted])
    #expect(applied.status == 0, "\(applied.errors)")
    #expect(
      try Self.values(applied.output, lines: false)
        == Self.values(
          Array(
            "[{\"id\": 4, \"kids\": [{\"id\": 2, \"v\": 2}]}, {\"id\": 9}, {\"id\": 1, \"kids\": [{\"id\": 3}]}]"
              .utf8),
          lines: false))
    // A target whose record 2 has another value conflicts, naming the key.
    let changed = try directory.write(
      "changed.json", "[{\"id\": 1, \"kids\": [{\"id\": 2, \"v\": 7}, {\"id\": 3}]}, {\"id\": 4}]\n"
    )
    let refused = try ToolProcess.run(Self.colpatch, ["apply", document, changed])
    #expect(refused.status == 1)
    #expect(refused.errors.contains("key 2"), "\(refused.errors)")
    #expect(refused.output.isEmpty)
  }
}

extension TreeRoundTripTests {
  /// `--ignore` leaves a field out of every record's equality, at any
  /// depth; the records still move.
  @Test func ignoredFieldsAreLeftOutAtAnyDepth() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try directory.write(
      "old.json",
      "[{\"id\": 1, \"at\": 1, \"kids\": [{\"id\": 2, \"at\": 1}]}, {\"id\": 3, \"at\": 1}]\n")
    let new = try directory.write(
      "new.json",
      "[{\"id\": 1, \"at\": 2}, {\"id\": 3, \"at\": 2, \"kids\": [{\"id\": 2, \"at\": 2}]}]\n")
    let stat = try ToolProcess.run(
      Binaries.path(of: "coldiff"), ["--tree", "kids", "--ignore", "at", "-f", "stat", old, new])
    #expect(stat.text == "0 inserted, 0 deleted, 2 updated, 1 moved\n")
    let text = try ToolProcess.run(
      Binaries.path(of: "coldiff"), ["--tree", "kids", "--ignore", "at", old, new])
    #expect(!text.text.contains("at:"))
    #expect(text.text.contains("↕ 1 › 2  [0, 0] → [1, 0]  (now under 3)"))
  }
}

extension TreeRoundTripTests {
  /// Seeded random forests written as JSON object maps (roots named by
  /// their keys) go through colpatch both ways as a patch and as a
  /// document, every patch through jsonpatch, and the diffs' counts match
  /// an independent count in which roots never move among themselves.
  @Test func randomMapForestsRoundTripAndCount() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var jobs: [JSONPatchOracle.Job] = []
    for seed in 0..<Self.trials {
      var editor = RandomForestEditor(seed: UInt64(seed) &* 2_246_822_519 &+ 7)
      let old = editor.forest()
      let new = editor.edit(old)
      // Roots only reordered: the maps are equal.
      guard
        try Self.values(Array(old.jsonMap.utf8), lines: false)
          != Self.values(Array(new.jsonMap.utf8), lines: false)
      else { continue }
      let oldFile = try directory.write("\(seed)-old.json", old.jsonMap)
      let newFile = try directory.write("\(seed)-new.json", new.jsonMap)
      try Self.expectRoundTripsAndCounts(
        seed: seed, old: (old, oldFile), new: (new, newFile), map: true, in: directory)
      let patch = try ToolProcess.run(
        Self.coldiff, ["--tree", "kids", "-f", "patch", oldFile, newFile])
      let patchFile = try directory.write("\(seed)-patch.json", patch.text)
      jobs.append(
        JSONPatchOracle.Job(
          name: "seed \(seed)", old: oldFile, oldForm: "json", new: newFile, newForm: "json",
          patch: patchFile))
    }
    try Self.expectJSONPatchReproducesNew(jobs)
  }

  /// A map-tree document applies by key to a target whose members are in
  /// another order and that has a member more; the untouched members keep
  /// their bytes; a record bound for the top whose key is not a string
  /// cannot become a member.
  @Test func mapDocumentsApplyByKey() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try directory.write(
      "old.json", "{\"a\": {\"kids\": [{\"id\": \"b\", \"v\": 1}]}, \"c\": {\"v\": 2}}\n")
    let new = try directory.write(
      "new.json", "{\"a\": {\"kids\": []}, \"c\": {\"v\": 2}, \"b\": {\"id\": \"b\", \"v\": 1}}\n")
    let made = try ToolProcess.run(Self.coldiff, ["--tree", "kids", "-f", "json", old, new])
    let document = try directory.write("document.json", made.text)
    let untouched = "\"z\" :  { \"v\" : 1.50 }"
    let shifted = try directory.write(
      "shifted.json",
      "{\"c\": {\"v\": 2}, \(untouched), \"a\": {\"kids\": [{\"id\": \"b\", \"v\": 1}]}}\n")
    let applied = try ToolProcess.run(Self.colpatch, ["apply", document, shifted])
    #expect(applied.status == 0, "\(applied.errors)")
    #expect(applied.text.contains(untouched), "the untouched member was rewritten")
    #expect(
      try Self.values(applied.output, lines: false)
        == Self.values(
          Array(
            "{\"c\": {\"v\": 2}, \"z\": {\"v\": 1.50}, \"a\": {\"kids\": []}, \"b\": {\"id\": \"b\", \"v\": 1}}"
              .utf8),
          lines: false))
    // A root deleted by name conflicts when its value drifted.
    let kept = try directory.write("kept.json", "{\"a\": {\"kids\": []}}\n")
    let deleting = try ToolProcess.run(Self.coldiff, ["--tree", "kids", "-f", "json", new, kept])
    let deletion = try directory.write("deletion.json", deleting.text)
    let drifted = try directory.write(
      "drifted.json",
      "{\"a\": {\"kids\": []}, \"c\": {\"v\": 3}, \"b\": {\"id\": \"b\", \"v\": 1}}\n")
    let conflict = try ToolProcess.run(Self.colpatch, ["apply", deletion, drifted])
    #expect(conflict.status == 1)
    #expect(conflict.errors.contains("key c"), "\(conflict.errors)")
    #expect(conflict.output.isEmpty)
    // A numeric key cannot name a member: the document does not fit this
    // target (SPEC §8.1.5).
    let numeric = try directory.write(
      "numeric.json",
      #"{"coldiff": 1, "kind": "tree", "key": ["/id"], "tree": "/kids", "inserts": "#
        + #"[{"index": ["x"], "key": 7, "parent": null, "value": {"id": 7}}], "deletes": [], "#
        + #""updates": [], "moves": []}"#)
    let refused = try ToolProcess.run(Self.colpatch, ["apply", numeric, old])
    #expect(refused.status == 1)
    #expect(refused.errors.contains("must be a string"), "\(refused.errors)")
    #expect(refused.output.isEmpty)
  }

  /// Applying a map-tree patch or document rewrites only the members whose
  /// subtree changed: the others keep their bytes.
  @Test func untouchedMembersKeepTheirBytes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let garden = "\"garden\" :{ \"price\":1.50, \"kids\" : [ {\"id\":\"Hose\"} ] }"
    let old = try directory.write(
      "old.json",
      "{\n  \"phones\": {\"kids\": [{\"id\": \"Nokia\", \"price\": 59}]},\n  \(garden)\n}\n")
    let new = try directory.write(
      "new.json",
      "{\n  \"phones\": {\"kids\": [{\"id\": \"Nokia\", \"price\": 49}]},\n  \(garden)\n}\n")
    for format in ["patch", "json"] {
      let made = try ToolProcess.run(Self.coldiff, ["--tree", "kids", "-f", format, old, new])
      let document = try directory.write("document.json", made.text)
      let applied = try ToolProcess.run(Self.colpatch, ["apply", document, old])
      #expect(applied.status == 0, "\(format): \(applied.errors)")
      #expect(applied.text.contains(garden), "\(format): the untouched member was rewritten")
      #expect(applied.text.contains("49"))
    }
  }
}
