import TestSupport

/// A random forest of keyed records for the `--tree` tests: each record
/// has an `id` unique across the forest, a value `v`, and sometimes a
/// `kids` array (sometimes empty), edited by random inserts, deletes,
/// updates, moves within and across parents (never into the record's own
/// subtree) and removals of empty `kids` members. With keyed lines, each
/// record also has a `lines` array keyed by `sku` (`--array-key
/// lines=sku`), whose elements are inserted, deleted, changed and moved.
struct RandomForest: Equatable {
  /// One record.
  struct Node: Equatable {
    var id: Int
    var v: Int
    var kids: [Node]?
    /// The keyed lines, `nil` without them.
    var lines: [Line]? = nil
  }

  /// One element of a record's `lines`.
  struct Line: Equatable {
    var sku: Int
    var qty: Int
  }

  var roots: [Node]

  /// The ids in preorder, each with its parent's id (-1 for a root) and
  /// its index among its siblings.
  var placements: [(id: Int, parent: Int, index: Int)] {
    var result: [(id: Int, parent: Int, index: Int)] = []
    func visit(_ nodes: [Node], parent: Int) {
      for (index, node) in nodes.enumerated() {
        result.append((node.id, parent, index))
        visit(node.kids ?? [], parent: node.id)
      }
    }
    visit(roots, parent: -1)
    return result
  }

  /// The forest as a JSON array (one line).
  var json: String { "[" + roots.map(Self.text).joined(separator: ", ") + "]\n" }

  /// The forest as JSON Lines (one root a line).
  var jsonLines: String { roots.map { Self.text($0) + "\n" }.joined() }

  /// The forest as a JSON object map (one line): each root the member
  /// named `"nID"`, without an `id`; nested records with `"id": "nID"`.
  var jsonMap: String {
    let members = roots.map { root in
      "\"n\(root.id)\": " + Self.text(root, id: nil, key: { "\"n\($0)\"" })
    }
    return "{" + members.joined(separator: ", ") + "}\n"
  }

  private static func text(_ node: Node) -> String {
    text(node, id: "\(node.id)", key: { "\($0)" })
  }

  /// A record with `id` (none when `nil`), its children keyed by `key`.
  private static func text(_ node: Node, id: String?, key: (Int) -> String) -> String {
    var text = "{" + (id.map { "\"id\": \($0), " } ?? "") + "\"v\": \(node.v)"
    if let lines = node.lines {
      text +=
        ", \"lines\": ["
        + lines.map { "{\"sku\": \"k\($0.sku)\", \"qty\": \($0.qty)}" }.joined(separator: ", ")
        + "]"
    }
    if let kids = node.kids {
      text +=
        ", \"kids\": ["
        + kids.map { self.text($0, id: key($0.id), key: key) }.joined(separator: ", ") + "]"
    }
    return text + "}"
  }
}

/// Makes and edits random forests from a seed.
struct RandomForestEditor {
  private var generator: SeededGenerator
  private var nextId = 1
  /// Whether records have keyed `lines`.
  private let keyedLines: Bool
  private var nextSku = 1

  init(seed: UInt64, keyedLines: Bool = false) {
    generator = SeededGenerator(seed: seed)
    self.keyedLines = keyedLines
  }

  /// A random forest up to four levels deep.
  mutating func forest() -> RandomForest { RandomForest(roots: level(depth: 0)) }

  private mutating func level(depth: Int) -> [RandomForest.Node] {
    let count = Int.random(in: 0...(depth < 3 ? 4 : 0), using: &generator)
    return (0..<count).map { _ in
      let kids = level(depth: depth + 1)
      let keepEmpty = Int.random(in: 0..<3, using: &generator) == 0
      return node(kids: kids.isEmpty && !keepEmpty ? nil : kids)
    }
  }

  private mutating func node(kids: [RandomForest.Node]?) -> RandomForest.Node {
    defer { nextId += 1 }
    var node = RandomForest.Node(
      id: nextId, v: Int.random(in: 0...3, using: &generator), kids: kids)
    if keyedLines {
      node.lines = (0..<Int.random(in: 0...4, using: &generator)).map { _ in line() }
    }
    return node
  }

  /// A new element of `lines`, with a key not used before.
  private mutating func line() -> RandomForest.Line {
    defer { nextSku += 1 }
    return RandomForest.Line(sku: nextSku, qty: Int.random(in: 1...5, using: &generator))
  }

