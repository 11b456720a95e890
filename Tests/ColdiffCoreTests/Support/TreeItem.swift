import ColdiffCore

/// A test tree node: `id` is its identity, `value` its content.
struct TreeItem: TreeNode, Hashable, CustomStringConvertible {
  var id: Int
  var value: Int = 0
  var children: [TreeItem] = []

  var description: String {
    children.isEmpty ? "\(id):\(value)" : "\(id):\(value)\(children)"
  }

  /// Identity and equality of the content, children aside.
  static func sameContent(_ a: TreeItem, _ b: TreeItem) -> Bool {
    a.id == b.id && a.value == b.value
  }
}
