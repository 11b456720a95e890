/// The shape of a forest, without its content: the parent of each node,
/// nodes numbered in depth-first order (preorder: a node, then its first
/// child's subtree, then its second child's, …; then the next root).
///
/// This is what the matching-based tree entries take, so a caller that
/// matches identities itself (the command line) needs no node type.
public struct TreeShape: Hashable, Sendable {
  /// For each node in preorder, its parent's number, or -1 for a root.
  public let parents: [Int32]

  /// Creates a shape from the parents of the nodes in preorder.
  ///
  /// - Parameter parents: for each node, its parent's number or -1.
  /// - Precondition: the numbering is a preorder: each node's parent is
  ///   the node before it or one of that node's ancestors.
  /// - Complexity: O(n).
  public init(parents: [Int32]) {
    var open: [Int32] = []
    for (node, parent) in parents.enumerated() {
      while let last = open.last, last != parent { open.removeLast() }
      precondition(parent < 0 || open.last == parent, "node \(node) is not in preorder")
      open.append(Int32(node))
    }
    self.parents = parents
  }

  /// Creates the shape of a forest.
  ///
  /// - Parameter forest: the roots.
  /// - Complexity: O(n).
  @inlinable
  public init<Node: TreeNode>(of forest: [Node]) {
    var parents: [Int32] = []
    func visit(_ nodes: [Node], parent: Int32) {
      for node in nodes {
        let number = Int32(parents.count)
        parents.append(parent)
        visit(node.children, parent: number)
      }
    }
    visit(forest, parent: -1)
    self.parents = parents
  }

  /// The number of nodes.
  public var count: Int { parents.count }
}
