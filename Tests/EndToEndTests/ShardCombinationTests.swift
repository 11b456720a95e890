import Foundation
import TestSupport
import Testing

/// SPEC §8.3: four shards of seeded random inputs, combined, print exactly
/// what one run over the whole inputs prints, in every form and every
/// format; a missing, repeated or foreign shard is an error.
@Suite struct ShardCombinationTests {
  private static let seeds = 0..<6
  private static let formats = ["text", "json", "patch", "stat", "markdown", "html"]

  private func pairs(seed: Int, in directory: TemporaryDirectory) throws -> [DiffPair] {
    var pairs = try DiffPair.everyFlatForm(
      seed: seed, nestedSeed: UInt64(seed) &* 6007 &+ 11, flatSeed: UInt64(seed) &* 7717 &+ 5,
      records: 30, flatRecords: 30,
      in: directory)
    var values = SeededGenerator(seed: UInt64(seed) &+ 99)
    let oldValues = (0..<Int.random(in: 0...25, using: &values)).map { _ in
      "{\"v\": \(Int.random(in: 1...5, using: &values))}\n"
    }
    let newValues = (0..<Int.random(in: 0...25, using: &values)).map { _ in
      "{\"v\": \(Int.random(in: 1...5, using: &values))}\n"
    }
    pairs.append(
      try DiffPair.write(
        "values", seed: seed, oldValues.joined(), newValues.joined(), "jsonl", in: directory))
    return pairs
  }

  private func coldiff(_ arguments: [String]) throws -> ToolProcess.Outcome {
    try ToolProcess.run(Binaries.path(of: "coldiff"), arguments)
  }

  /// Writes the four shard documents of `pair`, returning their paths in
  /// a shuffled order.
  private func shards(of pair: DiffPair, in directory: TemporaryDirectory) throws -> [String] {
    var paths: [String] = []
    for index in 0..<4 {
      let outcome = try coldiff(
        pair.options + ["--shard", "\(index)/4", "-f", "json", pair.old, pair.new])
      #expect(outcome.status == 0, "\(pair.name) shard \(index): \(outcome.errors)")
      let path = directory.file("\(pair.name)-part\(index).json")
      try Data(outcome.output).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    return [paths[2], paths[0], paths[3], paths[1]]
  }

  @Test func fourShardsCombinedEqualOneRunInEveryFormAndFormat() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var differing = 0
    for seed in Self.seeds {
      for pair in try pairs(seed: seed, in: directory) {
        let parts = try shards(of: pair, in: directory)
        for format in Self.formats {
          let whole = try coldiff(pair.options + ["-f", format, pair.old, pair.new])
          let combined = try coldiff(["--combine", "-f", format] + parts)
          #expect(whole.errors.isEmpty, "\(pair.name) \(format): \(whole.errors)")
          #expect(
            combined.output == whole.output,
            "\(pair.name) -f \(format): \(combined.errors)")
          #expect(combined.status == whole.status, "\(pair.name) -f \(format)")
          if whole.status == 1 { differing += 1 }
        }
      }
    }
    // The property is about differences: most pairs must differ.
    #expect(differing > Self.seeds.count * 4 * 5)
  }

  @Test func missingRepeatedAndForeignShardsAreErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pairs = try pairs(seed: 1, in: directory)
    let parts = try shards(of: pairs[0], in: directory)
    let foreign = try shards(of: pairs[1], in: directory)
    let missing = try coldiff(["--combine"] + parts.dropLast())
    #expect(missing.status == 2)
    #expect(missing.errors.contains("shard 1/4 is missing"), "\(missing.errors)")
    let repeated = try coldiff(["--combine"] + parts + [parts[0]])
    #expect(repeated.status == 2)
    #expect(repeated.errors.contains("is given twice"), "\(repeated.errors)")
    let mixed = try coldiff(["--combine", parts[0], parts[1], parts[2], foreign[3]])
    #expect(mixed.status == 2)
    #expect(mixed.errors.contains("a shard of other inputs or options"), "\(mixed.errors)")
    let notShard = try coldiff(["--combine", pairs[0].old])
    #expect(notShard.status == 2)
    #expect(notShard.errors.contains("not a coldiff shard document"), "\(notShard.errors)")
    // Parts edited by hand to claim more records than they hold.
    let inflated = try parts.enumerated().map { index, path in
      let text = try String(contentsOfFile: path, encoding: .utf8)
      return try directory.write(
        "inflated\(index).json",
        text.replacingOccurrences(of: "\"count\": ", with: "\"count\": 99999"))
    }
    let tooMany = try coldiff(["--combine"] + inflated)
    #expect(tooMany.status == 2)
    #expect(tooMany.errors.contains("do not fit together"), "\(tooMany.errors)")
    for output in [missing, repeated, mixed, notShard, tooMany] { #expect(output.output.isEmpty) }
  }

  @Test func shardAndCombineUsageErrors() throws {
    let cases: [([String], String)] = [
      (["--shard", "4/4", "-f", "json", "a", "b"], "expected I/N"),
      (["--shard", "0/4", "a", "b"], "give '--format json'"),
      (["--combine", "--key", "id", "p"], "'--key' cannot be given with '--combine'"),
      (["--combine"], "missing operands"),
    ]
    for (arguments, message) in cases {
      let outcome = try coldiff(arguments)
      #expect(outcome.status == 2, "\(arguments)")
      #expect(outcome.errors.contains(message), "\(arguments): \(outcome.errors)")
    }
  }
}
