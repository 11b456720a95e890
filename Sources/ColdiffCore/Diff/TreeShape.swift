/// The shape of a forest, without its content: the parent of each node,
/// nodes numbered in depth-first order (preorder: a node, then its first
/// child's subtree, then its second child's, …; then the next root).
///
/// This is what the matching-based tree entries take, so a caller that
/// matches identities itself (the command line) needs no node type. A
/// shape holds its children lists and sibling indices too, made once when
/// it is created, so that the diff, its patch and the caller share them.
public struct TreeShape: Hashable, Sendable {
  /// Children lists and sibling indices, made from the parents.
  let topology: TreeTopology

  /// For each node in preorder, its parent's number, or -1 for a root.
  public var parents: [Int32] { topology.parents }

  /// Each node's index among its siblings (the roots are siblings).
  public var siblingIndices: [Int32] { topology.siblingIndex }

  /// Creates a shape from the parents of the nodes in preorder.
  ///
  /// - Parameter parents: for each node, its parent's number or -1.
  /// - Precondition: the numbering is a preorder: each node's parent is
  ///   the node before it or one of that node's ancestors.
  /// - Complexity: O(n).
  public init(parents: [Int32]) {
    topology = TreeTopology(preorderParents: parents)
  }

  /// Creates a shape from the parents of the nodes in preorder and their
  /// indices among their siblings, as a tree scan lays them out: the
  /// same shape as `init(parents:)`, without finding the indices again.
  ///
  /// - Parameters:
  ///   - parents: for each node, its parent's number or -1.
  ///   - siblingIndices: each node's index among its siblings.
  /// - Precondition: the numbering is a preorder, and each sibling index
  ///   is the number of siblings before the node (checked).
  /// - Complexity: O(n).
  package init(parents: [Int32], siblingIndices: [Int32]) {
    topology = TreeTopology(preorderParents: parents, siblingIndex: siblingIndices)
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
    self.init(parents: parents)
  }

  /// The number of nodes.
  public var count: Int { topology.count }

  /// The children of `node` in order, or the roots for -1.
  ///
  /// - Complexity: O(1).
  public func children(of node: Int) -> ArraySlice<Int32> { topology.children(of: node) }

  /// Child number `index` of `node` in order, or root number `index` for
  /// -1; unlike `children(of:)`, it takes no reference to the lists
  /// (which threads reading the shape at once would contend for).
  ///
  /// - Precondition: `index < childCount(of: node)`.
  /// - Complexity: O(1).
  public func child(_ index: Int, of node: Int) -> Int { Int(topology.child(index, of: node)) }

  /// How many children `node` has, or how many roots for -1.
  ///
  /// - Complexity: O(1).
  public func childCount(of node: Int) -> Int { topology.childCount(of: node) }

  /// Whether two shapes have the same parents (all else follows from
  /// them).
  public static func == (lhs: TreeShape, rhs: TreeShape) -> Bool { lhs.parents == rhs.parents }

  /// Hashes the parents.
  public func hash(into hasher: inout Hasher) { hasher.combine(parents) }
}
