import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// A bucketed run's put-together snapshots hold in full only the records
/// its outputs read (the diff's, the records before inserts and moves,
/// the partners of updates and moves); every other matched record of a
/// JSON array or JSON Lines is `{}`, so that they stay small however
/// many records the inputs have. (That the outputs are the run in
/// memory's is `BucketedRunTests`'.) Serialized: a process has one spill
/// folder at a time (`SpillCleanup`).
@Suite(.serialized) struct BucketedSnapshotTests {
  private func line(_ id: Int, _ version: Int) -> String {
    "{\"id\": \"r\(id)\", \"name\": \"record number \(id)\", \"v\": \(version)}\n"
  }

  @Test(arguments: ["jsonl", "json"])
  func matchedRecordsTheOutputsDoNotReadAreEmptyObjects(_ form: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let ids = Array(0..<400)
    // NEW: record 7 updated, 100 deleted, 900 inserted after 50, 300 moved to the end.
    var newIds = ids.filter { $0 != 100 && $0 != 300 }
    newIds.insert(900, at: newIds.firstIndex(of: 50)! + 1)
    newIds.append(300)
    func text(_ lines: [String]) -> String {
      form == "jsonl"
        ? lines.joined()
        : "[\n" + lines.map { String($0.dropLast()) }.joined(separator: ",\n") + "\n]\n"
    }
    let old = try folder.write("old.\(form)", text(ids.map { line($0, 1) }))
    let new = try folder.write("new.\(form)", text(newIds.map { line($0, $0 == 7 ? 2 : 1) }))
    let result = try BucketedComparison.compare(
      old: .init(path: old, detectionName: nil), new: .init(path: new, detectionName: nil),
      standardInput: 0,
      settings: .init(
        keyFields: [], rules: ComparisonRules(), unordered: false, inputFormat: nil,
        delimiter: nil, keyName: Identity.likelyKeyName(keys: [])),
      plan: BucketPlan(budget: 64 << 10, temporaryDirectory: folder.path), progress: { _ in })
    let comparison = result.comparison
    #expect(comparison.diff.updates == [7])
    #expect(comparison.diff.deletes == [100])
    #expect(comparison.diff.inserts == [51])
    #expect(comparison.diff.moves.map(\.from) == [300])
    func isEmptyObject(_ snapshot: Snapshot, _ record: Int) -> Bool {
      snapshot.value(of: record) == .object(JSONObject())
    }
    // What the outputs read is there.
    #expect(comparison.key(old: 7) == .string(JSONString("r7")))
    #expect(comparison.key(old: 300) == .string(JSONString("r300")))
    #expect(comparison.key(new: 50) == .string(JSONString("r50")))
    #expect(comparison.key(new: newIds.count - 2) == .string(JSONString("r399")))
    #expect(comparison.key(new: newIds.firstIndex(of: 7)!) == .string(JSONString("r7")))
    // Every other matched record is `{}`.
    let shownOld: Set = [7, 100, 300]
    let hiddenOld = ids.indices.filter { !shownOld.contains($0) }
    #expect(hiddenOld.allSatisfy { isEmptyObject(comparison.old, $0) })
    let shownNew: Set = [
      newIds.firstIndex(of: 7)!, 50, 51, newIds.count - 2, newIds.count - 1,
    ]
    let hiddenNew = newIds.indices.filter { !shownNew.contains($0) }
    #expect(hiddenNew.allSatisfy { isEmptyObject(comparison.new, $0) })
  }
}
