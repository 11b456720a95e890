extension OrderedCollectionDiff where Index == TreeIndexPath {
  /// The sequential patch that turns the OLD forest into the NEW one, as
  /// node-free steps (see `TreePatchStep` for the order).
  ///
  /// The matching not named in the diff is recovered from it: under two
  /// matched parents (or at root level), the children that are neither
  /// deleted, inserted nor moved keep their relative order, so the k-th of
  /// them in OLD is the k-th of them in NEW. The steps are then found by
  /// running them on a forest of node numbers.
  ///
  /// - Parameters:
  ///   - oldShape: the OLD forest's shape.
  ///   - newShape: the NEW forest's shape.
  /// - Returns: one step per change of the diff.
  /// - Precondition: the diff fits the shapes.
  /// - Complexity: O(n + d·(h + w)) for n nodes, d changes, height h and
  ///   the width w of the sibling lists the changes touch.
  public func patchSteps(oldShape: TreeShape, newShape: TreeShape) -> [TreePatchStep] {
    TreePatchPlan(diff: self, oldShape: oldShape, newShape: newShape).steps
  }

  /// The sequential patch that turns `old` into `new`, as operations that
  /// carry their nodes: an insert carries the inserted subtree (the new
  /// node with its unmatched descendants), a delete the removed one (the
  /// old node with its unmatched descendants), an update both nodes.
  ///
  /// - Parameters:
  ///   - old: the OLD roots this diff was made from.
  ///   - new: the NEW roots this diff leads to.
  /// - Returns: the operations, in the order of `patchSteps(oldShape:newShape:)`.
  /// - Complexity: O(n + d·(h + w)) plus the size of the carried subtrees.
  public func patch<Node: TreeNode>(from old: [Node], to new: [Node]) -> [TreeOperation<Node>] {
    let plan = TreePatchPlan(diff: self, oldShape: TreeShape(of: old), newShape: TreeShape(of: new))
    let oldNodes = old.flattenedInPreorder()
    let newNodes = new.flattenedInPreorder()
    return plan.steps.map { step in
      switch step {
      case .delete(let at, let oldNode):
        return .delete(
          plan.old.unmatchedSubtree(of: oldNode, nodes: oldNodes, matches: plan.oldToNew), at: at)
      case .insert(let at, let newNode):
        return .insert(
          plan.new.unmatchedSubtree(of: newNode, nodes: newNodes, matches: plan.newToOld), at: at)
      case .move(let from, let to, _, _):
        return .move(from: from, to: to)
      case .update(let at, let oldNode, let newNode):
        return .update(at: at, old: oldNodes[oldNode], new: newNodes[newNode])
      }
    }
  }
}

extension TreeTopology {
  /// `node` with its children pruned to the unmatched ones, recursively.
  func unmatchedSubtree<Node: TreeNode>(of node: Int, nodes: [Node], matches: [Int32]) -> Node {
    var result = nodes[node]
    result.children = children(of: node).filter { matches[Int($0)] < 0 }.map {
      unmatchedSubtree(of: Int($0), nodes: nodes, matches: matches)
    }
    return result
  }
}

/// The recovered matching and the steps behind `patchSteps(oldShape:newShape:)`.
private struct TreePatchPlan {
  let old: TreeTopology
  let new: TreeTopology
  var oldToNew: [Int32]
  var newToOld: [Int32]
  var steps: [TreePatchStep] = []

