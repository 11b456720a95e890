extension JSONTreeScanner {
  /// The roots cut into parts of `smallest` bytes or more, a few for
  /// each core; one part for an input under four times `smallest`.
  static func parts(of roots: [Range<Int>], smallest: Int) -> [Range<Int>] {
    guard let first = roots.first, let last = roots.last else { return [0..<0] }
    let total = last.upperBound - first.lowerBound
    guard total >= 4 * smallest else { return [0..<roots.count] }
    let size = max(smallest, total / (ChunkRunner.cores * 4))
    var parts: [Range<Int>] = []
    var start = 0
    for (index, root) in roots.enumerated()
    where root.upperBound - roots[start].lowerBound >= size || index == roots.count - 1 {
      parts.append(start..<(index + 1))
      start = index + 1
    }
    return parts
  }
}

extension JSONTreeScanner.Layout {
  /// The layouts of roots scanned in parts, one after another: each
  /// part's nodes numbered after those of the parts before it.
  init(joining parts: [Self]) {
    self.init()
    let count = parts.reduce(0) { $0 + $1.ranges.count }
    ranges.reserveCapacity(count)
    parents.reserveCapacity(count)
    siblingIndex.reserveCapacity(count)
    childrenRanges.reserveCapacity(count)
    keyRanges.reserveCapacity(count)
    let keyed = parts.first.map { !$0.canonicalKeyStarts.isEmpty } ?? false
    if keyed {
      canonicalKeys.reserveCapacity(parts.reduce(0) { $0 + $1.canonicalKeys.count })
      canonicalKeyStarts.reserveCapacity(count + 1)
      canonicalKeyStarts.append(0)
    }
    for part in parts {
      let first = Int32(ranges.count)
      ranges += part.ranges
      parents += part.parents.lazy.map { $0 < 0 ? $0 : $0 + first }
      siblingIndex += part.siblingIndex
      childrenRanges += part.childrenRanges
      keyRanges += part.keyRanges
      guard keyed else { continue }
      let offset = canonicalKeys.count
      canonicalKeys += part.canonicalKeys
      canonicalKeyStarts += part.canonicalKeyStarts.dropFirst().lazy.map { $0 + offset }
    }
  }
}
