/// One node of a tree layout being built (`TreeLayoutBuilder`): its
/// range, its children array's and its key member's value's (a lower
/// bound of -1 for none), its parent and index among its siblings, and
/// where its canonical key bytes start while keys come in preorder.
struct TreeNodeRow {
  var start: Int
  var end: Int
  var childrenStart = -1
  var childrenEnd = -1
  var keyStart = -1
  var keyEnd = -1
  var parent: Int32
  var sibling: Int32
  var keyBytes: UInt32 = 0

  /// A node starting at `start`, its range still open, with neither a
  /// children array nor a key yet.
  @inline(__always)
  init(start: Int, parent: Int32, sibling: Int32) {
    (self.start, end, self.parent, self.sibling) = (start, start, parent, sibling)
  }

  /// The node's children array, `nil` without one.
  var children: Range<Int>? { childrenStart < 0 ? nil : childrenStart..<childrenEnd }
}

/// The rows of a tree layout being built, one for each node in preorder,
/// in memory of their own (the heap's, which the next chunk's scan uses
/// again), written in place: a node's several arrays (`Layout`) took an
/// array's uniqueness and capacity checks for each of a dozen stores,
/// about 3% of a 1M-node tree diff's CPU (`swift_isUniquelyReferenced`
/// alone). The builder turns the rows into a layout's arrays once done.
///
/// The rows have one owner at a time: a copy shares their memory, which
/// a later `append` of either copy may move.
struct TreeNodeRows {
  /// The rows' memory, freed when the last copy of the rows goes.
  private final class Memory {
    var base: UnsafeMutablePointer<TreeNodeRow>

    init(_ base: UnsafeMutablePointer<TreeNodeRow>) { self.base = base }

    deinit { base.deallocate() }
  }

  private var base: UnsafeMutablePointer<TreeNodeRow>
  private let memory: Memory
  /// How many rows there are.
  private(set) var count = 0
  private var capacity: Int

  /// No rows, with room for `capacity`.
  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
    memory = Memory(base)
  }

  /// Row `node`, read or written in place.
  @inline(__always)
  subscript(node: Int) -> TreeNodeRow {
    unsafeAddress { UnsafePointer(base + node) }
    nonmutating unsafeMutableAddress { base + node }
  }

  /// Appends a row.
  @inline(__always)
  mutating func append(_ row: TreeNodeRow) {
    if count == capacity { grow() }
    (base + count).initialize(to: row)
    count &+= 1
  }

  /// The rows, valid while these rows live and do not grow.
  var elements: UnsafeBufferPointer<TreeNodeRow> { UnsafeBufferPointer(start: base, count: count) }

  @inline(never)
  private mutating func grow() {
    let grown = UnsafeMutablePointer<TreeNodeRow>.allocate(capacity: capacity * 2)
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    (base, memory.base, capacity) = (grown, grown, capacity * 2)
  }
}