  init(diff: OrderedCollectionDiff<TreeIndexPath>, oldShape: TreeShape, newShape: TreeShape) {
    old = TreeTopology(oldShape)
    new = TreeTopology(newShape)
    oldToNew = [Int32](repeating: -1, count: old.count)
    newToOld = [Int32](repeating: -1, count: new.count)
    // Mark what the diff names.
    var oldNamed = [Bool](repeating: false, count: old.count)
    var newNamed = [Bool](repeating: false, count: new.count)
    var insertRoot = [Bool](repeating: false, count: new.count)
    var pairs: [(old: Int, new: Int)] = [(-1, -1)]
    for path in diff.deletes { oldNamed[old.node(at: path)] = true }
    for path in diff.inserts {
      let node = new.node(at: path)
      newNamed[node] = true
      insertRoot[node] = true
    }
    for move in diff.moves {
      let from = old.node(at: move.from)
      let to = new.node(at: move.to)
      oldNamed[from] = true
      newNamed[to] = true
      pairs.append((from, to))
    }
    // Pair the children of matched pairs that the diff leaves in place.
    var next = 0
    while next < pairs.count {
      let (oldParent, newParent) = pairs[next]
      next += 1
      if oldParent >= 0 {
        oldToNew[oldParent] = Int32(newParent)
        newToOld[newParent] = Int32(oldParent)
      }
      let oldStaying = old.children(of: oldParent).filter { !oldNamed[Int($0)] }
      let newStaying = new.children(of: newParent).filter { !newNamed[Int($0)] }
      precondition(oldStaying.count == newStaying.count, "the diff does not fit the shapes")
      for (oldChild, newChild) in zip(oldStaying, newStaying) {
        pairs.append((Int(oldChild), Int(newChild)))
      }
    }
    var forest = NumberedForest(old, capacity: old.count + new.count)
    // Place inserted subtrees and moved nodes in new preorder.
    for node in 0..<new.count where insertRoot[node] || (newNamed[node] && newToOld[node] >= 0) {
      let newParent = Int(new.parents[node])
      let parent = forestNumber(ofNew: newParent)
      let siblings = new.children(of: newParent)
      let sibling = Int(new.siblingIndex[node])
      let previous =
        sibling == 0 ? nil : forestNumber(ofNew: Int(siblings[siblings.startIndex + sibling - 1]))
      if insertRoot[node] {
        let number = forestNumber(ofNew: node)
        let at = forest.insert(number, under: parent, after: previous)
        addUnmatchedDescendants(of: node, to: &forest)
        steps.append(.insert(at: at, new: node))
      } else {
        let oldNode = Int(newToOld[node])
        let from = forest.remove(oldNode)
        let to = forest.insert(oldNode, under: parent, after: previous)
        steps.append(.move(from: from, to: to, old: oldNode, new: node))
      }
    }
    // Delete the deleted subtrees from the back.
    var deleted = diff.deletes.map { path in
      let node = old.node(at: path)
      return (at: forest.path(of: node), old: node)
    }
    deleted.sort { $0.at > $1.at }
    for entry in deleted {
      _ = forest.remove(entry.old)
      steps.append(.delete(at: entry.at, old: entry.old))
    }
    // Update in new order, at the new paths.
    var updated = diff.updates.map { path in
      let oldNode = old.node(at: path)
      precondition(oldToNew[oldNode] >= 0, "update of an unmatched node at \(path)")
      return (new: Int(oldToNew[oldNode]), old: oldNode)
    }
    updated.sort { $0.new < $1.new }
    for pair in updated {
      steps.append(.update(at: new.path(of: pair.new), old: pair.old, new: pair.new))
    }
  }

  /// The number a new node has in the numbered forest: its old number when
  /// matched, else `old.count + new number`; -1 stays -1 (root level).
  private func forestNumber(ofNew node: Int) -> Int {
    if node < 0 { return -1 }
    return newToOld[node] >= 0 ? Int(newToOld[node]) : old.count + node
  }

  /// Adds an inserted node's unmatched descendants under it.
  private func addUnmatchedDescendants(of node: Int, to forest: inout NumberedForest) {
    var previous: Int? = nil
    for child in new.children(of: node) where newToOld[Int(child)] < 0 {
      let number = forestNumber(ofNew: Int(child))
      _ = forest.insert(number, under: forestNumber(ofNew: node), after: previous)
      previous = number
      addUnmatchedDescendants(of: Int(child), to: &forest)
    }
  }
}

/// A forest of node numbers that the tree patch runs on to learn each
/// step's paths.
private struct NumberedForest {
  /// The parent of each number, -1 for a root.
  private var parent: [Int]
  /// The children of each number at `number + 1`; the roots at 0.
  private var lists: [[Int]]

  /// Starts from the OLD forest, with room for `capacity` numbers.
  init(_ topology: TreeTopology, capacity: Int) {
    parent = topology.parents.map { Int($0) }
    parent += [Int](repeating: -1, count: capacity - topology.count)
    lists = (-1..<capacity).map { node in
      node < topology.count ? topology.children(of: node).map { Int($0) } : []
    }
  }

  /// The current path of `node`.
  func path(of node: Int) -> TreeIndexPath {
    var components: [Int] = []
    var current = node
    while current >= 0 {
      components.append(lists[parent[current] + 1].firstIndex(of: current)!)
      current = parent[current]
    }
    return TreeIndexPath(components.reversed())
  }

  /// Removes `node` (with its subtree) and returns the path it had.
  mutating func remove(_ node: Int) -> TreeIndexPath {
    let path = path(of: node)
    lists[parent[node] + 1].remove(at: path.last!)
    return path
  }

  /// Inserts `node` under `parent` (-1: root level), right after `previous`
  /// or first, and returns its path.
  mutating func insert(_ node: Int, under parent: Int, after previous: Int?) -> TreeIndexPath {
    let index = previous.map { lists[parent + 1].firstIndex(of: $0)! + 1 } ?? 0
    lists[parent + 1].insert(node, at: index)
    self.parent[node] = parent
    return path(of: node)
  }
}
