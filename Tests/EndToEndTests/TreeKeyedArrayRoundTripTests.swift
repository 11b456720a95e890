import Foundation
import TestSupport
import Testing

extension TreeRoundTripTests {
  /// `--tree` with `--array-key` (SPEC §8.2): seeded random forests whose
  /// records carry `lines` keyed by `sku` (elements inserted, deleted,
  /// changed and moved, besides the records' own inserts, deletes, updates
  /// and moves) go through colpatch both ways as a patch and as a diff
  /// document, and every patch through Python's jsonpatch; the diff
  /// document names each element change by its key.
  @Test func randomForestsWithKeyedArraysRoundTrip() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let options = ["--tree", "kids", "--array-key", "lines=sku"]
    var jobs: [JSONPatchOracle.Job] = []
    var elementChanges = 0
    for seed in 0..<Self.trials {
      var editor = RandomForestEditor(seed: UInt64(seed) &* 2_654_435_761 &+ 29, keyedLines: true)
      let old = editor.forest()
      let new = editor.edit(old)
      guard old != new else { continue }
      let lines = seed % 3 == 0
      let form = lines ? "jsonl" : "json"
      let oldFile = try directory.write("\(seed)-old.\(form)", lines ? old.jsonLines : old.json)
      let newFile = try directory.write("\(seed)-new.\(form)", lines ? new.jsonLines : new.json)
      for format in ["patch", "json"] {
        let failures = try Self.roundTrips(
          old: oldFile, new: newFile, tree: options, format: format, in: directory)
        #expect(failures.isEmpty, "seed \(seed): \(failures)")
      }
      let document = try ToolProcess.run(
        Binaries.path(of: "coldiff"), options + ["-f", "json", oldFile, newFile])
      let updates =
        try #require(
          try JSONSerialization.jsonObject(with: Data(document.output)) as? [String: Any])[
          "updates"]
        as? [[String: Any]]
      for update in updates ?? [] {
        for change in update["changes"] as? [[String: Any]] ?? [] {
          let path = try #require(change["path"] as? String)
          guard path.hasPrefix("/lines/") else { continue }
          #expect(change["key"] is String, "seed \(seed): \(path) names no element")
          elementChanges += 1
        }
      }
      let patch = try ToolProcess.run(
        Binaries.path(of: "coldiff"), options + ["-f", "patch", oldFile, newFile])
      let patchFile = try directory.write("\(seed)-patch.json", patch.text)
      jobs.append(
        JSONPatchOracle.Job(
          name: "seed \(seed)", old: oldFile, oldForm: form, new: newFile, newForm: form,
          patch: patchFile))
    }
    #expect(elementChanges > Self.trials)
    try Self.expectJSONPatchReproducesNew(jobs)
  }

  /// A tree document's element changes apply by key to a target whose
  /// record moved to another parent and whose elements moved since OLD;
  /// one whose element differs from what the document expects conflicts,
  /// naming the record and the element.
  @Test func keyedElementsOfATreeDocumentApplyByKey() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try directory.write(
      "old.json",
      #"[{"id": 1, "kids": [{"id": 2, "lines": [{"sku": "a", "n": 1}, {"sku": "b", "n": 1}]}]}]"#)
    let new = try directory.write(
      "new.json",
      #"[{"id": 1, "kids": [{"id": 2, "lines": [{"sku": "b", "n": 5}, {"sku": "c", "n": 1}]}]}]"#)
    let made = try ToolProcess.run(
      Binaries.path(of: "coldiff"),
      ["--tree", "kids", "--array-key", "lines=sku", "-f", "json", old, new])
    let document = try directory.write("document.json", made.text)
    let drifted = try directory.write(
      "drifted.json",
      #"[{"id": 1}, {"id": 3, "kids": [{"id": 2, "lines": [{"sku": "b", "n": 1}, "#
        + #"{"sku": "z", "n": 9}, {"sku": "a", "n": 1}]}]}]"#)
    let applied = try ToolProcess.run(Binaries.path(of: "colpatch"), ["apply", document, drifted])
    #expect(applied.status == 0, "\(applied.errors)")
    #expect(
      try Self.values(applied.output, lines: false)
        == Self.values(
          Array(
            (#"[{"id": 1}, {"id": 3, "kids": [{"id": 2, "lines": [{"sku": "b", "n": 5}, "#
              + #"{"sku": "c", "n": 1}, {"sku": "z", "n": 9}]}]}]"#).utf8),
          lines: false))
    let changed = try directory.write(
      "changed.json",
      #"[{"id": 1, "kids": [{"id": 2, "lines": [{"sku": "a", "n": 1}, {"sku": "b", "n": 4}]}]}]"#)
    let refused = try ToolProcess.run(Binaries.path(of: "colpatch"), ["apply", document, changed])
    #expect(refused.status == 1)
    #expect(refused.errors.contains("key 2"), "\(refused.errors)")
    #expect(refused.output.isEmpty)
  }
}
