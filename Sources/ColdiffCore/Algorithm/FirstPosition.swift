/// The first of the positions `0..<count` at which `reached` holds, or
/// `count` when it holds at none, found by binary search: `reached` must
/// be false for some first positions and true for all the rest (the
/// first element of a sorted array not below a value, say).
///
/// - Parameters:
///   - count: how many positions there are.
///   - reached: whether a position is at or past the one looked for.
/// - Complexity: O(log count) calls of `reached`.
@inline(__always)
package func firstPosition(below count: Int, where reached: (Int) -> Bool) -> Int {
  var (low, high) = (0, count)
  while low < high {
    let middle = (low + high) / 2
    if reached(middle) { high = middle } else { low = middle + 1 }
  }
  return low
}
