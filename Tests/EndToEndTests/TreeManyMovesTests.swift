import Foundation
import TestSupport
import Testing

/// Tree documents with many moves among many siblings: a seeded shuffle of
/// 2,000 roots with roots moved under others, nested records moved to new
/// parents or to the top, children reordered, inserts, deletes and updates,
/// as a JSON array, as JSON Lines and as a JSON object map. coldiff's
/// document applied to OLD gives NEW, its reverse (placed by index paths)
/// applied to NEW gives OLD, and a target without a record the document
/// places after conflicts by that record's key.
@Suite struct TreeManyMovesTests {
  private static let coldiff = Binaries.path(of: "coldiff")
  private static let colpatch = Binaries.path(of: "colpatch")

  /// A forest as lists of ids: the children of each id (-1: the roots),
  /// and each id's value.
  private struct Model {
    var children: [Int: [Int]] = [:]
    var values: [Int: Int] = [:]
    var nextId = 1

    /// The record `id` with its subtree.
    func node(_ id: Int) -> RandomForest.Node {
      let kids = children[id] ?? []
      return RandomForest.Node(
        id: id, v: values[id]!, kids: kids.isEmpty ? nil : kids.map(node))
    }

    var forest: RandomForest { RandomForest(roots: (children[-1] ?? []).map(node)) }

    /// Adds a record under `parent` at `index`.
    mutating func add(under parent: Int, at index: Int, value: Int) -> Int {
      defer { nextId += 1 }
      values[nextId] = value
      children[parent, default: []].insert(nextId, at: index)
      return nextId
    }

    /// Takes `id` out of `parent`'s children.
    mutating func detach(_ id: Int, from parent: Int) {
      children[parent]!.removeAll { $0 == id }
    }
  }

  /// OLD: 2,000 roots with up to three children each, some with a child of
  /// their own. NEW: the edits listed on the suite.
  private static func forests(seed: UInt64) -> (old: RandomForest, new: RandomForest) {
    var generator = SeededGenerator(seed: seed)
    var model = Model()
    var parentOf: [Int: Int] = [:]
    for index in 0..<2000 {
      let root = model.add(under: -1, at: index, value: Int.random(in: 0...9, using: &generator))
      parentOf[root] = -1
      for kidIndex in 0..<Int.random(in: 0...3, using: &generator) {
        let kid = model.add(
          under: root, at: kidIndex, value: Int.random(in: 0...9, using: &generator))
        parentOf[kid] = root
        if Bool.random(using: &generator) {
          let grandkid = model.add(
            under: kid, at: 0, value: Int.random(in: 0...9, using: &generator))
          parentOf[grandkid] = kid
        }
      }
    }
    let old = model.forest
    let roots = model.children[-1]!
    model.children[-1]!.shuffle(using: &generator)
    // Roots moved under roots that stay at the top.
    let demoted = Set(roots.shuffled(using: &generator).prefix(100))
    let stayers = roots.filter { !demoted.contains($0) }
    for root in demoted.sorted() {
      model.detach(root, from: -1)
      let target = stayers.randomElement(using: &generator)!
      let count = model.children[target]?.count ?? 0
      model.children[target, default: []].insert(
        root, at: Int.random(in: 0...count, using: &generator))
      parentOf[root] = target
    }
    // Nested records moved under another original root or to the top.
    let nested = parentOf.keys.filter { parentOf[$0]! >= 0 }.sorted()
    for id in nested.shuffled(using: &generator).prefix(300) {
      model.detach(id, from: parentOf[id]!)
      let target =
        Int.random(in: 0..<3, using: &generator) == 0 ? -1 : roots.randomElement(using: &generator)!
      let count = model.children[target]?.count ?? 0
      model.children[target, default: []].insert(
        id, at: Int.random(in: 0...count, using: &generator))
      parentOf[id] = target
    }
    for root in stayers.shuffled(using: &generator).prefix(100) {
      model.children[root]?.shuffle(using: &generator)
    }
    let leaves = parentOf.keys.filter { (model.children[$0] ?? []).isEmpty }.sorted()
    for id in leaves.shuffled(using: &generator).prefix(50) {
      model.detach(id, from: parentOf[id]!)
      parentOf[id] = nil
      model.values[id] = nil
    }
    for _ in 0..<50 {
      let target = Bool.random(using: &generator) ? -1 : roots.randomElement(using: &generator)!
      let count = model.children[target]?.count ?? 0
      let id = model.add(
        under: target, at: Int.random(in: 0...count, using: &generator), value: 100)
      parentOf[id] = target
    }
    for id in parentOf.keys.sorted().shuffled(using: &generator).prefix(100) {
      model.values[id]! += 10
    }
    return (old, model.forest)
  }

