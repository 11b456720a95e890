/// Marks one longest strictly increasing subsequence of `values`.
///
/// Patience method: `tails[k]` holds the element that ends the increasing
/// subsequences of length `k + 1` with the smallest last value; each
/// element finds its length by binary search and remembers the tail one
/// shorter as its predecessor.
///
/// Tie-breaking (deterministic): among all longest increasing subsequences
/// the one marked ends at the *last* element (in sequence order) that ends
/// an increasing subsequence of maximal length, and each earlier member is
/// the last element before its successor that ends a subsequence one
/// shorter. For `[1, 2, 3, 0]` that is `1, 2, 3`; for `[1, 0]` it is `0`.
///
/// - Parameters:
///   - values: the sequence; values are compared with `<`.
///   - skippingNegatives: whether negative values are left out (never
///     members, as if absent: a matching's unmatched records), so that a
///     caller need not copy the others into an array of their own.
/// - Returns: for each element, whether it belongs to the marked subsequence.
/// - Complexity: O(n log n) time, three flat arrays of n entries (a
///   tail's value is read in `values` through it: an array of the tails'
///   values beside them cost a 1M-record diff 4 MB of fresh pages, about
///   a thousand page faults, and the search is taken by few elements).
func longestIncreasingSubsequenceMembers(_ values: [Int32], skippingNegatives: Bool = false)
  -> [Bool]
{
  let count = values.count
  var members = [Bool](repeating: false, count: count)
  if count == 0 { return members }
  // Each entry is written before it is read (tails and their values
  // below `length`, an element's predecessor when it is placed), so
  // none is filled first.
  var tails = uninitializedEntries(count)
  var predecessor = uninitializedEntries(count)
  var length = 0
  values.withUnsafeBufferPointer { values in
    tails.withUnsafeMutableBufferPointer { tails in
      predecessor.withUnsafeMutableBufferPointer { predecessor in
        for index in 0..<count {
          let value = values[index]
          if skippingNegatives && value < 0 { continue }
          var low = length
          // Fast path: most records extend the longest subsequence.
          if length > 0 && !(values[Int(tails[length - 1])] < value) {
            // Find the first tail whose value is not below this one.
            low = 0
            var high = length - 1
            while low < high {
              let middle = (low + high) >> 1
              if values[Int(tails[middle])] < value { low = middle + 1 } else { high = middle }
            }
          }
          predecessor[index] = low > 0 ? tails[low - 1] : -1
          tails[low] = Int32(index)
          if low == length { length += 1 }
        }
        // Walk back from the last tail.
        guard length > 0 else { return }
        var member = Int(tails[length - 1])
        while member >= 0 {
          members[member] = true
          member = Int(predecessor[member])
        }
      }
    }
  }
  return members
}

/// `count` entries whose values are not set: each must be written before
/// it is read.
private func uninitializedEntries(_ count: Int) -> [Int32] {
  [Int32](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
}
