import TestSupport

/// One pair of inputs written to files, and the options to diff them with.
struct DiffPair {
  let name: String
  let old: String
  let new: String
  var options: [String] = []

  /// Writes `old` and `new` into `directory` as `NAME-SEED-old.EXT` and
  /// `NAME-SEED-new.EXT`.
  static func write(
    _ name: String, seed: Int, _ old: String, _ new: String, _ ext: String,
    in directory: TemporaryDirectory
  ) throws -> DiffPair {
    DiffPair(
      name: "\(name)-\(seed)",
      old: try directory.write("\(name)-\(seed)-old.\(ext)", old),
      new: try directory.write("\(name)-\(seed)-new.\(ext)", new))
  }

  /// Seeded random pairs of every flat form: a JSON array (one side one
  /// record a line, the other compact), JSON Lines, an object map, CSV
  /// with the columns in another order, JSON Lines `--unordered` with an
  /// ignored field, and an array keyed by a composite key.
  ///
  /// - Parameters:
  ///   - seed: names the files and, with the two generator seeds, makes
  ///     the records.
  ///   - nestedSeed: the seed of the records with nested values.
  ///   - flatSeed: the seed of the flat records (CSV).
  ///   - records: at most this many records a side.
  ///   - flatRecords: at most this many flat records a side.
  ///   - directory: where the files go.
  static func everyFlatForm(
    seed: Int, nestedSeed: UInt64, flatSeed: UInt64, records: Int, flatRecords: Int,
    in directory: TemporaryDirectory
  ) throws -> [DiffPair] {
    var editor = RandomEditor(seed: nestedSeed, flat: false)
    let old = editor.collection(upTo: records)
    let new = editor.edit(old)
    func write(_ name: String, _ old: String, _ new: String, _ ext: String) throws -> DiffPair {
      try DiffPair.write(name, seed: seed, old, new, ext, in: directory)
    }
    func object(_ collection: RandomCollection) -> String {
      "{\n"
        + collection.records.map { "  \"k\($0.key)\": \($0.value.json)" }
        .joined(separator: ",\n") + "\n}\n"
    }
    var flatEditor = RandomEditor(seed: flatSeed, flat: true)
    let flatOld = flatEditor.collection(upTo: flatRecords)
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
    var composite = try write(
      "composite", old.jsonArray(onePerLine: true), new.jsonArray(onePerLine: true), "json")
    composite.options = ["--key", "name,id"]
    pairs.append(composite)
    return pairs
  }
}
