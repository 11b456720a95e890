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
  /// part's nodes numbered after those of the parts before it. Each
  /// part's arrays are emptied as they are joined, so that an array is
  /// held twice only while it is joined.
  ///
  /// - Parameters:
  ///   - parts: the parts' layouts, emptied.
  ///   - rootsBefore: for each part, how many roots come before its own
  ///     (their sibling indices are moved on by as many); `nil` when the
  ///     parts' roots are numbered already.
  init(joining parts: inout [Self], rootsBefore: [Int]? = nil) {
    self.init()
    var firsts: [Int] = []
    var count = 0
    for part in parts {
      firsts.append(count)
      count += part.ranges.count
    }
    parents = Self.joined(parts, \.parents, count: count) { part, parent, _ in
      parent < 0 ? parent : parent + Int32(firsts[part])
    }
    siblingIndex = Self.joined(parts, \.siblingIndex, count: count) { part, sibling, node in
      guard let rootsBefore, parts[part].parents[node] < 0 else { return sibling }
      return sibling + Int32(rootsBefore[part])
    }
    for part in parts.indices {
      parts[part].parents = []
      sharedSubtrees += parts[part].sharedSubtrees.lazy.map {
        var shared = $0
        shared.first += Int32(firsts[part])
        return shared
      }
      sharedOrigin = sharedOrigin ?? parts[part].sharedOrigin
    }
    Self.append(&parts, \.ranges, to: &ranges, count: count)
    Self.append(&parts, \.childrenRanges, to: &childrenRanges, count: count)
    Self.append(&parts, \.keyRanges, to: &keyRanges, count: count)
    guard parts.first.map({ !$0.canonicalKeyStarts.isEmpty }) ?? false else { return }
    var offset = 0
    canonicalKeyStarts.reserveCapacity(count + 1)
    canonicalKeyStarts.append(0)
    for part in parts.indices {
      canonicalKeyStarts += parts[part].canonicalKeyStarts.dropFirst().lazy.map { $0 + offset }
      offset += parts[part].canonicalKeys.count
      parts[part].canonicalKeyStarts = []
    }
    Self.append(&parts, \.canonicalKeys, to: &canonicalKeys, count: offset)
  }

  /// One array of every part, joined with each element changed by
  /// `transform(part, element, index in the part)`.
  private static func joined(
    _ parts: [Self], _ array: KeyPath<Self, [Int32]>, count: Int,
    _ transform: (Int, Int32, Int) -> Int32
  ) -> [Int32] {
    [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
      var next = 0
      for part in parts.indices {
        parts[part][keyPath: array].withUnsafeBufferPointer { elements in
          for (index, element) in elements.enumerated() {
            buffer[next] = transform(part, element, index)
            next += 1
          }
        }
      }
      initialized = next
    }
  }

  /// Appends one array of every part to `joined`, emptying the parts'.
  private static func append<Element>(
    _ parts: inout [Self], _ array: WritableKeyPath<Self, [Element]>, to joined: inout [Element],
    count: Int
  ) {
    joined.reserveCapacity(count)
    for part in parts.indices {
      joined += parts[part][keyPath: array]
      parts[part][keyPath: array] = []
    }
  }
}
