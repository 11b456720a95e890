extension Array where Element: FixedWidthInteger {
  /// Appends `count` elements that `write` writes in place through a
  /// pointer to the first of them (it must write every one): several
  /// arrays are filled in one pass over the rows they come from, where
  /// an append to each read every row once for each array. An empty
  /// array without room for them is made at their size; otherwise they
  /// are appended as zeros first, the array growing as `append` grows it.
  ///
  /// - Complexity: O(`count`), and O(`self.count`) when the array grows.
  mutating func extend(by count: Int, _ write: (UnsafeMutablePointer<Element>) -> Void) {
    guard count > 0 else { return }
    let start = self.count
    guard start > 0 || capacity >= count else {
      self = Self(unsafeUninitializedCapacity: count) { buffer, initialized in
        write(buffer.baseAddress!)
        initialized = count
      }
      return
    }
    append(contentsOf: repeatElement(0, count: count))
    withUnsafeMutableBufferPointer { write($0.baseAddress! + start) }
  }
}
