import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// The three-way merge under comparison rules, on seeded random orders
/// with keyed `lines` (SPEC §8.2, §8.4): `--array-key lines=sku` and
/// `--compare lines.*.price=abs:0.01`.
@Suite struct KeyedMergeTests {
  private static let seeds: [UInt64] = Array(1...40)

  /// When the two sides change different orders, elements or fields, the
  /// merge is THEIRS's diff document applied to OURS, byte for byte, with
  /// no conflict; and OURS's applied to THEIRS is the same under the rules
  /// (as values, with each order's lines in key order: an inserted
  /// element goes at its index on its side).
  @Test(arguments: [false, true])
  func disjointChangesMergeAsEachDiffAppliedToTheOtherSide(jsonLines: Bool) throws {
    let rules = try KeyedMergeTriple.rules()
    var merged = 0
    for seed in Self.seeds {
      let triple = KeyedMergeTriple(seed: seed, jsonLines: jsonLines, conflicts: false)
      let (base, ours, theirs) = try snapshots(triple)
      let merge = try ThreeWayMerge(
        base: base, ours: ours, theirs: theirs, keys: [], rules: rules, unordered: false)
      let result = try merge.merged.written()
      #expect(merge.conflicts.isEmpty, "seed \(seed): \(merge.conflicts.map(\.line))")
      let theirsOnOurs = try applied(try diff(base, theirs, rules), to: ours)
      #expect(
        String(decoding: result, as: UTF8.self) == String(decoding: theirsOnOurs, as: UTF8.self),
        "seed \(seed)")
      let oursOnTheirs = try applied(try diff(base, ours, rules), to: theirs)
      let (left, right) = try (values(result, triple), values(oursOnTheirs, triple))
      #expect(left.count == right.count, "seed \(seed)")
      for (one, other) in zip(left, right) {
        #expect(try rules.filter(FieldChange.between(one, other)).isEmpty, "seed \(seed)")
      }
      if !merge.theirs.updates.isEmpty { merged += 1 }
    }
    #expect(merged > Self.seeds.count / 2)
  }

  /// Each planted conflict (the same field of one element changed to
  /// different values; an element deleted on one side and changed on the
  /// other) is reported once, naming the order, the element and the
  /// field; the merged order holds OURS's side.
  @Test(arguments: [false, true])
  func plantedConflictsAreEachReportedOnceByElement(jsonLines: Bool) throws {
    let rules = try KeyedMergeTriple.rules()
    var total = 0
    for seed in Self.seeds {
      let triple = KeyedMergeTriple(seed: seed, jsonLines: jsonLines, conflicts: true)
      let (base, ours, theirs) = try snapshots(triple)
      let merge = try ThreeWayMerge(
        base: base, ours: ours, theirs: theirs, keys: [], rules: rules, unordered: false)
      let reported = try merge.conflicts.map { conflict in
        #expect(conflict.kind == .field)
        let element = try #require(conflict.element, "seed \(seed): \(conflict.line)")
        let tokens = conflict.path?.tokens ?? []
        let field = tokens.dropFirst(element.depth + 1)
        guard case .key(.number(let id)) = conflict.record, case .string(let sku) = element.key
        else { throw KeyedMergeFailure(line: conflict.line) }
        return KeyedMergeTriple.Planted(
          id: Int(String(decoding: id.text, as: UTF8.self)) ?? -1, sku: sku.string,
          field: field.isEmpty ? nil : field.map { String(decoding: $0, as: UTF8.self) }.joined())
      }
      #expect(reported.count == Set(reported).count, "seed \(seed): reported twice")
      #expect(Set(reported) == triple.planted, "seed \(seed)")
      total += reported.count
      let result = try values(try merge.merged.written(), triple)
      let oursValues = try values(Array(triple.text(triple.ours).utf8), triple)
      for conflict in triple.planted {
        #expect(result[conflict.id] == oursValues[conflict.id], "seed \(seed)")
      }
    }
    #expect(total > Self.seeds.count / 2)
  }

  /// The orders of a written snapshot in order, each order's lines sorted
  /// by key.
  private func values(_ bytes: [UInt8], _ triple: KeyedMergeTriple) throws -> [JSONValue] {
    let snapshot = try Snapshot(
      InputFile(name: triple.fileName("merged"), bytes: bytes), override: nil)
    return (0..<snapshot.count).map { record in
      guard case .object(var object) = snapshot.value(of: record),
        let index = object.index(of: Array("lines".utf8)),
        case .array(let lines) = object.members[index].value
      else { return snapshot.value(of: record) }
      let sku = JSONPointer(["sku"])
      object.members[index].value = .array(
        lines.sorted {
          ReportText.key(sku.resolve(in: $0) ?? .null)
            < ReportText.key(sku.resolve(in: $1) ?? .null)
        })
      return .object(object)
    }
  }

  private func snapshots(_ triple: KeyedMergeTriple) throws -> (Snapshot, Snapshot, Snapshot) {
    func read(_ side: String, _ orders: [KeyedMergeTriple.Order]) throws -> Snapshot {
      try Snapshot(
        InputFile(name: triple.fileName(side), bytes: Array(triple.text(orders).utf8)),
        override: nil, keyName: Array("id".utf8))
    }
    return (
      try read("base", triple.base), try read("ours", triple.ours),
      try read("theirs", triple.theirs)
    )
  }

  /// coldiff's diff document from `old` to `new` under `rules`.
  private func diff(_ old: Snapshot, _ new: Snapshot, _ rules: ComparisonRules) throws
    -> DiffDocument
  {
    let identity = try Identity.resolve(keys: [], old: old, new: new)
    return try Comparison(
      old: old, new: new, identity: identity, rules: rules, ordered: true,
      oldKeys: old.keyArena(for: identity), newKeys: new.keyArena(for: identity)
    ).document()
  }

  /// `document` applied to `target` by key, written.
  private func applied(_ document: DiffDocument, to target: Snapshot) throws -> [UInt8] {
    var patched = PatchTarget(target)
    try patched.apply(document)
    return try patched.written()
  }
}

/// A conflict that does not name an order by number and an element by a
/// string key.
private struct KeyedMergeFailure: Error {
  let line: String
}
