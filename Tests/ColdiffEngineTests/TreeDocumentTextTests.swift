import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// The tree diff document's text written with its lists on both cores
/// (`TreeComparison.writeDocument`) is, piece by piece put together, the
/// text of the document built as values (`TreeComparison.document()`),
/// for random forests whose keys are written every way a key is written
/// (plain and escaped strings, numbers, space around them), keyed by the
/// key the scan noted, by one it did not, by two fields, and with the
/// roots of a JSON object map.
@Suite struct TreeDocumentTextTests {
  /// How a node's `id` is written, by the node.
  private static func idText(_ id: Int) -> String {
    switch id % 5 {
    case 0: return "\"n\(id)\""
    // An escape: its canonical bytes do not say how it is written.
    case 1: return "\"\\u006e\(id)\""
    case 2: return "\(id)"
    case 3: return "\(id).50"
    default: return " \"n\\\"\(id)\" "
    }
  }

  /// A node as JSON text: some without a children member when they have
  /// no children.
  private static func text(_ node: RandomForest.Node) -> String {
    let members = "\"id\":\(idText(node.id)), \"v\": \(node.value)"
    guard !node.children.isEmpty || node.id % 3 != 0 else { return "{\(members)}" }
    return "{\(members), \"children\": [\(node.children.map(text).joined(separator: ", "))]}"
  }

  private static func array(_ forest: RandomForest) -> String {
    "[" + forest.roots.map(text).joined(separator: ",\n") + "]\n"
  }

  /// The roots as the members of a JSON object, named by their ids.
  private static func map(_ forest: RandomForest) -> String {
    "{" + forest.roots.map { "\"r\($0.id)\": \(text($0))" }.joined(separator: ",\n") + "}\n"
  }

  private func comparison(
    _ oldText: String, _ newText: String, keyName: String?, keys: [JSONPointer]
  ) throws -> TreeComparison {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let field = try JSONPointer(field: "children")
    func tree(_ name: String, _ text: String) throws -> TreeSnapshot {
      let path = try folder.write(name, text)
      let name = keyName.map { Array($0.utf8) }
      let snapshot = try Snapshot(InputFile(path: path), override: nil, keyName: name)
      return try TreeSnapshot(snapshot, field: field, keyName: name)
    }
    let (old, new) = (try tree("old.json", oldText), try tree("new.json", newText))
    return try TreeComparison(old: old, new: new, keys: keys, rules: ComparisonRules())
  }

  /// The text `writeDocument` hands over in pieces of about `threshold`
  /// bytes, put together; the work given to run beside the writes runs
  /// once.
  private func writtenText(_ comparison: TreeComparison, threshold: Int) -> [UInt8] {
    var pieces: [[UInt8]] = []
    var out: [UInt8] = []
    var alongside = 0
    comparison.writeDocument(
      to: &out, flushingAt: threshold, alongside: { alongside += 1 }, { pieces.append($0) })
    #expect(alongside == 1)
    return pieces.flatMap { $0 } + out
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
  func treeDocumentsAreWrittenAsBuilt(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed + 300)
    let (oldForest, newForest) = RandomForest.pair(count: 40, edits: 16, using: &generator)
    let id = JSONPointer(["id"])
    let cases: [(String, String, String?, [JSONPointer])] = [
      (Self.array(oldForest), Self.array(newForest), "id", [id]),
      (Self.array(oldForest), Self.array(newForest), nil, [id]),
      (Self.array(oldForest), Self.array(newForest), "id", [id, JSONPointer(["v"])]),
      (Self.map(oldForest), Self.map(newForest), "id", [id]),
    ]
    for (oldText, newText, keyName, keys) in cases {
      let comparison = try comparison(oldText, newText, keyName: keyName, keys: keys)
      let wanted = comparison.document().bytes
      for threshold in [1, 40, 1 << 20] {
        #expect(
          writtenText(comparison, threshold: threshold) == wanted,
          "pieces of \(threshold), key \(keys), noted \(keyName ?? "none")")
      }
    }
  }

  /// A node's parent and the sibling before it are written by key; a
  /// first child comes after `null`, a root has a `null` parent.
  @Test func referencesAreWrittenByKey() throws {
    let comparison = try comparison(
      "[{\"id\": \"a\", \"children\": [{\"id\": 1}]}]\n",
      "[{\"id\": \"a\", \"children\": [{\"id\": 2}, {\"id\": 1.0}]}, {\"id\": \"b\"}]\n",
      keyName: "id", keys: [JSONPointer(["id"])])
    let text = String(decoding: writtenText(comparison, threshold: 1 << 20), as: UTF8.self)
    #expect(
      text.contains(
        "{\"index\": [0, 0], \"key\": 2, \"parent\": \"a\", \"after\": null, \"value\": {\"id\": 2}}"
      ))
    #expect(
      text.contains(
        "{\"index\": [1], \"key\": \"b\", \"parent\": null, \"after\": \"a\", \"value\": {\"id\": \"b\"}}"
      ))
    #expect(text.utf8.elementsEqual(comparison.document().bytes))
  }
}