  @Test(arguments: ["json", "jsonl", "map"])
  func manyMovesRoundTrip(_ form: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (old, new) = Self.forests(seed: 20_261_123)
    func text(_ forest: RandomForest) -> String {
      switch form {
      case "jsonl": return forest.jsonLines
      case "map": return forest.jsonMap
      default: return forest.json
      }
    }
    let lines = form == "jsonl"
    let suffix = lines ? "jsonl" : "json"
    let oldFile = try directory.write("old.\(suffix)", text(old))
    let newFile = try directory.write("new.\(suffix)", text(new))
    let made = try ToolProcess.run(
      Self.coldiff, ["--tree", "kids", "-f", "json", oldFile, newFile])
    try #require(made.status == 1, "\(made.errors)")
    let lists = try #require(
      try JSONSerialization.jsonObject(with: Data(made.output)) as? [String: Any])
    let moves = try #require(lists["moves"] as? [[String: Any]])
    #expect(moves.count > (form == "map" ? 300 : 1500))
    let document = try directory.write("document.json", made.text)

    let applied = try ToolProcess.run(Self.colpatch, ["apply", document, oldFile])
    try #require(applied.status == 0, "\(applied.errors)")
    #expect(
      try TreeRoundTripTests.values(applied.output, lines: lines)
        == TreeRoundTripTests.values(Array(text(new).utf8), lines: lines))

    let reversed = try ToolProcess.run(Self.colpatch, ["reverse", document])
    try #require(reversed.status == 0, "\(reversed.errors)")
    let reverse = try directory.write("reverse.json", reversed.text)
    let undone = try ToolProcess.run(Self.colpatch, ["apply", reverse, newFile])
    try #require(undone.status == 0, "\(undone.errors)")
    #expect(
      try TreeRoundTripTests.values(undone.output, lines: lines)
        == TreeRoundTripTests.values(Array(text(old).utf8), lines: lines))
  }

  /// A target without a root that a move is placed after (a leaf that the
  /// document does not touch) conflicts naming that root's key, and
  /// nothing is written.
  @Test func aMissingSiblingConflictsByKey() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (old, new) = Self.forests(seed: 7)
    let oldFile = try directory.write("old.json", old.json)
    let newFile = try directory.write("new.json", new.json)
    let made = try ToolProcess.run(
      Self.coldiff, ["--tree", "kids", "-f", "json", oldFile, newFile])
    let lists = try #require(
      try JSONSerialization.jsonObject(with: Data(made.output)) as? [String: Any])
    var touched = Set<Int>()
    for list in ["inserts", "deletes", "updates", "moves"] {
      for entry in try #require(lists[list] as? [[String: Any]]) {
        if let key = entry["key"] as? Int { touched.insert(key) }
      }
    }
    let leafRoots = Set(old.roots.filter { $0.kids == nil }.map(\.id))
    let moves = try #require(lists["moves"] as? [[String: Any]])
    let missing = try #require(
      moves.compactMap { $0["after"] as? Int }.first {
        leafRoots.contains($0) && !touched.contains($0)
      })
    let drifted = RandomForest(roots: old.roots.filter { $0.id != missing })
    let target = try directory.write("drifted.json", drifted.json)
    let document = try directory.write("document.json", made.text)
    let output = directory.file("out.json")
    let applied = try ToolProcess.run(
      Self.colpatch, ["apply", document, target, "-o", output])
    #expect(applied.status == 1, "\(applied.errors)")
    #expect(applied.errors.contains("(key \(missing))"), "\(applied.errors)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}

extension TreeManyMovesTests {
  /// A document that moves one record twice is refused (exit 2), naming
  /// its key, and nothing is written.
  @Test func aRecordMovedTwiceIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let oldFile = try directory.write(
      "old.json", "[{\"id\": 1, \"kids\": []}, {\"id\": 2}, {\"id\": 3}]\n")
    let newFile = try directory.write(
      "new.json", "[{\"id\": 1, \"kids\": [{\"id\": 3}]}, {\"id\": 2}]\n")
    let made = try ToolProcess.run(
      Self.coldiff, ["--tree", "kids", "-f", "json", oldFile, newFile])
    var lists = try #require(
      try JSONSerialization.jsonObject(with: Data(made.output)) as? [String: Any])
    let moves = try #require(lists["moves"] as? [Any])
    try #require(moves.count == 1)
    lists["moves"] = moves + moves
    let document = directory.file("document.json")
    try JSONSerialization.data(withJSONObject: lists).write(to: URL(fileURLWithPath: document))
    let output = directory.file("out.json")
    let applied = try ToolProcess.run(
      Self.colpatch, ["apply", document, oldFile, "-o", output])
    #expect(applied.status == 2, "\(applied.errors)")
    #expect(applied.errors.contains("key 3"), "\(applied.errors)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
