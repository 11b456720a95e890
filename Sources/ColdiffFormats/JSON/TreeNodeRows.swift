/// One node of a tree layout being built (`TreeLayoutBuilder`): its
/// range, its children array's and its key member's value's (a lower
/// bound of -1 for none), its number, its parent's number and index
/// among its siblings, and where its canonical key bytes start while
/// keys come in preorder.
struct TreeNodeRow {
  var start: Int
  var end: Int
  var childrenStart = -1
  var childrenEnd = -1
  var keyStart = -1
  var keyEnd = -1
  /// The node's number in the layout (rows are only the nodes scanned).
  var node: Int32
  var parent: Int32
  var sibling: Int32
  var keyBytes: UInt32 = 0

  /// Node `node` starting at `start`, its range still open, with neither
  /// a children array nor a key yet.
  @inline(__always)
  init(start: Int, node: Int32, parent: Int32, sibling: Int32) {
    (self.start, end, self.node) = (start, start, node)
    (self.parent, self.sibling) = (parent, sibling)
  }

  /// The node's children array, `nil` without one.
  var children: Range<Int>? { childrenStart < 0 ? nil : childrenStart..<childrenEnd }
}

/// The rows of a tree layout being built, one for each node scanned in
/// preorder, in memory of their own (the heap's, which the next chunk's scan uses
/// again), written in place (`ScanColumn`): a node's several arrays
/// (`Layout`) took an array's uniqueness and capacity checks for each of
/// a dozen stores, about 3% of a 1M-node tree diff's CPU
/// (`swift_isUniquelyReferenced` alone). The builder turns the rows into
/// a layout's arrays once done.
typealias TreeNodeRows = ScanColumn<TreeNodeRow>
