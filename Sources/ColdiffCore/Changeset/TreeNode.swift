/// A node of a tree whose children are ordered, such as a record nesting
/// child records in an array member.
///
/// A forest (`[Node]`) of such nodes can be diffed and patched with
/// `TreeIndexPath`s; a node's identity and equality are given by closures
/// (or `CollectionIdentifiable`), and equality should compare the node's
/// own content, not its children, which the diff follows on its own.
public protocol TreeNode {
  /// The node's children, in order.
  var children: [Self] { get set }
}
