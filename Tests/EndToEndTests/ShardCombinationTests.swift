import Foundation
import TestSupport
import Testing

/// SPEC §8.3: four shards of seeded random inputs, combined, print exactly
/// what one run over the whole inputs prints, in every form and every
/// format; a missing, repeated or foreign shard is an error.
@Suite struct ShardCombinationTests {
  private static let seeds = 0..<6
  private static let formats = ["text", "json", "patch", "stat"]

  /// One pair of inputs and the options to diff them with.
  private struct Pair {
    let name: String
    let old: String
    let new: String
    var options: [String] = []
  }

  private func pairs(seed: Int, in directory: TemporaryDirectory) throws -> [Pair] {
    var editor = RandomEditor(seed: UInt64(seed) &* 6007 &+ 11, flat: false)
    let old = editor.collection(upTo: 30)
    let new = editor.edit(old)
    func write(_ name: String, _ old: String, _ new: String, _ ext: String) throws -> Pair {
      Pair(
        name: "\(name)-\(seed)",
        old: try directory.write("\(name)-\(seed)-old.\(ext)", old),
        new: try directory.write("\(name)-\(seed)-new.\(ext)", new))
    }
    func object(_ collection: RandomCollection) -> String {
      "{\n"
        + collection.records.map { "  \"k\($0.key)\": \($0.value.json)" }
        .joined(separator: ",\n") + "\n}\n"
    }
    var flatEditor = RandomEditor(seed: UInt64(seed) &* 7717 &+ 5, flat: true)
    let flatOld = flatEditor.collection(upTo: 30)
    let flatNew = flatEditor.edit(flatOld)
    var pairs = [
      try write("array", old.jsonArray(onePerLine: true), new.jsonArray(onePerLine: false), "json"),
      try write("lines", old.jsonLines, new.jsonLines, "jsonl"),
      try write("object", object(old), object(new), "json"),
      try write(
        "csv", flatOld.csv(columns: ["id", "name", "n"]),
        flatNew.csv(columns: ["id", "n", "name"]),
        "csv"),
    ]
    var unordered = try write("unordered", old.jsonLines, new.jsonLines, "jsonl")
    unordered.options = ["--unordered", "--ignore", "n"]
    pairs.append(unordered)
    var whole = try write(
      "whole", old.jsonArray(onePerLine: true), new.jsonArray(onePerLine: true), "json")
    whole.options = ["--key", "name,id"]
    pairs.append(whole)
    var values = SeededGenerator(seed: UInt64(seed) &+ 99)
    let oldValues = (0..<Int.random(in: 0...25, using: &values)).map { _ in
      "{\"v\": \(Int.random(in: 1...5, using: &values))}\n"
    }
    let newValues = (0..<Int.random(in: 0...25, using: &values)).map { _ in
      "{\"v\": \(Int.random(in: 1...5, using: &values))}\n"
    }
    pairs.append(try write("values", oldValues.joined(), newValues.joined(), "jsonl"))
    return pairs
  }

  private func coldiff(_ arguments: [String]) throws -> ToolProcess.Outcome {
    try ToolProcess.run(Binaries.path(of: "coldiff"), arguments)
  }

  /// Writes the four shard documents of `pair`, returning their paths in
  /// a shuffled order.
  private func shards(of pair: Pair, in directory: TemporaryDirectory) throws -> [String] {
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
