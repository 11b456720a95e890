/// The position of a node in a forest: the index among the roots, then
/// the index among that root's children, and so on (`[0, 2, 1]` is the
/// second child of the third child of the first root).
///
/// Paths compare lexicographically, a path before its extensions, which
/// is the order of a depth-first (preorder) walk of the forest.
public struct TreeIndexPath: Hashable, Comparable, Sendable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  /// The indices from the roots down.
  public var components: [Int]

  /// Creates a path from its indices, from the roots down.
  ///
  /// - Parameter components: the indices.
  public init(_ components: [Int]) { self.components = components }

  /// Creates a path from an array literal of indices.
  ///
  /// - Parameter elements: the indices.
  public init(arrayLiteral elements: Int...) { self.components = elements }

  /// The path of the parent, or `nil` for a root or the empty path.
  public var parent: TreeIndexPath? {
    components.count > 1 ? TreeIndexPath(Array(components.dropLast())) : nil
  }

  /// The index among the siblings, or `nil` for the empty path.
  public var last: Int? { components.last }

  /// The path of this node's child at `index`.
  ///
  /// - Parameter index: the child's index among its siblings.
  /// - Returns: the child's path.
  public func appending(_ index: Int) -> TreeIndexPath { TreeIndexPath(components + [index]) }

  /// Whether `lhs` comes before `rhs` in a depth-first walk.
  public static func < (lhs: TreeIndexPath, rhs: TreeIndexPath) -> Bool {
    lhs.components.lexicographicallyPrecedes(rhs.components)
  }

  /// The path as written in a diff: `[0, 2, 1]`.
  public var description: String { "\(components)" }
}
