/// Children lists and sibling indices of a forest given by the parents of
/// its nodes in preorder, in flat arrays (what `TreeShape` holds).
struct TreeTopology: Sendable {
  /// The parent of each node, or -1 for a root.
  let parents: [Int32]
  /// Each node's index among its siblings.
  let siblingIndex: [Int32]
  /// The children of node `n` are `children[childStart[n + 1] ..< childStart[n + 2]]`;
  /// the roots are `children[childStart[0] ..< childStart[1]]`.
  let childStart: [Int32]
  /// All children lists, parent by parent (the roots first).
  let children: [Int32]

  /// Makes the lists of a forest, checking that the parents number its
  /// nodes in preorder.
  ///
  /// - Precondition: each node's parent is -1, the node before it or one
  ///   of that node's ancestors.
  /// - Complexity: O(n).
  init(preorderParents parents: [Int32]) {
    let count = parents.count
    var counts = [Int32](repeating: 0, count: count + 2)
    let siblingIndex = [Int32](unsafeUninitializedCapacity: count) { siblings, initialized in
      parents.withUnsafeBufferPointer { parents in
        for node in 0..<count {
          let parent = Int(parents[node])
          // In preorder, a node's parent is the node before it or one of
          // that node's ancestors: the walk up passes the nodes whose
          // subtrees end here, each once in all.
          var above = node - 1
          while above > parent && above >= 0 { above = Int(parents[above]) }
          precondition(above == parent, "node \(node) is not in preorder")
          siblings[node] = counts[parent + 2]
          counts[parent + 2] += 1
        }
      }
      initialized = count
    }
    (self.parents, self.siblingIndex) = (parents, siblingIndex)
    (childStart, children) = Self.lists(
      parents: parents, siblingIndex: siblingIndex, counts: consume counts)
  }

  /// Makes the lists of a forest whose sibling indices are known already
  /// (a tree scan's layout holds them), without the walk that finds them.
  ///
  /// - Precondition: the parents number the nodes in preorder, and each
  ///   node's sibling index is the number of siblings before it (checked).
  /// - Complexity: O(n).
  init(preorderParents parents: [Int32], siblingIndex: [Int32]) {
    precondition(parents.count == siblingIndex.count, "one sibling index a node")
    var counts = [Int32](repeating: 0, count: parents.count + 2)
    counts.withUnsafeMutableBufferPointer { counts in
      parents.withUnsafeBufferPointer { parents in
        siblingIndex.withUnsafeBufferPointer { siblings in
          for node in parents.indices {
            let list = Int(parents[node]) + 2
            precondition(
              list >= 1 && list <= node + 1 && siblings[node] == counts[list],
              "node \(node) is out of its siblings' order")
            counts[list] &+= 1
          }
        }
      }
    }
    (self.parents, self.siblingIndex) = (parents, siblingIndex)
    (childStart, children) = Self.lists(
      parents: parents, siblingIndex: siblingIndex, counts: consume counts)
  }

  /// The children lists, given how many children each node has
  /// (`counts[n + 2]` for node `n`, the roots' at 1): where each list
  /// starts, and the lists.
  private static func lists(
    parents: [Int32], siblingIndex: [Int32], counts starts: consuming [Int32]
  ) -> ([Int32], [Int32]) {
    // (Through pointers: the arrays' checks were most of each node's
    // instructions.)
    starts.withUnsafeMutableBufferPointer { starts in
      for list in 1..<starts.count { starts[list] &+= starts[list - 1] }
    }
    let children = [Int32](unsafeUninitializedCapacity: parents.count) { children, initialized in
      starts.withUnsafeBufferPointer { starts in
        parents.withUnsafeBufferPointer { parents in
          siblingIndex.withUnsafeBufferPointer { siblings in
            for node in 0..<parents.count {
              let list = Int(parents[node]) &+ 1
              let slot = Int(starts[list] &+ siblings[node])
              precondition(
                UInt(bitPattern: slot) < UInt(children.count),
                "node \(node) is out of its siblings' order")
              children[slot] = Int32(truncatingIfNeeded: node)
            }
          }
        }
      }
      initialized = parents.count
    }
    return (starts, children)
  }

  /// The number of nodes.
  var count: Int { parents.count }

  /// Child number `index` of `node` (-1: the roots), read without a
  /// slice of the lists (which would take a reference to them).
  func child(_ index: Int, of node: Int) -> Int32 { children[Int(childStart[node + 1]) + index] }

  /// How many children `node` has (-1: how many roots there are).
  func childCount(of node: Int) -> Int { Int(childStart[node + 2] - childStart[node + 1]) }

  /// The children of `node`, or the roots for -1.
  func children(of node: Int) -> ArraySlice<Int32> {
    children[Int(childStart[node + 1])..<Int(childStart[node + 2])]
  }

  /// The path of `node`.
  ///
  /// - Complexity: O(depth): one walk up to count the levels, one to
  ///   write them from the last, into an array made once.
  func path(of node: Int) -> TreeIndexPath {
    parents.withUnsafeBufferPointer { parents in
      var depth = 0
      var current = node
      while current >= 0 {
        depth += 1
        current = Int(parents[current])
      }
      let components = [Int](unsafeUninitializedCapacity: depth) { components, initialized in
        siblingIndex.withUnsafeBufferPointer { siblingIndex in
          var (current, level) = (node, depth)
          while current >= 0 {
            level -= 1
            components[level] = Int(siblingIndex[current])
            current = Int(parents[current])
          }
        }
        initialized = depth
      }
      return TreeIndexPath(components)
    }
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
