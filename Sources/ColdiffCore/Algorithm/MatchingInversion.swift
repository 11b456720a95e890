/// Inverts a matching given as `newToOld` (-1 = unmatched new record).
///
/// - Parameters:
///   - oldCount: the number of old records.
///   - newToOld: for each new record, its matched old position or -1.
/// - Returns: for each old record, its matched new position or -1.
/// - Precondition: every matched old position is in `0..<oldCount` and
///   matched at most once.
/// - Complexity: O(oldCount + newCount).
package func invertMatching(oldCount: Int, newToOld: [Int32]) -> [Int32] {
  var oldToNew = [Int32](repeating: -1, count: oldCount)
  oldToNew.withUnsafeMutableBufferPointer { oldToNew in
    newToOld.withUnsafeBufferPointer { newToOld in
      for new in 0..<newToOld.count {
        let old = Int(newToOld[new])
        if old < 0 { continue }
        precondition(old < oldCount, "newToOld[\(new)] = \(old) is not an old position")
        precondition(oldToNew[old] < 0, "old position \(old) is matched twice")
        oldToNew[old] = Int32(new)
      }
    }
  }
  return oldToNew
}
