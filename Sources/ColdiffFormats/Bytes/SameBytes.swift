import Glibc

extension UnsafeBufferPointer<UInt8> {
  /// Whether `range` of these bytes and `otherRange` of `other` hold the
  /// same bytes (`memcmp`).
  ///
  /// - Complexity: O(`range.count`).
  package func sameBytes(
    _ range: Range<Int>, as other: UnsafeBufferPointer<UInt8>, _ otherRange: Range<Int>
  ) -> Bool {
    guard range.count == otherRange.count else { return false }
    guard !range.isEmpty else { return true }
    return memcmp(
      baseAddress! + range.lowerBound, other.baseAddress! + otherRange.lowerBound, range.count)
      == 0
  }
}
