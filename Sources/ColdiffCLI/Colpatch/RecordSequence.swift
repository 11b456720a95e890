/// A sequence of record handles with insert, remove and lookup by position
/// in O(log n) expected time: an implicit treap (a randomized balanced tree
/// keyed by position), kept in flat arrays.
///
/// colpatch applies RFC 6902 operations positionally with it, so a patch of
/// d operations on n records costs O(n + d log n), not O(n·d).
struct RecordSequence {
  private var left: [Int32] = []
  private var right: [Int32] = []
  private var size: [Int32] = []
  private var priority: [UInt32] = []
  private var payload: [Int32] = []
  private var root: Int32 = -1
  private var random: UInt64 = 0x2545_F491_4F6C_DD1D

  /// The sequence `payloads`, in order.
  ///
  /// - Complexity: O(n).
  init(_ payloads: [Int32]) {
    let count = payloads.count
    left.reserveCapacity(count)
    right.reserveCapacity(count)
    size.reserveCapacity(count)
    priority.reserveCapacity(count)
    payload.reserveCapacity(count)
    for handle in payloads { _ = makeNode(handle) }
    // Build the Cartesian tree of the priorities with a stack.
    var stack: [Int32] = []
    for node in 0..<Int32(count) {
      var last: Int32 = -1
      while let top = stack.last, priority[Int(top)] < priority[Int(node)] {
        last = stack.removeLast()
      }
      left[Int(node)] = last
      if let top = stack.last { right[Int(top)] = node }
      stack.append(node)
    }
    root = stack.first ?? -1
    // Compute the sizes children first: nodes leave a post-order walk.
    var order: [Int32] = []
    order.reserveCapacity(count)
    var pending: [Int32] = root >= 0 ? [root] : []
    while let node = pending.popLast() {
      order.append(node)
      if left[Int(node)] >= 0 { pending.append(left[Int(node)]) }
      if right[Int(node)] >= 0 { pending.append(right[Int(node)]) }
    }
    for node in order.reversed() { update(node) }
  }

  /// The number of records.
  var count: Int { root < 0 ? 0 : Int(size[Int(root)]) }

  /// The handle at `position`.
  ///
  /// - Complexity: O(log n) expected.
  subscript(position: Int) -> Int32 {
    get { payload[Int(node(at: position))] }
    set { payload[Int(node(at: position))] = newValue }
  }

  /// Inserts `handle` so that it ends up at `position` (0...count).
  ///
  /// - Complexity: O(log n) expected.
  mutating func insert(_ handle: Int32, at position: Int) {
    precondition(position >= 0 && position <= count, "insert position out of range")
    let node = makeNode(handle)
    let (before, after) = split(root, position)
    root = merge(merge(before, node), after)
  }

  /// Removes and returns the handle at `position` (0..<count).
  ///
  /// - Complexity: O(log n) expected.
  @discardableResult
  mutating func remove(at position: Int) -> Int32 {
    precondition(position >= 0 && position < count, "remove position out of range")
    let (before, rest) = split(root, position)
    let (node, after) = split(rest, 1)
    root = merge(before, after)
    return payload[Int(node)]
  }

  /// The handles in order.
  ///
  /// - Complexity: O(n).
  var handles: [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(count)
    var stack: [Int32] = []
    var node = root
    while node >= 0 || !stack.isEmpty {
      while node >= 0 {
        stack.append(node)
        node = left[Int(node)]
      }
      let top = stack.removeLast()
      result.append(payload[Int(top)])
      node = right[Int(top)]
    }
    return result
  }

  private mutating func makeNode(_ handle: Int32) -> Int32 {
    random ^= random << 13
    random ^= random >> 7
    random ^= random << 17
    left.append(-1)
    right.append(-1)
    size.append(1)
    priority.append(UInt32(truncatingIfNeeded: random >> 32))
    payload.append(handle)
    return Int32(payload.count - 1)
  }

  private func node(at position: Int) -> Int32 {
    precondition(position >= 0 && position < count, "position out of range")
    var node = root
    var position = position
    while true {
      let leftSize = left[Int(node)] >= 0 ? Int(size[Int(left[Int(node)])]) : 0
      if position < leftSize {
        node = left[Int(node)]
      } else if position == leftSize {
        return node
      } else {
        position -= leftSize + 1
        node = right[Int(node)]
      }
    }
  }

  private mutating func update(_ node: Int32) {
    let l = left[Int(node)]
    let r = right[Int(node)]
    size[Int(node)] = 1 + (l >= 0 ? size[Int(l)] : 0) + (r >= 0 ? size[Int(r)] : 0)
  }

  /// Splits `tree` into its first `count` nodes and the rest.
  private mutating func split(_ tree: Int32, _ count: Int) -> (Int32, Int32) {
    guard tree >= 0 else { return (-1, -1) }
    let leftSize = left[Int(tree)] >= 0 ? Int(size[Int(left[Int(tree)])]) : 0
    if count <= leftSize {
      let (before, after) = split(left[Int(tree)], count)
      left[Int(tree)] = after
      update(tree)
      return (before, tree)
    }
    let (before, after) = split(right[Int(tree)], count - leftSize - 1)
    right[Int(tree)] = before
    update(tree)
    return (tree, after)
  }

  /// Joins two trees, every node of `first` before every node of `second`.
  private mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
    guard first >= 0 else { return second }
    guard second >= 0 else { return first }
    if priority[Int(first)] > priority[Int(second)] {
      right[Int(first)] = merge(right[Int(first)], second)
      update(first)
      return first
    }
    left[Int(second)] = merge(first, left[Int(second)])
    update(second)
    return second
  }
}
