extension Array where Element: BitwiseCopyable {
  /// Makes room for `extra` more elements: when the array must grow, its
  /// memory is made anew with room for `expected` elements at least (and
  /// half as many again as it holds), its huge pages advised before
  /// anything is written (`HugePages`), and the elements copied over.
  ///
  /// - Parameters:
  ///   - extra: the elements about to be appended.
  ///   - expected: how many elements the array is expected to end with.
  /// - Complexity: O(count) when the array grows, else O(1).
  mutating func reserveAdvised(_ extra: Int, expecting expected: Int) {
    let needed = count + extra
    guard needed > capacity else { return }
    let room = Swift.max(needed, expected, count + count / 2)
    let old = self
    self = [Element](unsafeUninitializedCapacity: room) { buffer, initialized in
      guard let target = buffer.baseAddress else { return }
      HugePages.advise(
        UnsafeMutableRawPointer(target), count: buffer.count * MemoryLayout<Element>.stride)
      old.withUnsafeBufferPointer {
        if let source = $0.baseAddress { target.initialize(from: source, count: $0.count) }
      }
      initialized = old.count
    }
  }
}
