import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// A long patch on a table or JSON Lines, whose tests of untouched records
/// are compared on the other core block by block
/// (`PatchTarget+DeferredTests`), gives
/// the bytes and the first error of the same patch applied through the
/// value model, wherever a test or an operation fails.
@Suite struct DeferredTestsTests {
  /// Rows enough for patches of several blocks.
  static let rows = 3000

  /// A table of `rows` rows, one of them with a quoted field, and JSON
  /// Lines of the same records.
  static let targets = [
    "t.csv": "id,name,city\n"
      + (0..<rows).map { $0 == 7 ? "7,\"Ann, B\",Oslo\n" : "\($0),n\($0),c\($0 % 5)\n" }.joined(),
    "t.jsonl": (0..<rows).map { row in
      let (name, city) = row == 7 ? ("Ann, B", "Oslo") : ("n\(row)", "c\(row % 5)")
      return #"{"id": "\#(row)", "name": "\#(name)", "city": "\#(city)"}"# + "\n"
    }.joined(),
  ]

  /// The operations coldiff writes for the rows: each row's key tested,
  /// every third row tested whole and removed, every other one's name
  /// tested and replaced; from the last row down, so the paths hold.
  static func operations() -> [String] {
    var operations: [String] = []
    for row in stride(from: rows - 1, through: 0, by: -1) {
      operations.append(#"{"op": "test", "path": "/\#(row)/id", "value": "\#(row)"}"#)
      let name = row == 7 ? "Ann, B" : "n\(row)"
      if row % 3 == 0 {
        operations.append(
          #"{"op": "test", "path": "/\#(row)", "value": {"id": "\#(row)", "name": "\#(name)", "city": "\#(row == 7 ? "Oslo" : "c\(row % 5)")"}}"#
        )
        operations.append(#"{"op": "remove", "path": "/\#(row)"}"#)
      } else {
        operations.append(#"{"op": "test", "path": "/\#(row)/name", "value": "\#(name)"}"#)
        operations.append(#"{"op": "replace", "path": "/\#(row)/name", "value": "m\#(row)"}"#)
      }
    }
    return operations
  }

  /// The patch of `operations` with the ones at some indices replaced.
  static func patch(replacing changes: [Int: String] = [:]) -> String {
    var operations = operations()
    for (index, operation) in changes { operations[index] = operation }
    return "[\n" + operations.joined(separator: ",\n") + "\n]\n"
  }

  /// Patches that apply, and patches whose first failure is a test of an
  /// untouched row (in the first block, in the middle, in the last) or
  /// an operation, with failures after it.
  static let patches: [String] = [
    patch(),
    // A key written with an escape: its bytes differ, its value does
    // not. A record added (written ahead on the other core for JSON).
    patch(replacing: [
      3: #"{"op": "test", "path": "/2998/id", "value": "2\u0039\u0039\u0038"}"#,
      8: #"{"op": "add", "path": "/2997", "value": {"id": "x", "name": "y", "city": "z"}}"#,
    ]),
    patch(replacing: [
      100: #"{"op": "test", "path": "/2950/id", "value": "x"}"#,
      5000: #"{"op": "remove", "path": "/99999"}"#,
    ]),
    patch(replacing: [4000: #"{"op": "test", "path": "/1666/name", "value": "no"}"#]),
    patch(replacing: [
      8996: #"{"op": "test", "path": "/1", "value": {"id": "1", "name": "n1", "city": "x"}}"#
    ]),
    patch(replacing: [
      2500: #"{"op": "remove", "path": "/99999"}"#,
      2600: #"{"op": "test", "path": "/0/id", "value": "1"}"#,
    ]),
    patch(replacing: [
      2600: #"{"op": "remove", "path": "/99999"}"#,
      2500: #"{"op": "test", "path": "/0/id", "value": "1"}"#,
    ]),
  ]

  @Test(arguments: targets.keys.sorted(), patches.indices)
  func blocksGiveWhatTheValueModelGives(target: String, index: Int) throws {
    let text = try #require(Self.targets[target])
    let (fast, built) = try PatchOutcomes.of(Self.patches[index], on: text, named: target)
    #expect(fast == built)
    #expect(fast.hasPrefix("error: ") == (index > 1))
  }

  /// The patches are long enough, and the targets' records lists, for
  /// the tests to be compared on the other core.
  @Test(arguments: targets.keys.sorted())
  func theTestsAreDeferred(target: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let snapshot = try Snapshot(
      InputFile(path: try folder.write(target, try #require(Self.targets[target]))),
      override: nil)
    let raw = try #require(RawJSONPatch(bytes: Array(Self.patches[0].utf8)))
    #expect(PatchTarget(snapshot).testedOriginals(raw) != nil)
  }
}
