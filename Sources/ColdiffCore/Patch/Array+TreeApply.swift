extension Array where Element: TreeNode {
  /// Applies a sequential tree patch to this forest.
  ///
  /// - Parameter patch: the operations, each with paths in the forest as
  ///   the operations before it left it.
  /// - Precondition: every path names a node (or, for an insert, a place)
  ///   when its operation runs.
  /// - Complexity: O(d·(h + w)) for d operations, height h and the width
  ///   w of the sibling lists they touch.
  public mutating func apply(_ patch: some Sequence<TreeOperation<Element>>) {
    for operation in patch {
      switch operation {
      case .insert(let node, let at):
        Self.withSiblings(of: at, in: &self) { siblings, index in
          precondition(index <= siblings.count, "insert at \(at) is out of range")
          siblings.insert(node, at: index)
        }
      case .delete(_, let at):
        Self.withSiblings(of: at, in: &self) { siblings, index in
          precondition(index < siblings.count, "delete at \(at) is out of range")
          siblings.remove(at: index)
        }
      case .update(let at, _, let new):
        Self.withSiblings(of: at, in: &self) { siblings, index in
          precondition(index < siblings.count, "update at \(at) is out of range")
          var replacement = new
          replacement.children = siblings[index].children
          siblings[index] = replacement
        }
      case .move(let from, let to):
        let node = Self.withSiblings(of: from, in: &self) { siblings, index in
          precondition(index < siblings.count, "move from \(from) is out of range")
          return siblings.remove(at: index)
        }
        Self.withSiblings(of: to, in: &self) { siblings, index in
          precondition(index <= siblings.count, "move to \(to) is out of range")
          siblings.insert(node, at: index)
        }
      }
    }
  }

  /// Runs `body` on the sibling list that holds `path`'s last index, in
  /// place.
  private static func withSiblings<Result>(
    of path: TreeIndexPath, in forest: inout [Element],
    _ body: (inout [Element], Int) -> Result
  ) -> Result {
    precondition(!path.components.isEmpty, "the empty path names no node")
    return descend(path.components[...], in: &forest, body)
  }

  private static func descend<Result>(
    _ components: ArraySlice<Int>, in siblings: inout [Element],
    _ body: (inout [Element], Int) -> Result
  ) -> Result {
    let index = components[components.startIndex]
    if components.count == 1 { return body(&siblings, index) }
    precondition(index >= 0 && index < siblings.count, "no node at an index \(index)")
    return descend(components.dropFirst(), in: &siblings[index].children, body)
  }
}
