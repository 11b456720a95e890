import Foundation
import TestSupport
import Testing

/// A diff document applies by key to a target (a JSON array or JSON
/// Lines) that drifted from OLD, as a seeded random property: other records added, removed, reordered and
/// changed. The expected result follows SPEC §5 word for word: deleted
/// and updated records are found by key, and each insert or move, in
/// ascending NEW position, goes right after the record that precedes it
/// in NEW (or first). The target is written in one style, so the result
/// is compared byte for byte.
@Suite struct ColpatchDriftTests {
  static let caseCount = 60

  /// What a diff document says about one record.
  struct Placement {
    let key: ColpatchJSON
    let newIndex: Int
    let after: ColpatchJSON
  }

  /// The records of a JSON array or JSON Lines text, as values.
  static func records(_ text: String) throws -> [ColpatchJSON] {
    if text.hasPrefix("[") { return try ColpatchJSON(parsing: text).arrayValue ?? [] }
    return try text.split(separator: "\n").map { try ColpatchJSON(parsing: String($0)) }
  }

  /// The key of a generated record (its `id`).
  static func key(of record: ColpatchGenValue) -> ColpatchJSON {
    record.json.objectValue?["id"] ?? .null
  }

  @Test(arguments: 0..<caseCount)
  func aDiffAppliesToADriftedTarget(_ number: Int) throws {
    var generator = ColpatchRoundTripGenerator(seed: 0xD81F_7000 &+ UInt64(number))
    let old = (0..<generator.int(1...25)).map { _ in generator.record(identity: "id") }
    let new = generator.evolve(old, identity: "id", moves: true) { $0.record(identity: "id") }
    // Odd cases are JSON Lines, even ones JSON arrays.
    let lines = number % 2 == 1
    let style = generator.pick(
      lines ? ColpatchJSONStyle.lineStyles : ColpatchJSONStyle.documentStyles)
    let write = { (records: [ColpatchGenValue]) in
      lines ? style.lines(records) : style.document(records)
    }
    let name = lines ? "jsonl" : "json"
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let oldPath = try folder.write("old.\(name)", write(old))
    let newPath = try folder.write("new.\(name)", write(new))
    let diff = try ColpatchCommandLine.coldiff(["-f", "json", oldPath, newPath])
    #expect(diff.status <= 1 && diff.errors.isEmpty, "\(diff)")
    try Self.expectDriftedApply(
      diff.output, from: old, to: new, &generator, write: write, in: folder,
      name: "case \(number) \(style) forward.\(name)")
    // The reversed document finds its deletes and updates by key in a NEW
    // that drifted. It carries no `after` (the record before a re-inserted
    // one in OLD is not in the document when it did not change), so it
    // places inserts and moves by position: the result is compared as a
    // multiset of records.
    let reversed = try ColpatchCommandLine.colpatch(["reverse", "-"], input: diff.output)
    #expect(reversed.status == 0 && reversed.errors.isEmpty, "\(reversed)")
    try Self.expectDriftedApply(
      reversed.output, from: new, to: old, &generator, write: write, in: folder,
      name: "case \(number) \(style) backward.\(name)", exact: false)
  }

  /// Applies the diff document `bytes` (from `from` to `to`) to a drifted
  /// copy of `from` and compares the result with SPEC §5's answer.
  static func expectDriftedApply(
    _ bytes: [UInt8], from old: [ColpatchGenValue], to new: [ColpatchGenValue],
    _ generator: inout ColpatchRoundTripGenerator, write: ([ColpatchGenValue]) -> String,
    in folder: TemporaryDirectory, name: String, exact: Bool = true
  ) throws {
    let document = try #require(try ColpatchJSON(parsing: bytes).objectValue)
    func entries(_ name: String) -> [[String: ColpatchJSON]] {
      (document[name]?.arrayValue ?? []).compactMap(\.objectValue)
    }
    func index(_ value: ColpatchJSON?) -> Int {
      if case .number(let number)? = value { return Int(number.jsonText) ?? -1 }
      return -1
    }
    let placements =
      (entries("inserts").map {
        Placement(
          key: $0["key"] ?? .null, newIndex: index($0["index"]), after: $0["after"] ?? .null)
      }
      + entries("moves").map {
        Placement(key: $0["key"] ?? .null, newIndex: index($0["to"]), after: $0["after"] ?? .null)
      }).sorted { $0.newIndex < $1.newIndex }
    let deleted = Set(entries("deletes").compactMap { $0["key"] })
    let moved = Set(entries("moves").compactMap { $0["key"] })
    let touched = deleted.union(moved).union(entries("updates").compactMap { $0["key"] })
    let anchors = Set(placements.map(\.after))

    // Drift: untouched records change, go, move; other records come.
    var target: [ColpatchGenValue] = []
    for record in old {
      let key = Self.key(of: record)
      if touched.contains(key) {
        target.append(record)
      } else if anchors.contains(key) || !generator.chance(0.2) {
        target.append(generator.chance(0.3) ? generator.mutated(record, keeping: "id") : record)
      }
    }
    for _ in 0..<generator.int(0...2) where target.count > 1 {
      let record = target.remove(at: generator.int(0...(target.count - 1)))
      target.insert(record, at: generator.int(0...target.count))
    }
    for _ in 0..<generator.int(0...3) {
      target.insert(generator.record(identity: "id"), at: generator.int(0...target.count))
    }

    // The expected result, by SPEC §5.
    let newByKey = Dictionary(
      new.map { (Self.key(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
    var expected = target.filter {
      let key = Self.key(of: $0)
      return !deleted.contains(key) && !moved.contains(key)
    }.map { record in
      touched.contains(Self.key(of: record)) ? newByKey[Self.key(of: record)]! : record
    }
    for placement in placements {
      let position =
        placement.after == .null
        ? 0 : (expected.firstIndex { Self.key(of: $0) == placement.after } ?? -1) + 1
      #expect(position > 0 || placement.after == .null, "anchor \(placement.after) kept")
      expected.insert(newByKey[placement.key]!, at: max(position, 0))
    }

    let extensionName = name.split(separator: ".").last.map(String.init) ?? "json"
    let targetPath = try folder.write("target.\(extensionName)", write(target))
    let outcome = try ColpatchCommandLine.colpatch(["apply", "-", targetPath], input: bytes)
    #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(name): \(outcome)")
    if exact {
      #expect(outcome.text == write(expected), "\(name)")
    } else {
      let sorted = { (records: [ColpatchJSON]) in records.sorted { $0.description < $1.description }
      }
      #expect(
        sorted(try Self.records(outcome.text)) == sorted(expected.map(\.json)),
        "\(name): \(outcome.text)")
    }
  }
}
