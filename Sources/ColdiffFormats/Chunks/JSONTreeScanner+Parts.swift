import ColdiffCore

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
  ///
  /// One array at a time is joined, its parts copied into place on every
  /// core (`ChunkRunner`: the copies, and the page faults of the joined
  /// arrays' fresh memory, are most of a join's time) and let go once
  /// copied, so that an array is held twice only while it is joined; the
  /// three lists of ranges (`RangeBounds`, narrow or wide) are appended
  /// part by part on this core.
  ///
  /// - Parameters:
  ///   - parts: the parts' layouts, emptied.
  ///   - rootsBefore: for each part, how many roots come before its own
  ///     (their sibling indices are moved on by as many); `nil` when the
  ///     parts' roots are numbered already.
  /// - Complexity: O(nodes in `parts`), spread over the cores.
  init(joining parts: inout [Self], rootsBefore: [Int]? = nil) {
    self.init()
    let counts = parts.map(\.ranges.count)
    let firsts = Self.offsets(counts)
    for part in parts.indices {
      sharedSubtrees += parts[part].sharedSubtrees.lazy.map {
        var shared = $0
        shared.first += Int32(firsts[part])
        return shared
      }
      parts[part].sharedSubtrees = []
      prefixSamples += parts[part].prefixSamples.lazy.map { $0.moved(by: firsts[part]) }
      parts[part].prefixSamples = []
      sharedHeads += parts[part].sharedHeads.lazy.map { $0.moved(by: firsts[part]) }
      parts[part].sharedHeads = []
      sharedOrigin = sharedOrigin ?? parts[part].sharedOrigin
    }
    do {
      // A root's sibling index moves on by the roots before its part
      // (its parent, read from the part's, is -1).
      let partParents = parts.map(\.parents)
      siblingIndex = Self.joined(&parts, \.siblingIndex, counts) { part, siblings, target in
        let shift = Int32(rootsBefore?[part] ?? 0)
        partParents[part].withUnsafeBufferPointer { parents in
          for node in siblings.indices {
            target[node] = parents[node] < 0 ? siblings[node] + shift : siblings[node]
          }
        }
      }
    }
    parents = Self.joined(&parts, \.parents, counts) { part, parents, target in
      let shift = Int32(firsts[part])
      for node in parents.indices {
        target[node] = parents[node] < 0 ? parents[node] : parents[node] + shift
      }
    }
    let nodes = counts.reduce(0, +)
    ranges.reserveCapacity(nodes)
    childrenRanges.reserveCapacity(nodes)
    keyRanges.reserveCapacity(nodes)
    for part in parts.indices {
      ranges.append(contentsOf: parts[part].ranges)
      parts[part].ranges.removeAll()
      childrenRanges.append(contentsOf: parts[part].childrenRanges)
      parts[part].childrenRanges.removeAll()
      keyRanges.append(contentsOf: parts[part].keyRanges)
      parts[part].keyRanges.removeAll()
    }
    guard parts.first.map({ !$0.canonicalKeyStarts.isEmpty }) ?? false else { return }
    let keyBytes = parts.map(\.canonicalKeys.count)
    let keyBytesBefore = Self.offsets(keyBytes).map { UInt32(truncatingIfNeeded: $0) }
    // (Every start fits once the end does.)
    _ = KeyArena.keyOffset(keyBytes.reduce(0, +))
    // Each part's starts past its first (0), moved on by the key bytes
    // of the parts before it, after the first start.
    let startCounts = parts.map { max($0.canonicalKeyStarts.count - 1, 0) }
    canonicalKeyStarts = Self.joined(&parts, \.canonicalKeyStarts, startCounts, first: 0) {
      part, starts, target in
      let shift = keyBytesBefore[part]
      for index in 1..<max(starts.count, 1) { target[index - 1] = starts[index] &+ shift }
    }
    canonicalKeys = Self.joined(&parts, \.canonicalKeys, keyBytes, Self.copy)
  }

  /// Where each of pieces of these sizes starts when they are put one
  /// after another.
  private static func offsets(_ sizes: [Int]) -> [Int] {
    var offsets: [Int] = []
    var total = 0
    for size in sizes {
      offsets.append(total)
      total += size
    }
    return offsets
  }

  /// One array of every part, joined: `first` when given, then each
  /// part's `sizes[part]` elements, which `copy(part, array, target)`
  /// puts into place; the parts are copied on every core, each part's
  /// array emptied once copied.
  private static func joined<Element>(
    _ parts: inout [Self], _ array: WritableKeyPath<Self, [Element]>, _ sizes: [Int],
    first: Element? = nil,
    _ copy: @escaping (Int, UnsafeBufferPointer<Element>, UnsafeMutablePointer<Element>) -> Void
  ) -> [Element] {
    let head = first == nil ? 0 : 1
    let offsets = Self.offsets(sizes).map { $0 + head }
    let total = head + sizes.reduce(0, +)
    guard total > head else { return first.map { [$0] } ?? [] }
    return [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
      let destination = buffer.baseAddress!
      if let first { destination.initialize(to: first) }
      parts.withUnsafeMutableBufferPointer { parts in
        let pieces = parts.baseAddress!
        _ = ChunkRunner.map(parts.count) { part in
          pieces[part][keyPath: array].withUnsafeBufferPointer {
            copy(part, $0, destination + offsets[part])
          }
          pieces[part][keyPath: array] = []
        }
      }
      initialized = total
    }
  }

  /// Copies a part's elements as they are.
  private static func copy<Element>(
    _ part: Int, _ source: UnsafeBufferPointer<Element>, _ target: UnsafeMutablePointer<Element>
  ) {
    guard let start = source.baseAddress else { return }
    target.initialize(from: start, count: source.count)
  }
}

extension JSONTreeScanner.Layout {
  /// Makes room for `nodes` nodes in all, and for their canonical keys,
  /// `keyBytes` each, when the layout notes keys
  /// (`Array.reserve(_:expecting:)`), so that the joined arrays are not
  /// copied as they grow.
  mutating func reserve(nodes: Int, keyBytes: Int?) {
    ranges.reserve(nodes)
    parents.reserve(nodes - parents.count, expecting: nodes)
    siblingIndex.reserve(nodes - siblingIndex.count, expecting: nodes)
    childrenRanges.reserve(nodes)
    keyRanges.reserve(nodes)
    guard let keyBytes else { return }
    canonicalKeyStarts.reserve(nodes + 1 - canonicalKeyStarts.count, expecting: nodes + 1)
    canonicalKeys.reserve(nodes * keyBytes - canonicalKeys.count, expecting: nodes * keyBytes)
  }
}

extension JSONTreeScanner.SharedHead {
  /// This shared head for the node `shift` positions further on.
  func moved(by shift: Int) -> Self {
    Self(node: node + Int32(truncatingIfNeeded: shift), source: source)
  }
}
