extension Array {
  /// Makes room for `extra` more elements: when the array must grow, it
  /// grows at once to `expected` elements at least (and half as many
  /// again as it holds), so that a join appending part after part copies
  /// its elements about once.
  ///
  /// - Parameters:
  ///   - extra: the elements about to be appended.
  ///   - expected: how many elements the array is expected to end with.
  /// - Complexity: O(count) when the array grows, else O(1).
  mutating func reserve(_ extra: Int, expecting expected: Int) {
    let needed = count + extra
    guard needed > capacity else { return }
    reserveCapacity(Swift.max(needed, expected, count + count / 2))
  }
}
