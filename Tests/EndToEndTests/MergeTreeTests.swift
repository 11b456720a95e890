import Foundation
import TestSupport
import Testing

/// `colpatch merge --tree` on seeded random forests (SPEC §8.4): when OURS
/// only changes values of records THEIRS leaves as they were, the merge is
/// THEIRS's tree diff document applied to OURS, with no conflict; a field
/// planted with different values on both sides is reported once, on that
/// record, and the rest merges as without it.
@Suite struct MergeTreeTests {
  private static let coldiff = Binaries.path(of: "coldiff")
  private static let colpatch = Binaries.path(of: "colpatch")
  private static let trials = 30

  /// `forest` with each record's `v` replaced by `change(id, v)`.
  private static func changingValues(_ forest: RandomForest, _ change: (Int, Int) -> Int)
    -> RandomForest
  {
    func visit(_ node: RandomForest.Node) -> RandomForest.Node {
      RandomForest.Node(id: node.id, v: change(node.id, node.v), kids: node.kids?.map(visit))
    }
    return RandomForest(roots: forest.roots.map(visit))
  }

  /// The `v` of each record, by id.
  private static func values(_ forest: RandomForest) -> [Int: Int] {
    var values: [Int: Int] = [:]
    func visit(_ node: RandomForest.Node) {
      values[node.id] = node.v
      node.kids?.forEach(visit)
    }
    forest.roots.forEach(visit)
    return values
  }

  /// A BASE, THEIRS (random edits) and OURS (values changed on about a
  /// third of the records THEIRS keeps unchanged) from a seed.
  private static func triple(_ seed: Int) -> (RandomForest, RandomForest, RandomForest) {
    var editor = RandomForestEditor(seed: UInt64(seed) &* 2_654_435_761 &+ 97)
    let base = editor.forest()
    let theirs = editor.edit(base)
    let (before, after) = (values(base), values(theirs))
    let ours = changingValues(base) { id, v in
      after[id] == before[id] && id % 3 == seed % 3 ? v + 1000 : v
    }
    return (base, ours, theirs)
  }

  /// Writes the three forests (JSON Lines for every third seed).
  private static func write(
    _ forests: (RandomForest, RandomForest, RandomForest), seed: Int,
    in directory: TemporaryDirectory
  ) throws -> [String] {
    let lines = seed % 3 == 0
    return try zip(["base", "ours", "theirs"], [forests.0, forests.1, forests.2]).map {
      name, forest in
      try directory.write(
        "\(name)-\(seed).\(lines ? "jsonl" : "json")", lines ? forest.jsonLines : forest.json)
    }
  }

  /// THEIRS's tree diff document (from BASE) applied to OURS, as values.
  private static func theirsAppliedToOurs(_ files: [String], in directory: TemporaryDirectory)
    throws -> NSObject?
  {
    let made = try ToolProcess.run(coldiff, ["--tree", "kids", "-f", "json", files[0], files[2]])
    guard made.status <= 1 else { return nil }
    let document = try directory.write("document.json", made.text)
    let applied = try ToolProcess.run(colpatch, ["apply", document, files[1]])
    guard applied.status == 0 else { return nil }
    return try TreeRoundTripTests.values(applied.output, lines: files[1].hasSuffix(".jsonl"))
  }

