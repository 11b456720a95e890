/// A sequence of `Int32` tags that supports insertion, removal and lookup
/// by position in O(log n) expected time (an implicit treap in flat arrays).
///
/// Applying or folding a sequential patch touches positions that shift
/// after every operation; the treap keeps those operations logarithmic, so
/// a patch of d operations on n records costs O(n + d log n) instead of
/// the O(n·d) of shifting an array. Nodes live in parallel arrays indexed
/// by node number (no allocation per node); priorities come from a fixed
/// seed, so every run builds the same tree.
///
/// colpatch keeps the records of a target in one while it applies an RFC
/// 6902 patch positionally.
public struct ImplicitTreap: Sendable {
  private var left: [Int32] = []
  private var right: [Int32] = []
  private var size: [Int32] = []
  private var priority: [UInt32] = []
  private var tags: [Int32] = []
  private var root: Int32 = -1
  private var randomState: UInt64 = 0x2545_F491_4F6C_DD1D

  /// Creates a sequence holding the tags `0..<count` in order.
  ///
  /// - Complexity: O(n) (a Cartesian tree built on a stack).
  public init(identityOf count: Int) {
    self.init((0..<Int32(count)).map { $0 })
  }

  /// Creates a sequence holding `tags` in order.
  ///
  /// - Complexity: O(n) (a Cartesian tree built on a stack).
  public init(_ initialTags: [Int32]) {
    let count = initialTags.count
    left.reserveCapacity(count)
    right.reserveCapacity(count)
    size.reserveCapacity(count)
    priority.reserveCapacity(count)
    tags.reserveCapacity(count)
    var spine: [Int32] = []
    for tag in initialTags {
      let node = makeNode(tag: tag)
      // Pop the right spine below the new node's priority; they become its left child.
      var last: Int32 = -1
      while let top = spine.last, priority[Int(top)] < priority[Int(node)] {
        last = top
        spine.removeLast()
      }
      left[Int(node)] = last
      if let top = spine.last { right[Int(top)] = node }
      spine.append(node)
    }
    root = spine.first ?? -1
    computeSizes()
  }

  /// The number of tags in the sequence.
  public var count: Int { root < 0 ? 0 : Int(size[Int(root)]) }

  /// Inserts `tag` so that it ends at `position`.
  ///
  /// - Complexity: O(log n) expected.
  public mutating func insert(_ tag: Int32, at position: Int) {
    precondition(position >= 0 && position <= count, "insert position out of range")
    let node = makeNode(tag: tag)
    let (before, after) = split(root, position)
    root = merge(merge(before, node), after)
  }

  /// Removes the tag at `position` and returns it.
  ///
  /// - Complexity: O(log n) expected.
  @discardableResult
  public mutating func remove(at position: Int) -> Int32 {
    precondition(position >= 0 && position < count, "remove position out of range")
    let (before, rest) = split(root, position)
    let (node, after) = split(rest, 1)
    root = merge(before, after)
    return tags[Int(node)]
  }

  /// The tag at `position`.
  ///
  /// - Complexity: O(log n) expected.
  public subscript(position: Int) -> Int32 {
    get { tags[Int(node(at: position))] }
    set { tags[Int(node(at: position))] = newValue }
  }

  /// All tags in sequence order.
  ///
  /// - Complexity: O(n).
  public func inOrder() -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(count)
    var stack: [Int32] = []
    var current = root
    while current >= 0 || !stack.isEmpty {
      while current >= 0 {
        stack.append(current)
        current = left[Int(current)]
      }
      let node = stack.removeLast()
      result.append(tags[Int(node)])
      current = right[Int(node)]
    }
    return result
  }

  private func node(at position: Int) -> Int32 {
    var current = root
    var remaining = Int32(position)
    while true {
      let leftSize = sizeOf(left[Int(current)])
      if remaining < leftSize {
        current = left[Int(current)]
      } else if remaining == leftSize {
        return current
      } else {
        remaining -= leftSize + 1
        current = right[Int(current)]
      }
    }
  }

  private mutating func makeNode(tag: Int32) -> Int32 {
    // xorshift64*: a fixed sequence of priorities.
    randomState ^= randomState >> 12
    randomState ^= randomState << 25
    randomState ^= randomState >> 27
    let random = randomState &* 0x2545_F491_4F6C_DD1D
    left.append(-1)
    right.append(-1)
    size.append(1)
    priority.append(UInt32(truncatingIfNeeded: random >> 32))
    tags.append(tag)
    return Int32(tags.count - 1)
  }

  private func sizeOf(_ node: Int32) -> Int32 { node < 0 ? 0 : size[Int(node)] }

  private mutating func resize(_ node: Int32) {
    size[Int(node)] = sizeOf(left[Int(node)]) + sizeOf(right[Int(node)]) + 1
  }

  /// Splits `node`'s subtree into its first `position` tags and the rest.
  private mutating func split(_ node: Int32, _ position: Int) -> (Int32, Int32) {
    if node < 0 { return (-1, -1) }
    let leftSize = Int(sizeOf(left[Int(node)]))
    if position <= leftSize {
      let (before, after) = split(left[Int(node)], position)
      left[Int(node)] = after
      resize(node)
      return (before, node)
    }
    let (before, after) = split(right[Int(node)], position - leftSize - 1)
    right[Int(node)] = before
    resize(node)
    return (node, after)
  }

  /// Joins two subtrees, every tag of `first` before every tag of `second`.
  private mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
    if first < 0 { return second }
    if second < 0 { return first }
    if priority[Int(first)] > priority[Int(second)] {
      right[Int(first)] = merge(right[Int(first)], second)
      resize(first)
      return first
    }
    left[Int(second)] = merge(first, left[Int(second)])
    resize(second)
    return second
  }

  /// Fills `size` bottom-up after the stack construction.
  private mutating func computeSizes() {
    guard root >= 0 else { return }
    var order: [Int32] = [root]
    order.reserveCapacity(tags.count)
    var next = 0
    while next < order.count {
      let node = Int(order[next])
      next += 1
      if left[node] >= 0 { order.append(left[node]) }
      if right[node] >= 0 { order.append(right[node]) }
    }
    for node in order.reversed() { resize(node) }
  }
}
