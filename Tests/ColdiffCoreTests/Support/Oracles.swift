import ColdiffCore

/// Independent, slow answers the fast code is checked against.
enum Oracles {
  /// The length of a longest strictly increasing subsequence, by the
  /// quadratic dynamic programme.
  static func longestIncreasingLength(_ values: [Int32]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for index in values.indices {
      for earlier in 0..<index where values[earlier] < values[index] {
        best[index] = max(best[index], best[earlier] + 1)
      }
    }
    return best.max() ?? 0
  }

  /// The length of a longest strictly increasing subsequence, by trying
  /// every subset (small inputs only).
  static func longestIncreasingLengthByEnumeration(_ values: [Int32]) -> Int {
    precondition(values.count <= 16, "too many subsets")
    var best = 0
    for subset in 0..<(1 << values.count) {
      let chosen = values.indices.filter { subset & (1 << $0) != 0 }.map { values[$0] }
      if zip(chosen, chosen.dropFirst()).allSatisfy({ $0 < $1 }) { best = max(best, chosen.count) }
    }
    return best
  }

  /// Applies a patch by shifting a plain array, one operation at a time.
  static func apply<Element>(_ patch: [OrderedCollectionOperation<Element>], to array: [Element])
    -> [Element]
  {
    var result = array
    for operation in patch {
      switch operation {
      case .insert(let element, let at): result.insert(element, at: at)
      case .delete(_, let at): result.remove(at: at)
      case .update(let at, _, let new): result[at] = new
      case .move(let from, let to): result.insert(result.remove(at: from), at: to)
      }
    }
    return result
  }

  /// The new-to-old matching of unique ids.
  static func matching(old: [Record], new: [Record]) -> [Int32] {
    var position: [Int: Int] = [:]
    for (index, record) in old.enumerated() { position[record.id] = index }
    return new.map { Int32(position[$0.id] ?? -1) }
  }
}