  @Test func disjointChangesMergeAsTheirsDocumentAppliedToOurs() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var merged = 0
    for seed in 0..<Self.trials {
      let forests = Self.triple(seed)
      guard forests.0 != forests.2 else { continue }
      let files = try Self.write(forests, seed: seed, in: directory)
      let expected = try #require(try Self.theirsAppliedToOurs(files, in: directory))
      let run = try ToolProcess.run(Self.colpatch, ["merge", "--tree", "kids"] + files)
      #expect(run.status == 0, "seed \(seed): \(run.errors)")
      #expect(run.errors.isEmpty, "seed \(seed)")
      let lines = files[1].hasSuffix(".jsonl")
      #expect(try TreeRoundTripTests.values(run.output, lines: lines) == expected, "seed \(seed)")
      merged += 1
    }
    #expect(merged > Self.trials / 2)
  }

  @Test func aPlantedFieldConflictIsReportedOnceAndOursKept() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for seed in 0..<Self.trials {
      let (base, ours, theirs) = Self.triple(seed)
      let before = Self.values(base)
      // A record in BASE and THEIRS: THEIRS and OURS give it different `v`s.
      guard let planted = theirs.placements.first(where: { before[$0.id] != nil })?.id,
        let baseValue = before[planted]
      else { continue }
      let oursPlanted = Self.changingValues(ours) { id, v in id == planted ? baseValue + 9000 : v }
      let restored = Self.changingValues(theirs) { id, v in id == planted ? baseValue : v }
      let expectedFiles = try Self.write((base, oursPlanted, restored), seed: seed, in: directory)
      let expected = try #require(try Self.theirsAppliedToOurs(expectedFiles, in: directory))
      let theirsPlanted = Self.changingValues(theirs) { id, v in
        id == planted ? baseValue + 7000 : v
      }
      let files = try Self.write((base, oursPlanted, theirsPlanted), seed: seed, in: directory)
      let run = try ToolProcess.run(Self.colpatch, ["merge", "--tree", "kids"] + files)
      #expect(run.status == 1, "seed \(seed): \(run.errors)")
      #expect(
        run.errors
          == "colpatch: conflict: key \(planted) /v: base \(baseValue), ours \(baseValue + 9000), "
          + "theirs \(baseValue + 7000)\n", "seed \(seed)")
      // OURS's value stays: the rest merges as if THEIRS had left `v` alone.
      let lines = files[1].hasSuffix(".jsonl")
      #expect(try TreeRoundTripTests.values(run.output, lines: lines) == expected, "seed \(seed)")
    }
  }

  /// One of each rule by hand: a record moved to a new parent by THEIRS
  /// moves there, inserts after the same sibling go ours first, field
  /// changes of both sides are taken, and a record OURS changed and
  /// THEIRS deleted stays, with one conflict.
  @Test func eachTreeRuleEndToEnd() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(
      "base.jsonl",
      """
      {"id": 1, "v": 1, "kids": [{"id": 2, "v": 2}, {"id": 3, "v": 3}]}
      {"id": 4, "v": 4, "kids": []}
      {"id": 5, "v": 5}

      """)
    try folder.write(
      "ours.jsonl",
      """
      {"id": 1, "v": 1, "kids": [{"id": 2, "v": 2, "o": true}, {"id": 6}, {"id": 3, "v": 3}]}
      {"id": 4, "v": 4, "kids": []}
      {"id": 5, "v": 50}

      """)
    try folder.write(
      "theirs.jsonl",
      """
      {"id": 1, "v": 1, "kids": [{"id": 2, "v": 20}, {"id": 7}]}
      {"id": 4, "v": 4, "kids": [{"id": 3, "v": 3}]}

      """)
    let run = try ColpatchCommandLine.colpatch(
      ["merge", "--tree", "kids", "base.jsonl", "ours.jsonl", "theirs.jsonl"], in: folder.path)
    #expect(run.status == 1)
    #expect(run.errors == "colpatch: conflict: key 5: changed by ours, deleted by theirs\n")
    let expected = """
      {"id": 1, "v": 1, "kids": [{"id": 2, "v": 20, "o": true}, {"id": 6}, {"id": 7}]}
      {"id": 4, "v": 4, "kids": [{"id": 3, "v": 3}]}
      {"id": 5, "v": 50}

      """
    #expect(
      try TreeRoundTripTests.values(Array(run.text.utf8), lines: true)
        == TreeRoundTripTests.values(Array(expected.utf8), lines: true))
    // A top-level record no change reaches keeps OURS's bytes.
    #expect(run.text.hasSuffix("{\"id\": 5, \"v\": 50}\n"))
  }

  /// A record OURS deleted, which THEIRS changed and moved a record under,
  /// is one conflict; the moved record stays at OURS's place. `--tree`
  /// with `--unordered` is a usage error.
  @Test func aParentDeletedByOursIsOneConflict() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(
      "base.json", "[{\"id\": 1, \"kids\": [{\"id\": 3}]}, {\"id\": 4, \"v\": 4}]\n")
    try folder.write("ours.json", "[{\"id\": 1, \"kids\": [{\"id\": 3}]}]\n")
    try folder.write(
      "theirs.json", "[{\"id\": 1, \"kids\": []}, {\"id\": 4, \"v\": 5, \"kids\": [{\"id\": 3}]}]\n"
    )
    let run = try ColpatchCommandLine.colpatch(
      ["merge", "--tree", "kids", "base.json", "ours.json", "theirs.json"], in: folder.path)
    #expect(run.status == 1)
    #expect(run.errors == "colpatch: conflict: key 4: deleted by ours, changed by theirs\n")
    #expect(
      try TreeRoundTripTests.values(Array(run.text.utf8), lines: false)
        == TreeRoundTripTests.values(
          Array("[{\"id\": 1, \"kids\": [{\"id\": 3}]}]".utf8), lines: false))
    let refused = try ColpatchCommandLine.colpatch(
      ["merge", "--tree", "kids", "--unordered", "base.json", "ours.json", "theirs.json"],
      in: folder.path)
    #expect(refused.status == 2)
    #expect(refused.errors.contains("'--tree' and '--unordered' cannot be used together"))
  }
}
