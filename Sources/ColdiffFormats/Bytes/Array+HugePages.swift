extension Array {
  /// Makes room for `extra` more elements: when the array must grow, its
  /// memory is made anew with room for `expected` elements at least (and
  /// half as many again as it holds), its huge pages advised before
  /// anything is written (`adviseHugePages`), and the elements copied
  /// over.
  ///
  /// - Parameters:
  ///   - extra: the elements about to be appended.
  ///   - expected: how many elements the array is expected to end with.
  /// - Complexity: O(count) when the array grows, else O(1).
  mutating func reserveAdvised(_ extra: Int, expecting expected: Int) {
    let needed = count + extra
    guard needed > capacity else { return }
    var grown: [Element] = []
    grown.reserveCapacity(Swift.max(needed, expected, count + count / 2))
    grown.adviseHugePages()
    grown += self
    self = grown
  }

  /// Advises the memory of the array's capacity as huge pages
  /// (`HugePages`), before the elements are written into it front to
  /// back.
  mutating func adviseHugePages() {
    let bytes = capacity * MemoryLayout<Element>.stride
    withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress { HugePages.advise(base, count: bytes) }
    }
  }
}
