/// Fenwick (binary indexed) trees of counts, one per segment of a flat
/// array of slots.
///
/// The diff → patch conversions keep one count per slot (1 when a record
/// occupies it) and ask how many records lie before a slot, which is the
/// record's current position, without shifting any array. An ordered
/// collection is one segment; a forest has one segment per sibling list.
struct FenwickTree {
  private var tree: [Int32]
  /// Where each segment starts in `tree`, plus the end.
  private let starts: [Int]

  /// Creates the trees over `counts`, cut into segments at `segmentStarts`
  /// (ascending offsets, the first 0, the last `counts.count`).
  ///
  /// - Complexity: O(n).
  init(counts: [Int32], segmentStarts: [Int]) {
    var tree = counts
    tree.withUnsafeMutableBufferPointer { tree in
      for segment in 0..<(segmentStarts.count - 1) {
        let start = segmentStarts[segment]
        let size = segmentStarts[segment + 1] - start
        for node in stride(from: 1, through: size, by: 1) {
          let parent = node + (node & -node)
          if parent <= size { tree[start + parent - 1] &+= tree[start + node - 1] }
        }
      }
    }
    self.tree = tree
    self.starts = segmentStarts
  }

  /// Creates one tree over all of `counts`.
  ///
  /// - Complexity: O(n).
  init(counts: [Int32]) { self.init(counts: counts, segmentStarts: [0, counts.count]) }

  /// Adds `delta` to the count of `slot` of `segment`.
  ///
  /// - Complexity: O(log n).
  mutating func add(_ delta: Int32, at slot: Int, in segment: Int = 0) {
    let start = starts[segment]
    let size = starts[segment + 1] - start
    tree.withUnsafeMutableBufferPointer { tree in
      var node = slot + 1
      while node <= size {
        tree[start + node - 1] &+= delta
        node += node & -node
      }
    }
  }

  /// The sum of the counts of the slots of `segment` before `slot`.
  ///
  /// - Complexity: O(log n).
  func countBefore(_ slot: Int, in segment: Int = 0) -> Int {
    let start = starts[segment]
    return tree.withUnsafeBufferPointer { tree in
      var node = slot
      var sum: Int32 = 0
      while node > 0 {
        sum &+= tree[start + node - 1]
        node -= node & -node
      }
      return Int(sum)
    }
  }

  /// The most leading slots of `segment` whose counts add up to at most
  /// `limit`, and that sum: with counts of records per slot, the slot
  /// `slots` holds the record at position `limit` (when there is one),
  /// `limit - sum` records into it.
  ///
  /// - Complexity: O(log n).
  func leadingSlots(summingAtMost limit: Int, in segment: Int = 0) -> (slots: Int, sum: Int) {
    let start = starts[segment]
    let size = starts[segment + 1] - start
    return tree.withUnsafeBufferPointer { tree in
      var (node, sum) = (0, 0)
      var step = size == 0 ? 0 : 1 << (Int.bitWidth - 1 - size.leadingZeroBitCount)
      while step > 0 {
        let next = node + step
        if next <= size, sum + Int(tree[start + next - 1]) <= limit {
          node = next
          sum += Int(tree[start + next - 1])
        }
        step >>= 1
      }
      return (node, sum)
    }
  }
}
