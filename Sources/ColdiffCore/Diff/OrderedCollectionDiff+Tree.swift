extension OrderedCollectionDiff where Index == TreeIndexPath {
  /// Creates the diff of two forests from a matching of their nodes.
  ///
  /// Identity is unique across a whole forest; a matched node may change
  /// its parent. Index spaces as for any ordered diff: `deletes`,
  /// `updates` and `moves[].from` are paths in OLD, `inserts` and
  /// `moves[].to` paths in NEW; each list sorted (paths in depth-first
  /// order, `moves` by `from`).
  ///
  /// - `deletes`: the unmatched old nodes whose parent is matched (or that
  ///   are roots): a deleted subtree is one delete of its root;
  /// - `inserts`: the unmatched new nodes whose parent is matched (or that
  ///   are roots): an inserted subtree is one insert of its root;
  /// - `updates`: matched nodes for which `isEqual` is `false` (compare a
  ///   node's own content, not its children);
  /// - `moves`: matched nodes whose parent changed (a different matched
  ///   parent, an inserted parent, root level on one side only), and,
  ///   among the nodes that keep their parent, those outside a longest
  ///   increasing subsequence of their old sibling order taken in new order
  ///   (minimal moves within each parent, ties broken as in
  ///   `init(oldCount:newCount:newToOld:isEqual:)`).
  ///
  /// - Parameters:
  ///   - oldShape: the OLD forest's shape (nodes numbered in preorder).
  ///   - newShape: the NEW forest's shape.
  ///   - newToOld: for each new node, its matched old node or -1.
  ///   - isEqual: whether old node `old` equals new node `new`; called
  ///     exactly once per matched pair, in ascending old number.
  /// - Throws: what `isEqual` throws.
  /// - Precondition: `newToOld` has one entry per new node, each old node
  ///   matched at most once.
  /// - Complexity: O(n log n + c·h) for n nodes, c changes and height h
  ///   (the paths of the changes), plus the `isEqual` calls.
  public init(
    oldShape: TreeShape, newShape: TreeShape, newToOld: [Int32],
    isEqual: (_ old: Int, _ new: Int) throws -> Bool
  ) rethrows {
    var nodes = TreeDiffNodes()
    try self.init(
      oldShape: oldShape, newShape: newShape, newToOld: newToOld,
      oldToNew: invertMatching(oldCount: oldShape.count, newToOld: newToOld), nodes: &nodes,
      isEqual: isEqual)
  }

  /// Creates the diff of two forests as
  /// `init(oldShape:newShape:newToOld:isEqual:)` does, from the matching
  /// both ways (`oldToNew` the inverse of `newToOld`), and gives the
  /// nodes its paths name in `nodes`.
  package init(
    oldShape: TreeShape, newShape: TreeShape, newToOld: [Int32], oldToNew: [Int32],
    nodes: inout TreeDiffNodes, isEqual: (_ old: Int, _ new: Int) throws -> Bool
  ) rethrows {
    precondition(newToOld.count == newShape.count, "newToOld must have one entry per new node")
    precondition(oldToNew.count == oldShape.count, "oldToNew must have one entry per old node")
    let old = oldShape.topology
    let new = newShape.topology
    // Collect deleted roots and unequal pairs in old order (preorder:
    // the order of their paths).
    nodes = TreeDiffNodes()
    try old.parents.withUnsafeBufferPointer { parents in
      try oldToNew.withUnsafeBufferPointer { oldToNew in
        for node in 0..<parents.count {
          let parent = Int(parents[node])
          if oldToNew[node] < 0 {
            if parent < 0 || oldToNew[parent] >= 0 { nodes.deletes.append(Int32(node)) }
          } else if try !isEqual(node, Int(oldToNew[node])) {
            nodes.updates.append(Int32(node))
          }
        }
      }
    }
    let moved: [Bool]
    (nodes.inserts, moved) = Self.insertsAndMoves(old: old, new: new, newToOld: newToOld)
    for node in 0..<old.count where moved[node] { nodes.moves.append(Int32(node)) }
    self.init(
      inserts: nodes.inserts.map { new.path(of: Int($0)) },
      deletes: nodes.deletes.map { old.path(of: Int($0)) },
      updates: nodes.updates.map { old.path(of: Int($0)) },
      moves: nodes.moves.map {
        Move(from: old.path(of: Int($0)), to: new.path(of: Int(oldToNew[Int($0)])))
      })
  }

  /// This diff with the old nodes `nodes` (matched, in any order) as its
  /// updates, by their paths in `oldShape`: what
  /// `init(oldShape:newShape:newToOld:isEqual:)` gives when `isEqual` is
  /// `false` for exactly those nodes, made from its diff with an
  /// `isEqual` that is always `true` (a comparison that works the
  /// positions out while it compares the nodes).
  ///
  /// - Complexity: O(u log u + u·h) for u updates and height h.
  public func updating(oldNodes nodes: [Int], in oldShape: TreeShape) -> Self {
    var treeNodes = TreeDiffNodes()
    return updating(oldNodes: nodes, in: oldShape, nodes: &treeNodes)
  }

  /// This diff with the old nodes `nodes` as its updates, as
  /// `updating(oldNodes:in:)` gives it, and those nodes, in the order of
  /// the updates, in `treeNodes.updates`.
  package func updating(
    oldNodes nodes: [Int], in oldShape: TreeShape, nodes treeNodes: inout TreeDiffNodes
  )
    -> Self
  {
    treeNodes.updates = nodes.sorted().map { Int32($0) }
    return OrderedCollectionDiff(
      inserts: inserts, deletes: deletes,
      updates: treeNodes.updates.map { oldShape.topology.path(of: Int($0)) }, moves: moves)
  }

  /// The inserted roots (NEW nodes, ascending: their paths' order) and,
  /// by old node, the moved nodes: parent changed, or outside the kept
  /// order of their parent; see
  /// `init(oldShape:newShape:newToOld:isEqual:)`.
  ///
  /// One walk over NEW's nodes in preorder, reading both trees' arrays
  /// mostly in order (a walk parent by parent over the children lists
  /// read them here and there, a cache miss a node), with the old
  /// sibling index of each parent's last kept child so far, by parent
  /// (a stack of the open ancestors instead took two array operations a
  /// node); only the parents whose kept children leave their old order
  /// get a longest increasing subsequence, afterwards.
  ///
  /// - Complexity: O(n log n) for n nodes.
  private static func insertsAndMoves(old: TreeTopology, new: TreeTopology, newToOld: [Int32])
    -> (inserts: [Int32], moved: [Bool])
  {
    var moved = [Bool](repeating: false, count: old.count)
    var inserts: [Int32] = []
    // The parents whose kept children leave their old order.
    var disordered: [Int] = []
    // By NEW parent (the roots' list, -1, first): the old sibling index
    // of its last kept child (-1: none yet; `.max`: out of order
    // already).
    var lastKept = [Int32](repeating: -1, count: newToOld.count + 1)
    let outOfOrder = Int32.max
    newToOld.withUnsafeBufferPointer { newToOld in
      new.parents.withUnsafeBufferPointer { parents in
        lastKept.withUnsafeMutableBufferPointer { lastKept in
          for node in 0..<newToOld.count {
            let parent = Int(parents[node])
            let match = Int(newToOld[node])
            if parent >= 0 && newToOld[parent] < 0 {
              // A child of an inserted node: moved in when matched, else
              // part of the insert.
              if match >= 0 { moved[match] = true }
              continue
            }
            let oldParent = parent < 0 ? Int32(-1) : newToOld[parent]
            if match < 0 {
              inserts.append(Int32(node))
            } else if old.parents[match] != oldParent {
              moved[match] = true
            } else {
              let (index, last) = (old.siblingIndex[match], lastKept[parent + 1])
              if last == outOfOrder { continue }
              if index < last {
                disordered.append(parent)
                lastKept[parent + 1] = outOfOrder
              } else {
                lastKept[parent + 1] = index
              }
            }
          }
        }
      }
    }
    for parent in disordered {
      markMovedOutOfOrder(childrenOf: parent, old: old, new: new, newToOld: newToOld, &moved)
    }
    return (inserts, moved)
  }

  /// Marks moved the kept children of NEW's matched node `parent` (-1:
  /// the roots) outside a longest increasing subsequence of their old
  /// sibling indices.
  private static func markMovedOutOfOrder(
    childrenOf parent: Int, old: TreeTopology, new: TreeTopology, newToOld: [Int32],
    _ moved: inout [Bool]
  ) {
    let oldParent = parent < 0 ? Int32(-1) : newToOld[parent]
    var (siblings, kept): ([Int32], [Int32]) = ([], [])
    for child in new.children(of: parent) {
      let match = newToOld[Int(child)]
      guard match >= 0, old.parents[Int(match)] == oldParent else { continue }
      siblings.append(old.siblingIndex[Int(match)])
      kept.append(match)
    }
    let members = longestIncreasingSubsequenceMembers(siblings)
    for rank in kept.indices where !members[rank] { moved[Int(kept[rank])] = true }
  }

  /// Creates the diff of two forests, matching nodes by an identity
  /// closure across the whole forest and comparing matched nodes with an
  /// equality closure (see `init(oldShape:newShape:newToOld:isEqual:)`
  /// for what each list holds).
  ///
  /// - Parameters:
  ///   - old: the OLD roots.
  ///   - new: the NEW roots.
  ///   - identity: a node's identity, meant to be unique in each forest
  ///     (repeats are matched occurrence by occurrence in preorder);
  ///     called once per node.
  ///   - isEqual: whether two matched nodes are equal, children aside;
  ///     called once per matched pair.
  /// - Throws: what `identity` or `isEqual` throws.
  /// - Complexity: O(n log n + c·h) for n nodes, c changes and height h.
  ///   Inlinable, like the ordered entry, so that the walk over the caller's
  ///   node type is specialized.
  @inlinable
  public init<Node: TreeNode, Id: Hashable>(
    from old: [Node], to new: [Node], identifiedBy identity: (Node) throws -> Id,
    isEqual: (Node, Node) throws -> Bool
  ) rethrows {
    let oldNodes = old.flattenedInPreorder()
    let newNodes = new.flattenedInPreorder()
    let oldIds = try oldNodes.map(identity)
    let newIds = try newNodes.map(identity)
    let newToOld = matchIdentities(old: oldIds, new: newIds)
    try self.init(
      oldShape: TreeShape(of: old), newShape: TreeShape(of: new), newToOld: newToOld,
      isEqual: { try isEqual(oldNodes[$0], newNodes[$1]) })
  }
}

extension Array where Element: TreeNode {
  /// The nodes of the forest in preorder (each with its children).
  ///
  /// - Complexity: O(n).
  @inlinable
  func flattenedInPreorder() -> [Element] {
    var nodes: [Element] = []
    func visit(_ forest: [Element]) {
      for node in forest {
        nodes.append(node)
        visit(node.children)
      }
    }
    visit(self)
    return nodes
  }
}
