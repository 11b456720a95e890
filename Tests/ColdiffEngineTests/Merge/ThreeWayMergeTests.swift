import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// The three-way merge on seeded random triples (SPEC §8.4).
@Suite struct ThreeWayMergeTests {
  private static let seeds: [UInt64] = Array(1...40)

  /// When the two sides change disjoint records and fields, the merge is
  /// THEIRS's diff document applied to OURS, byte for byte, and OURS's
  /// applied to THEIRS (as values for a JSON object, where both sides'
  /// new members go last, ours first), with no conflict.
  @Test(arguments: MergeTriple.Form.allCases)
  func disjointChangesMergeAsEachDiffAppliedToTheOtherSide(form: MergeTriple.Form) throws {
    for seed in Self.seeds {
      let triple = MergeTriple(seed: seed, form: form, conflicts: false)
      let (base, ours, theirs) = try snapshots(triple)
      let merge = try ThreeWayMerge(
        base: base, ours: ours, theirs: theirs, keys: [], rules: ComparisonRules(), unordered: false
      )
      let merged = try merge.merged.written()
      #expect(merge.conflicts.isEmpty, "seed \(seed)")
      let theirsOnOurs = try applied(try diff(base, theirs), to: ours)
      #expect(
        String(decoding: merged, as: UTF8.self) == String(decoding: theirsOnOurs, as: UTF8.self),
        "seed \(seed)")
      let oursOnTheirs = try applied(try diff(base, ours), to: theirs)
      if form == .jsonObject {
        #expect(try JSONReader.parse(merged) == JSONReader.parse(oursOnTheirs), "seed \(seed)")
      } else {
        #expect(merged == oursOnTheirs, "seed \(seed)")
      }
    }
  }

  /// Each planted conflict is reported once, by key and field; nothing
  /// else is reported, and the merged snapshot holds OURS's side of each.
  @Test(arguments: MergeTriple.Form.allCases)
  func plantedConflictsAreEachReportedOnce(form: MergeTriple.Form) throws {
    var total = 0
    for seed in Self.seeds {
      let triple = MergeTriple(seed: seed, form: form, conflicts: true)
      let (base, ours, theirs) = try snapshots(triple)
      let merge = try ThreeWayMerge(
        base: base, ours: ours, theirs: theirs, keys: [], rules: ComparisonRules(), unordered: false
      )
      let reported = merge.conflicts.map { conflict in
        MergeTriple.Planted(
          kind: conflict.kind, id: id(of: conflict.record),
          field: conflict.path.map { String($0.description.dropFirst()) })
      }
      #expect(reported.count == Set(reported).count, "seed \(seed): reported twice")
      #expect(Set(reported) == triple.planted, "seed \(seed)")
      total += reported.count
      // OURS's side of each conflict is what the merge holds.
      let mergedRecords = try records(of: try merge.merged.written(), triple)
      let oursRecords = try records(of: Array(triple.text(triple.ours).utf8), triple)
      for conflict in triple.planted {
        #expect(mergedRecords[conflict.id] == oursRecords[conflict.id], "seed \(seed)")
      }
    }
    #expect(total > Self.seeds.count)
  }

  /// BASE, OURS and THEIRS scanned in small chunks (as large inputs are
  /// when they do not go one to a thread) merge to the same bytes and
  /// conflicts as the three scanned whole.
  @Test(arguments: MergeTriple.Form.allCases)
  func chunkedScansMergeAsWholeScans(form: MergeTriple.Form) throws {
    for seed in Self.seeds.prefix(10) {
      let triple = MergeTriple(seed: seed, form: form, conflicts: seed.isMultiple(of: 2))
      var results: [([UInt8], [String])] = []
      for chunking in [ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 48)] {
        let (base, ours, theirs) = try snapshots(triple, chunking: chunking)
        let merge = try ThreeWayMerge(
          base: base, ours: ours, theirs: theirs, keys: [], rules: ComparisonRules(),
          unordered: false)
        results.append((try merge.merged.written(), merge.conflicts.map(\.line)))
      }
      #expect(results[0].0 == results[1].0, "seed \(seed)")
      #expect(results[0].1 == results[1].1, "seed \(seed)")
    }
  }

  /// The key of a conflict as the triple's record id.
  private func id(of record: MergeConflict.Record) -> Int {
    switch record {
    case .key(let key): Int(ReportText.key(key).trimmingCharacters(in: ["\""])) ?? -1
    case .member(let name): Int(name.string.dropFirst()) ?? -1
    }
  }

  /// The records of a written snapshot by id, as values.
  private func records(of bytes: [UInt8], _ triple: MergeTriple) throws -> [Int: JSONValue] {
    let snapshot = try Snapshot(
      InputFile(name: triple.fileName("merged"), bytes: bytes), override: nil)
    var result: [Int: JSONValue] = [:]
    for record in 0..<snapshot.count {
      let id: Int
      if snapshot.isObjectMap {
        id = Int(snapshot.memberName(of: record).string.dropFirst()) ?? -1
      } else {
        let key = JSONPointer(["id"]).resolve(in: snapshot.value(of: record))
        id = Int(key.map(ReportText.key)?.trimmingCharacters(in: ["\""]) ?? "") ?? -1
      }
      result[id] = snapshot.value(of: record)
    }
    return result
  }

  private func snapshots(_ triple: MergeTriple, chunking: ScanChunking = .automatic) throws
    -> (Snapshot, Snapshot, Snapshot)
  {
    func read(_ side: String, _ records: [MergeTriple.Record]) throws -> Snapshot {
      try Snapshot(
        InputFile(name: triple.fileName(side), bytes: Array(triple.text(records).utf8)),
        override: nil, keyName: Array("id".utf8), chunking: chunking)
    }
    return (
      try read("base", triple.base), try read("ours", triple.ours),
      try read("theirs", triple.theirs)
    )
  }

  /// coldiff's diff document from `old` to `new`.
  private func diff(_ old: Snapshot, _ new: Snapshot) throws -> DiffDocument {
    let identity = try Identity.resolve(keys: [], old: old, new: new)
    return try Comparison(
      old: old, new: new, identity: identity, rules: ComparisonRules(),
      ordered: identity != .memberName,
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
