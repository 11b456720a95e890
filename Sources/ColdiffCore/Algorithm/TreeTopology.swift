/// Children lists and sibling indices of a `TreeShape`, in flat arrays.
struct TreeTopology {
  /// The parent of each node, or -1 for a root.
  let parents: [Int32]
  /// Each node's index among its siblings.
  let siblingIndex: [Int32]
  /// The children of node `n` are `children[childStart[n + 1] ..< childStart[n + 2]]`;
  /// the roots are `children[childStart[0] ..< childStart[1]]`.
  let childStart: [Int32]
  /// All children lists, parent by parent (the roots first).
  let children: [Int32]

  /// - Complexity: O(n).
  init(_ shape: TreeShape) {
    let count = shape.count
    parents = shape.parents
    var counts = [Int32](repeating: 0, count: count + 2)
    var siblingIndex = [Int32](repeating: 0, count: count)
    for node in 0..<count {
      let list = Int(parents[node]) + 1
      siblingIndex[node] = counts[list + 1]
      counts[list + 1] += 1
    }
    for list in 1..<counts.count { counts[list] += counts[list - 1] }
    var children = [Int32](repeating: 0, count: count)
    for node in 0..<count {
      let list = Int(parents[node]) + 1
      children[Int(counts[list] + siblingIndex[node])] = Int32(node)
    }
    self.siblingIndex = siblingIndex
    self.childStart = counts
    self.children = children
  }

  /// The number of nodes.
  var count: Int { parents.count }

  /// The children of `node`, or the roots for -1.
  func children(of node: Int) -> ArraySlice<Int32> {
    children[Int(childStart[node + 1])..<Int(childStart[node + 2])]
  }

  /// The path of `node`.
  ///
  /// - Complexity: O(depth).
  func path(of node: Int) -> TreeIndexPath {
    var components: [Int] = []
    var current = node
    while current >= 0 {
      components.append(Int(siblingIndex[current]))
      current = Int(parents[current])
    }
    return TreeIndexPath(components.reversed())
  }

  /// The node at `path`.
  ///
  /// - Precondition: the path names a node.
  /// - Complexity: O(depth).
  func node(at path: TreeIndexPath) -> Int {
    precondition(!path.components.isEmpty, "the empty path names no node")
    var node = -1
    for index in path.components {
      let siblings = children(of: node)
      precondition(index >= 0 && index < siblings.count, "no node at \(path)")
      node = Int(siblings[siblings.startIndex + index])
    }
    return node
  }
}
