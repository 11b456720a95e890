/// Matches new records to old ones by integer identity, occurrence by
/// occurrence, through a direct-address table when the old identities
/// are dense (their range is at most four times their number, plus 64).
///
/// Numeric ids usually are dense, and then no hashing is needed: the table
/// has one `Int32` slot per value of the range, holding the first old
/// record not yet taken with that value; records sharing a value are
/// chained in `next`. Results are those of the hashed matching.
///
/// - Parameters:
///   - oldIds: the old records' identities, in order.
///   - newIds: the new records' identities, in order.
/// - Returns: `newToOld` (for each new record, its old position or -1), or
///   `nil` when the old identities are not dense.
/// - Complexity: O(n) for n = old + new records, sequential when
///   identities follow positions; one table of at most 4n + 64 slots.
@usableFromInline
func matchDenseIntegers(old oldIds: [Int], new newIds: [Int]) -> [Int32]? {
  guard let low = oldIds.min(), let high = oldIds.max() else {
    return [Int32](repeating: -1, count: newIds.count)
  }
  let (span, overflow) = high.subtractingReportingOverflow(low)
  guard !overflow && span < 4 * oldIds.count + 64 else { return nil }
  var first = [Int32](repeating: -1, count: span + 1)
  var next = [Int32](repeating: -1, count: oldIds.count)
  var newToOld = [Int32](repeating: -1, count: newIds.count)
  first.withUnsafeMutableBufferPointer { first in
    next.withUnsafeMutableBufferPointer { next in
      // Index the old records, last first, so each chain runs in ascending order.
      for old in stride(from: oldIds.count - 1, through: 0, by: -1) {
        let slot = oldIds[old] &- low
        next[old] = first[slot]
        first[slot] = Int32(old)
      }
      // Give each new record the first untaken old record with its identity.
      newToOld.withUnsafeMutableBufferPointer { newToOld in
        for new in 0..<newIds.count {
          let id = newIds[new]
          guard id >= low && id <= high else { continue }
          let slot = id &- low
          let head = first[slot]
          if head >= 0 {
            newToOld[new] = head
            first[slot] = next[Int(head)]
          }
        }
      }
    }
  }
  return newToOld
}
