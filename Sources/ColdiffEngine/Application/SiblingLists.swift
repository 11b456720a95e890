/// The ordered sibling lists of a forest whose nodes are numbered `0..<n`:
/// the roots (the list of parent -1) and each node's children, every list
/// an implicit treap over arrays shared by all nodes, with links up so that
/// a node finds its own position and leaves its list without a search.
///
/// Placing, removing and finding the position of a node cost O(log w)
/// expected for a list of w nodes, so applying k moves and inserts among n
/// nodes costs O((n + k) log n) instead of the O(k·n) of shifting arrays.
/// Priorities come from a fixed seed, so every run builds the same trees.
///
/// Not Core's `RecordSequence` (one list of handles in chunks): a forest
/// has one list per node, most of them short, and a tree document asks
/// where a node is now by the node, which the links up answer without a
/// search through its list.
package struct SiblingLists {
  /// Each node's left and right child in its list's treap.
  private var left: [Int32] = []
  private var right: [Int32] = []
  /// Each node's parent in its list's treap (-1 at the treap's root).
  private var up: [Int32] = []
  /// The number of nodes in each node's treap subtree.
  private var size: [Int32] = []
  private var priority: [UInt32] = []
  /// Each node's parent in the forest: -1 for a root, -2 when in no list.
  private var owner: [Int32] = []
  /// The treap root of the children of each parent p at `heads[p + 1]`.
  private var heads: [Int32] = [-1]
  private var randomState: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// Adds a node that is in no list yet and has no children.
  ///
  /// - Returns: the new node's number (the number of nodes before).
  package mutating func addNode() -> Int {
    // xorshift64*: a fixed sequence of priorities.
    randomState ^= randomState >> 12
    randomState ^= randomState << 25
    randomState ^= randomState >> 27
    priority.append(UInt32(truncatingIfNeeded: (randomState &* 0x2545_F491_4F6C_DD1D) >> 32))
    left.append(-1)
    right.append(-1)
    up.append(-1)
    size.append(1)
    owner.append(-2)
    heads.append(-1)
    return owner.count - 1
  }

  /// The parent of `node`: -1 for a root, -2 when it is in no list.
  package func parent(of node: Int) -> Int { Int(owner[node]) }

  /// The number of children of `parent` (-1: the roots).
  package func count(under parent: Int) -> Int { Int(sizeOf(heads[parent + 1])) }

  /// Makes `nodes`, none of them in a list, the children of `parent`
  /// (-1: the roots), which has none.
  ///
  /// - Complexity: O(w) for w nodes (a Cartesian tree built on a stack).
  package mutating func setChildren(_ nodes: [Int], of parent: Int) {
    precondition(heads[parent + 1] < 0, "parent \(parent) already has children")
    var spine: [Int32] = []
    for index in nodes {
      precondition(owner[index] == -2, "node \(index) is already in a list")
      let node = Int32(index)
      owner[index] = Int32(parent)
      var last: Int32 = -1
      while let top = spine.last, priority[Int(top)] < priority[index] {
        last = top
        spine.removeLast()
        resize(top)
      }
      link(left: last, of: node)
      if let top = spine.last { link(right: node, of: top) }
      spine.append(node)
    }
    // A node's subtree is final once it leaves the spine: deepest first.
    for node in spine.reversed() { resize(node) }
    heads[parent + 1] = spine.first ?? -1
    if let root = spine.first { up[Int(root)] = -1 }
  }

  /// The children of `parent` (-1: the roots), in order.
  ///
  /// - Complexity: O(w) for w children.
  package func children(of parent: Int) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(count(under: parent))
    var stack: [Int32] = []
    var current = heads[parent + 1]
    while current >= 0 || !stack.isEmpty {
      while current >= 0 {
        stack.append(current)
        current = left[Int(current)]
      }
      let node = stack.removeLast()
      result.append(Int(node))
      current = right[Int(node)]
    }
    return result
  }

  /// The child of `parent` (-1: the roots) at `position`.
  ///
  /// - Complexity: O(log w) expected.
  package func node(at position: Int, under parent: Int) -> Int {
    precondition(position >= 0 && position < count(under: parent), "position out of range")
    var current = heads[parent + 1]
    var remaining = Int32(position)
    while true {
      let leftSize = sizeOf(left[Int(current)])
      if remaining < leftSize {
        current = left[Int(current)]
      } else if remaining == leftSize {
        return Int(current)
      } else {
        remaining -= leftSize + 1
        current = right[Int(current)]
      }
    }
  }

  /// The position of `node` among its siblings.
  ///
  /// - Complexity: O(log w) expected.
  package func position(of node: Int) -> Int {
    precondition(owner[node] != -2, "node \(node) is in no list")
    var position = sizeOf(left[node])
    var current = Int32(node)
    while up[Int(current)] >= 0 {
      let above = up[Int(current)]
      if right[Int(above)] == current { position += sizeOf(left[Int(above)]) + 1 }
      current = above
    }
    return Int(position)
  }

  /// Places `node`, in no list, among the children of `parent` (-1: the
  /// roots) so that it ends at `position`.
  ///
  /// - Complexity: O(log w) expected.
  package mutating func insert(_ node: Int, under parent: Int, at position: Int) {
    precondition(owner[node] == -2, "node \(node) is already in a list")
    precondition(position >= 0 && position <= count(under: parent), "position out of range")
    owner[node] = Int32(parent)
    left[node] = -1
    right[node] = -1
    size[node] = 1
    let (before, after) = split(heads[parent + 1], position)
    setHead(merge(merge(before, Int32(node)), after), of: parent)
  }

  /// Takes `node` (with its children) out of its list.
  ///
  /// - Complexity: O(log w) expected.
  package mutating func remove(_ node: Int) {
    let parent = Int(owner[node])
    precondition(parent != -2, "node \(node) is in no list")
    let joined = merge(left[node], right[node])
    let above = up[node]
    if joined >= 0 { up[Int(joined)] = above }
    if above < 0 {
      heads[parent + 1] = joined
    } else {
      if left[Int(above)] == Int32(node) {
        left[Int(above)] = joined
      } else {
        right[Int(above)] = joined
      }
      var current = above
      while current >= 0 {
        size[Int(current)] -= 1
        current = up[Int(current)]
      }
    }
    owner[node] = -2
    left[node] = -1
    right[node] = -1
    up[node] = -1
    size[node] = 1
  }

  private func sizeOf(_ node: Int32) -> Int32 { node < 0 ? 0 : size[Int(node)] }

  private mutating func resize(_ node: Int32) {
    size[Int(node)] = sizeOf(left[Int(node)]) + sizeOf(right[Int(node)]) + 1
  }

  private mutating func link(left child: Int32, of node: Int32) {
    left[Int(node)] = child
    if child >= 0 { up[Int(child)] = node }
  }

  private mutating func link(right child: Int32, of node: Int32) {
    right[Int(node)] = child
    if child >= 0 { up[Int(child)] = node }
  }

  private mutating func setHead(_ root: Int32, of parent: Int) {
    heads[parent + 1] = root
    if root >= 0 { up[Int(root)] = -1 }
  }

  /// Splits `node`'s subtree into its first `position` nodes and the rest
  /// (their roots' links up are left to the caller).
  private mutating func split(_ node: Int32, _ position: Int) -> (Int32, Int32) {
    if node < 0 { return (-1, -1) }
    let leftSize = Int(sizeOf(left[Int(node)]))
    if position <= leftSize {
      let (before, after) = split(left[Int(node)], position)
      link(left: after, of: node)
      resize(node)
      if before >= 0 { up[Int(before)] = -1 }
      return (before, node)
    }
    let (before, after) = split(right[Int(node)], position - leftSize - 1)
    link(right: before, of: node)
    resize(node)
    if after >= 0 { up[Int(after)] = -1 }
    return (node, after)
  }

  /// Joins two subtrees, every node of `first` before every node of
  /// `second` (the root's link up is left to the caller).
  private mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
    if first < 0 { return second }
    if second < 0 { return first }
    if priority[Int(first)] > priority[Int(second)] {
      link(right: merge(right[Int(first)], second), of: first)
      resize(first)
      return first
    }
    link(left: merge(first, left[Int(second)]), of: second)
    resize(second)
    return second
  }
}
