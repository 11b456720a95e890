import Foundation
import TestSupport
import Testing

/// The shared conformance suites run through the built `coldiff`:
/// csv-spectrum's tables must come out of a patch as their JSON rows, and
/// no file of JSONTestSuite may crash the tool.
@Suite struct SharedTestdataEndToEndTests {
  private static let coldiff = Binaries.path(of: "coldiff")

  /// Known mistakes of the upstream expectations (as in
  /// `CSVSpectrumTests`): `location_coordinates.json` is a lone object,
  /// not an array, with a phone number that is not the one in the CSV.
  private static let errata: [String: [String: String]] = [
    "location_coordinates": ["Contact Phone Number": "2095257564"]
  ]

  /// The rows `json/NAME.json` expects, errata applied, as a JSON array.
  private static func expectedRows(_ url: URL, _ stem: String) throws -> String {
    let parsed = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    var rows: [[String: String]]
    if let array = parsed as? [[String: String]] {
      rows = array
    } else {
      rows = [try #require(parsed as? [String: String])]
    }
    for (field, value) in errata[stem] ?? [:] {
      for index in rows.indices { rows[index][field] = value }
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: rows), as: UTF8.self)
  }

  /// `coldiff -f patch /dev/null NAME.csv` applied to an empty array by
  /// Python's jsonpatch gives `json/NAME.json`: every row, as an object
  /// of strings.
  // Skipped, with the reason printed, only when no Python with jsonpatch
  // can be had (pip without a network); `.ci/run` names the interpreter.
  @Test(.enabled(if: JSONPatchOracle.isAvailable))
  func csvSpectrumRowsComeOutOfAPatch() throws {
    let oracle = try #require(JSONPatchOracle.shared)
    let suite = try ProjectPaths.sharedTestdata("csv-spectrum")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let names = try FileManager.default.contentsOfDirectory(
      atPath: suite.appendingPathComponent("csvs").path
    ).filter { $0.hasSuffix(".csv") }.sorted()
    #expect(names.count >= 10)
    var jobs: [JSONPatchOracle.Job] = []
    for name in names {
      let csv = suite.appendingPathComponent("csvs/\(name)").path
      let outcome = try ToolProcess.run(Self.coldiff, ["-f", "patch", "/dev/null", csv])
      #expect(outcome.errorsBesideNotes == "", "\(name)")
      #expect([0, 1].contains(outcome.status), "\(name): status \(outcome.status)")
      let patch = try directory.write(name + ".patch.json", outcome.text)
      let stem = String(name.dropLast(4))
      let expected = try Self.expectedRows(suite.appendingPathComponent("json/\(stem).json"), stem)
      jobs.append(
        JSONPatchOracle.Job(
          name: name, old: "/dev/null", oldForm: "empty",
          new: try directory.write(name + ".expected.json", expected), newForm: "json",
          patch: patch))
    }
    for (name, failure) in try oracle.check(jobs).sorted(by: { $0.key < $1.key }) {
      #expect(failure == nil, "\(name): \(failure ?? "")")
    }
  }

  /// Every JSONTestSuite parsing file compared with itself: `n_` files
  /// are trouble (2) with one `coldiff:` message, `y_` files holding an
  /// array or object are equal (0), a `y_` scalar is "not a collection"
  /// (SPEC §7.11) and an object with a member name twice a duplicate key,
  /// and no file crashes the tool.
  @Test func jsonTestSuiteNeverCrashes() throws {
    let suite = try ProjectPaths.sharedTestdata("JSONTestSuite").appendingPathComponent(
      "test_parsing")
    let names = try FileManager.default.contentsOfDirectory(atPath: suite.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(names.count > 300)
    for name in names {
      let file = suite.appendingPathComponent(name).path
      let outcome = try ToolProcess.run(Self.coldiff, ["--input", "json", "-q", file, file])
      let lines = outcome.errors.split(separator: "\n", omittingEmptySubsequences: false)
      #expect([0, 2].contains(outcome.status), "\(name): status \(outcome.status)")
      if outcome.status == 2 {
        #expect(lines.count == 2 && lines[0].hasPrefix("coldiff: "), "\(name): \(outcome.errors)")
      }
      let bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
      let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      if name.hasPrefix("n_") {
        #expect(outcome.status == 2, "\(name) must be rejected")
      } else if name.hasPrefix("y_") {
        // A member name twice in an object map is the same key twice (SPEC §3).
        let collection =
          (first == UInt8(ascii: "[") || first == UInt8(ascii: "{"))
          && !name.contains("duplicated_key")
        #expect(outcome.status == (collection ? 0 : 2), "\(name): \(outcome.errors)")
      }
    }
  }
}
