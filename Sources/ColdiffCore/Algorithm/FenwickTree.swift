/// A Fenwick (binary indexed) tree of counts over slots `0..<count`.
///
/// The diff → patch conversion keeps one count per slot (1 when a record
/// occupies it) and asks how many records lie before a slot, which is the
/// record's current position, without shifting any array.
struct FenwickTree {
  private var tree: [Int32]

  /// Creates a tree over `counts.count` slots with the given counts.
  ///
  /// - Complexity: O(n).
  init(counts: [Int32]) {
    var tree = [Int32](repeating: 0, count: counts.count + 1)
    tree.withUnsafeMutableBufferPointer { tree in
      for slot in 0..<counts.count {
        let node = slot + 1
        tree[node] &+= counts[slot]
        let parent = node + (node & -node)
        if parent < tree.count { tree[parent] &+= tree[node] }
      }
    }
    self.tree = tree
  }

  /// Adds `delta` to the count of `slot`.
  ///
  /// - Complexity: O(log n).
  mutating func add(_ delta: Int32, at slot: Int) {
    tree.withUnsafeMutableBufferPointer { tree in
      var node = slot + 1
      while node < tree.count {
        tree[node] &+= delta
        node += node & -node
      }
    }
  }

  /// The sum of the counts of the slots before `slot`.
  ///
  /// - Complexity: O(log n).
  func countBefore(_ slot: Int) -> Int {
    tree.withUnsafeBufferPointer { tree in
      var node = slot
      var sum: Int32 = 0
      while node > 0 {
        sum &+= tree[node]
        node -= node & -node
      }
      return Int(sum)
    }
  }
}
