import TestSupport

/// A random forest of keyed records for the tree property tests, each
/// node a record with an `id`, a value and its `children`.
struct RandomForest {
  struct Node: Equatable {
    var id: Int
    var value: Int
    var children: [Node] = []
  }

  var roots: [Node] = []

  /// A forest of about `count` nodes, at most four levels deep.
  static func make(count: Int, ids: inout Int, using generator: inout SeededGenerator)
    -> RandomForest
  {
    var forest = RandomForest()
    for _ in 0..<count {
      forest.insertLeaf(id: ids, value: Int.random(in: 0..<3, using: &generator), using: &generator)
      ids += 1
    }
    return forest
  }

  /// A random forest of fewer than `count` nodes and NEW made from it by
  /// 1 to `edits - 1` random edits (`edited(_:ids:using:)`).
  static func pair(count: Int, edits: Int, using generator: inout SeededGenerator) -> (
    old: RandomForest, new: RandomForest
  ) {
    var ids = 0
    let old = make(
      count: Int.random(in: 0..<count, using: &generator), ids: &ids, using: &generator)
    return (
      old, old.edited(Int.random(in: 1..<edits, using: &generator), ids: &ids, using: &generator)
    )
  }

  /// The index paths of every node, in preorder.
  var paths: [[Int]] {
    var result: [[Int]] = []
    func visit(_ nodes: [Node], _ prefix: [Int]) {
      for (index, node) in nodes.enumerated() {
        result.append(prefix + [index])
        visit(node.children, prefix + [index])
      }
    }
    visit(roots, [])
    return result
  }

  /// Runs `body` on the sibling list that holds the node at `path`
  /// (`path` without its last index names the parent).
  mutating func withSiblings<Result>(
    of parent: ArraySlice<Int>, _ body: (inout [Node]) -> Result
  ) -> Result {
    func descend(_ nodes: inout [Node], _ rest: ArraySlice<Int>) -> Result {
      guard let first = rest.first else { return body(&nodes) }
      return descend(&nodes[first].children, rest.dropFirst())
    }
    return descend(&roots, parent)
  }

  /// Places `node` at a random place: under a random node or at the top,
  /// at a random position among its siblings.
  mutating func place(_ node: Node, using generator: inout SeededGenerator) {
    let candidates = paths.filter { $0.count < 4 }
    let parent =
      candidates.isEmpty || Bool.random(using: &generator)
      ? [] : candidates.randomElement(using: &generator)!
    withSiblings(of: parent[...]) { siblings in
      siblings.insert(node, at: Int.random(in: 0...siblings.count, using: &generator))
    }
  }

  mutating func insertLeaf(id: Int, value: Int, using generator: inout SeededGenerator) {
    place(Node(id: id, value: value), using: &generator)
  }

  /// Takes the subtree at `path` out of the forest.
  mutating func remove(at path: [Int]) -> Node {
    withSiblings(of: path.dropLast()) { $0.remove(at: path.last!) }
  }

  /// NEW from this forest by `edits` random inserts, deletes, updates and
  /// moves.
  func edited(_ edits: Int, ids: inout Int, using generator: inout SeededGenerator)
    -> RandomForest
  {
    var forest = self
    for _ in 0..<edits {
      let paths = forest.paths
      let path = paths.randomElement(using: &generator)
      switch (Int.random(in: 0..<4, using: &generator), path) {
      case (0, _):
        forest.insertLeaf(id: ids, value: 0, using: &generator)
        ids += 1
      case (1, let path?):
        _ = forest.remove(at: path)
      case (2, let path?):
        forest.withSiblings(of: path.dropLast()) { $0[path.last!].value += 1 }
      case (3, let path?):
        forest.place(forest.remove(at: path), using: &generator)
      default: break
      }
    }
    return forest
  }

  /// The forest as a JSON array of records nested in `children`.
  var json: String {
    func text(_ node: Node) -> String {
      let children = node.children.map(text).joined(separator: ", ")
      return "{\"id\": \"n\(node.id)\", \"v\": \(node.value), \"children\": [\(children)]}"
    }
    return "[" + roots.map(text).joined(separator: ",\n") + "]\n"
  }
}
