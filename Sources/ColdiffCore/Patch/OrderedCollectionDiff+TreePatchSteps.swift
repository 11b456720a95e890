extension OrderedCollectionDiff where Index == TreeIndexPath {
  /// The sequential patch that turns the OLD forest into the NEW one, as
  /// node-free steps (see `TreePatchStep` for the order).
  ///
  /// The matching not named in the diff is recovered from it: under two
  /// matched parents (or at root level), the children that are neither
  /// deleted, inserted nor moved keep their relative order, so the k-th of
  /// them in OLD is the k-th of them in NEW. The steps' paths are counted
  /// with a Fenwick tree per sibling list (no list is shifted).
  ///
  /// - Parameters:
  ///   - oldShape: the OLD forest's shape.
  ///   - newShape: the NEW forest's shape.
  /// - Returns: one step per change of the diff.
  /// - Precondition: the diff fits the shapes.
  /// - Complexity: O(n + d·h·log w) for n nodes, d changes, height h and
  ///   the width w of the sibling lists.
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
  /// - Complexity: O(n + d·h·log w) plus the size of the carried subtrees.
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
    old = oldShape.topology
    new = newShape.topology
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
    var lists = SiblingSlots(
      old: old, new: new, oldToNew: oldToNew, newToOld: newToOld, oldNamed: oldNamed,
      newNamed: newNamed, matchedPairs: pairs)
    // Place inserted subtrees and moved nodes in new preorder.
    for node in 0..<new.count where newNamed[node] {
      let parent = forestNumber(ofNew: Int(new.parents[node]))
      if insertRoot[node] {
        let number = forestNumber(ofNew: node)
        lists.place(number, under: parent, newNode: node)
        steps.append(.insert(at: lists.path(of: number), new: node))
      } else {
        let oldNode = Int(newToOld[node])
        let from = lists.path(of: oldNode)
        lists.remove(oldNode)
        lists.place(oldNode, under: parent, newNode: node)
        steps.append(.move(from: from, to: lists.path(of: oldNode), old: oldNode, new: node))
      }
    }
    // Delete the deleted subtrees from the back, so the other paths hold.
    var deleted = diff.deletes.map { path in
      let node = old.node(at: path)
      return (at: lists.path(of: node), old: node)
    }
    deleted.sort { $0.at > $1.at }
    for entry in deleted { steps.append(.delete(at: entry.at, old: entry.old)) }
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

  /// The number a new node has in the forest the patch runs on: its old
  /// number when matched, else `old.count + new number`; -1 stays -1 (root
  /// level).
  private func forestNumber(ofNew node: Int) -> Int {
    if node < 0 { return -1 }
    return newToOld[node] >= 0 ? Int(newToOld[node]) : old.count + node
  }
}

/// The sibling lists of the forest the tree patch runs on, as slots
/// counted by Fenwick trees (one per list), so that a node's current path
/// costs O(h log w) and no list is ever shifted.
///
/// Nodes are numbered as in `TreePatchPlan.forestNumber(ofNew:)`; the
/// list of a parent numbered p is list p + 1 (list 0 holds the roots). Each
/// list lays out its slots as the ordered patch does: before each child
/// that stays (and at the end) come the slots of the children placed right
/// after the previous one, then the slots of the old children that leave
/// (moved away or deleted).
///
/// Not the engine's treap `SiblingLists`: here every slot a node will
/// ever take is known before the first step, so counts over fixed slots
/// (`FenwickTree`) answer a position in O(log w) without any tree
/// rebalancing; the engine applies patches whose places arrive one by one.
private struct SiblingSlots {
  /// The list each node is in now, or -1.
  private var listOf: [Int32]
  /// The node's slot in that list.
  private var slotOf: [Int32]
  /// The slot where each new node that is inserted or moved in is placed.
  private var placement: [Int32]
  /// The occupied slots, counted per list.
  private var counts: FenwickTree

  init(
    old: TreeTopology, new: TreeTopology, oldToNew: [Int32], newToOld: [Int32],
    oldNamed: [Bool], newNamed: [Bool], matchedPairs: [(old: Int, new: Int)]
  ) {
    let numbers = old.count + new.count
    var listOf = [Int32](repeating: -1, count: numbers)
    var slotOf = [Int32](repeating: -1, count: numbers)
    var placement = [Int32](repeating: -1, count: new.count)
    var occupied: [Int32] = []
    var starts = [Int](repeating: 0, count: numbers + 2)
    // Lay out the list of every parent: matched, unmatched old, inserted.
    for list in 0...numbers {
      starts[list] = occupied.count
      let parent = list - 1
      var local: Int32 = 0
      func add(_ node: Int?, occupied isOccupied: Bool) {
        if let node {
          listOf[node] = Int32(list)
          slotOf[node] = local
        }
        occupied.append(isOccupied ? 1 : 0)
        local += 1
      }
      if parent < old.count && (parent < 0 || oldToNew[parent] >= 0) {
        let newParent = parent < 0 ? -1 : Int(oldToNew[parent])
        let oldChildren = old.children(of: parent)
        let newChildren = new.children(of: newParent)
        var oldIndex = oldChildren.startIndex
        var newIndex = newChildren.startIndex
        while true {
          while newIndex < newChildren.endIndex && newNamed[Int(newChildren[newIndex])] {
            placement[Int(newChildren[newIndex])] = local
            add(nil, occupied: false)
            newIndex += 1
          }
          while oldIndex < oldChildren.endIndex && oldNamed[Int(oldChildren[oldIndex])] {
            add(Int(oldChildren[oldIndex]), occupied: true)
            oldIndex += 1
          }
          if oldIndex == oldChildren.endIndex { break }
          add(Int(oldChildren[oldIndex]), occupied: true)
          oldIndex += 1
          newIndex += 1
        }
      } else if parent < old.count {
        for child in old.children(of: parent) { add(Int(child), occupied: true) }
      } else if newToOld[parent - old.count] < 0 {
        for child in new.children(of: parent - old.count) {
          if newToOld[Int(child)] < 0 {
            add(old.count + Int(child), occupied: true)
          } else {
            placement[Int(child)] = local
            add(nil, occupied: false)
          }
        }
      }
    }
    starts[numbers + 1] = occupied.count
    self.listOf = listOf
    self.slotOf = slotOf
    self.placement = placement
    self.counts = FenwickTree(counts: occupied, segmentStarts: starts)
  }

  /// The current path of node `number`.
  ///
  /// - Complexity: O(h log w).
  func path(of number: Int) -> TreeIndexPath {
    var components: [Int] = []
    var current = number
    while current >= 0 {
      let list = Int(listOf[current])
      components.append(counts.countBefore(Int(slotOf[current]), in: list))
      current = list - 1
    }
    return TreeIndexPath(components.reversed())
  }

  /// Takes node `number` out of its list.
  mutating func remove(_ number: Int) {
    counts.add(-1, at: Int(slotOf[number]), in: Int(listOf[number]))
  }

  /// Puts node `number` where new node `newNode` goes, under `parent`.
  mutating func place(_ number: Int, under parent: Int, newNode: Int) {
    listOf[number] = Int32(parent + 1)
    slotOf[number] = placement[newNode]
    counts.add(1, at: Int(slotOf[number]), in: parent + 1)
  }
}