  /// One random edit of a record's `lines`: an element inserted, deleted,
  /// changed or moved.
  private mutating func editLines(_ lines: inout [RandomForest.Line]) {
    let choice = lines.isEmpty ? 0 : Int.random(in: 0..<4, using: &generator)
    switch choice {
    case 0: lines.insert(line(), at: Int.random(in: 0...lines.count, using: &generator))
    case 1: lines.remove(at: Int.random(in: 0..<lines.count, using: &generator))
    case 2: lines[Int.random(in: 0..<lines.count, using: &generator)].qty += 1
    default:
      let moving = lines.remove(at: Int.random(in: 0..<lines.count, using: &generator))
      lines.insert(moving, at: Int.random(in: 0...lines.count, using: &generator))
    }
  }

  /// `forest` after up to six random edits.
  mutating func edit(_ forest: RandomForest) -> RandomForest {
    var roots = forest.roots
    for _ in 0..<Int.random(in: 1...6, using: &generator) {
      let paths = Self.paths(roots)
      let choice =
        paths.isEmpty ? 0 : Int.random(in: 0..<(keyedLines ? 16 : 10), using: &generator)
      switch choice {
      case 0, 1:
        var inserted = node(kids: nil)
        if Bool.random(using: &generator) { inserted.kids = [node(kids: nil)] }
        let parent = pickParent(paths)
        let count = Self.children(of: parent, in: roots).count
        Self.insert(
          inserted, under: parent, at: Int.random(in: 0...count, using: &generator), in: &roots)
      case 2, 3:
        _ = Self.remove(at: paths.randomElement(using: &generator)!, from: &roots)
      case 4, 5:
        let path = paths.randomElement(using: &generator)!
        Self.modify(at: path, in: &roots) { $0.v = Int.random(in: 0...5, using: &generator) }
      case 6, 7, 8:
        let path = paths.randomElement(using: &generator)!
        let moving = Self.remove(at: path, from: &roots)
        let parent = pickParent(Self.paths(roots))
        let count = Self.children(of: parent, in: roots).count
        Self.insert(
          moving, under: parent, at: Int.random(in: 0...count, using: &generator), in: &roots)
      case 9:
        for path in paths.reversed() {
          Self.modify(at: path, in: &roots) { if $0.kids == [] { $0.kids = nil } }
        }
      default:
        let path = paths.randomElement(using: &generator)!
        var lines = Self.node(at: path, in: roots).lines ?? []
        for _ in 0..<Int.random(in: 1...3, using: &generator) { editLines(&lines) }
        Self.modify(at: path, in: &roots) { $0.lines = lines }
      }
    }
    return RandomForest(roots: roots)
  }

  /// A parent for a placement: nil (the top level) or a record's path.
  private mutating func pickParent(_ paths: [[Int]]) -> [Int]? {
    guard !paths.isEmpty, Int.random(in: 0..<3, using: &generator) > 0 else { return nil }
    return paths.randomElement(using: &generator)!
  }

  private static func paths(_ nodes: [RandomForest.Node], prefix: [Int] = []) -> [[Int]] {
    nodes.enumerated().flatMap { index, node in
      [prefix + [index]] + paths(node.kids ?? [], prefix: prefix + [index])
    }
  }

  private static func children(of parent: [Int]?, in roots: [RandomForest.Node])
    -> [RandomForest.Node]
  {
    guard let parent else { return roots }
    var nodes = roots
    var node = nodes[parent[0]]
    for index in parent.dropFirst() {
      nodes = node.kids ?? []
      node = nodes[index]
    }
    return node.kids ?? []
  }

  private static func node(at path: [Int], in roots: [RandomForest.Node]) -> RandomForest.Node {
    var node = roots[path[0]]
    for index in path.dropFirst() { node = node.kids![index] }
    return node
  }

  private static func modify(
    at path: [Int], in nodes: inout [RandomForest.Node], _ body: (inout RandomForest.Node) -> Void
  ) {
    if path.count == 1 {
      body(&nodes[path[0]])
    } else {
      var kids = nodes[path[0]].kids ?? []
      modify(at: Array(path.dropFirst()), in: &kids, body)
      nodes[path[0]].kids = kids
    }
  }

  private static func remove(at path: [Int], from nodes: inout [RandomForest.Node])
    -> RandomForest.Node
  {
    if path.count == 1 { return nodes.remove(at: path[0]) }
    var kids = nodes[path[0]].kids ?? []
    let removed = remove(at: Array(path.dropFirst()), from: &kids)
    nodes[path[0]].kids = kids
    return removed
  }

  private static func insert(
    _ node: RandomForest.Node, under parent: [Int]?, at index: Int,
    in roots: inout [RandomForest.Node]
  ) {
    guard let parent else {
      roots.insert(node, at: index)
      return
    }
    modify(at: parent, in: &roots) { $0.kids = ($0.kids ?? []) + [] }
    modify(at: parent, in: &roots) { $0.kids!.insert(node, at: index) }
  }
}
