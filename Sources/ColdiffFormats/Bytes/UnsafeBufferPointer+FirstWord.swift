extension UnsafeBufferPointer where Element == UInt32 {
  /// The position of the first word equal to `word`, if any, looked for
  /// eight words at a time (a list of a million, asked several times in a
  /// run, took a millisecond each time one word at a time): the absent
  /// key of a record (`JSONCollectionIndex.firstRecordWithoutKey`), the
  /// absent range of a narrow list (`RangeBounds.firstAbsent()`).
  ///
  /// - Complexity: O(`count`).
  func firstIndex(ofWord word: UInt32) -> Int? {
    var start = 0
    if let base = baseAddress {
      let wanted = SIMD8<UInt32>(repeating: word)
      while start + 8 <= count {
        let block = UnsafeRawPointer(base + start).loadUnaligned(as: SIMD8<UInt32>.self)
        if any(block .== wanted) { break }
        start += 8
      }
    }
    return self[start...].firstIndex(of: word)
  }
}
