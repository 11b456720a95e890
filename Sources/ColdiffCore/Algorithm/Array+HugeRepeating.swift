extension Array {
  /// `count` copies of `value` in memory advised as huge pages
  /// (`HugePages`) before it is written: the arrays of a million records
  /// that matching and the diff fill all over at once (4–16 MB each),
  /// each a few thousand page faults fewer. A small array is made as
  /// `init(repeating:count:)` makes it.
  ///
  /// - Parameters:
  ///   - value: the value of every element.
  ///   - count: the number of elements.
  package init(hugeRepeating value: Element, count: Int) {
    self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress {
        HugePages.advise(base, count: count * MemoryLayout<Element>.stride)
      }
      buffer.initialize(repeating: value)
      initialized = count
    }
  }
}
