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
/// - Parameter values: the sequence; values are compared with `<`.
/// - Returns: for each element, whether it belongs to the marked subsequence.
/// - Complexity: O(n log n) time, four flat arrays of n entries (the
///   tails' values are kept beside them so the search reads one array).
func longestIncreasingSubsequenceMembers(_ values: [Int32]) -> [Bool] {
  let count = values.count
  var members = [Bool](repeating: false, count: count)
  if count == 0 { return members }
  var tails = [Int32](repeating: 0, count: count)
  var tailValues = [Int32](repeating: 0, count: count)
  var predecessor = [Int32](repeating: -1, count: count)
  var length = 0
  values.withUnsafeBufferPointer { values in
    tails.withUnsafeMutableBufferPointer { tails in
      tailValues.withUnsafeMutableBufferPointer { tailValues in
        predecessor.withUnsafeMutableBufferPointer { predecessor in
          for index in 0..<count {
            let value = values[index]
            var low = length
            // Fast path: most records extend the longest subsequence.
            if length > 0 && !(tailValues[length - 1] < value) {
              // Find the first tail whose value is not below this one.
              low = 0
              var high = length - 1
              while low < high {
                let middle = (low + high) >> 1
                if tailValues[middle] < value { low = middle + 1 } else { high = middle }
              }
            }
            predecessor[index] = low > 0 ? tails[low - 1] : -1
            tails[low] = Int32(index)
            tailValues[low] = value
            if low == length { length += 1 }
          }
          // Walk back from the last tail.
          var member = Int(tails[length - 1])
          while member >= 0 {
            members[member] = true
            member = Int(predecessor[member])
          }
        }
      }
    }
  }
  return members
}
