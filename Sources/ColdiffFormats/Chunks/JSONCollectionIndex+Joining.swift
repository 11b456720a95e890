import ColdiffCore

extension JSONCollectionIndex {
  /// Appends the records of `parts`, the indexes of the chunks that
  /// follow in order (same form, offsets into the same buffer), emptying
  /// each.
  ///
  /// One array at a time is joined, its parts copied into place on every
  /// core (`ChunkRunner`) and let go once copied, so that the whole index
  /// and all the parts are never held at once.
  ///
  /// - Complexity: O(records in `parts`), spread over the cores.
  mutating func append(parts: inout [JSONCollectionIndex]) {
    var (starts, first) = (recordStarts, recordStarts.count)
    for part in parts {
      starts.noteHighStarts(of: part.recordStarts, from: first)
      first += part.count
    }
    starts.low = Self.joined(starts.low, &parts, \.recordStarts.low)
    recordStarts = starts
    recordLengths = Self.joined(recordLengths, &parts, \.recordLengths)
    nameStarts = Self.joined(nameStarts, &parts, \.nameStarts)
    nameEnds = Self.joined(nameEnds, &parts, \.nameEnds)
    knownPartners = Self.joined(knownPartners, &parts, \.knownPartners)
    if capturesKeys {
      keyOffsets = Self.joined(keyOffsets, &parts, \.keyOffsets)
      keyLengths = Self.joined(keyLengths, &parts, \.keyLengths)
      canonicalKeyStarts = Self.joinedKeyStarts(canonicalKeyStarts, canonicalKeys.count, &parts)
      canonicalKeys = Self.joined(canonicalKeys, &parts, \.canonicalKeys)
    }
    for position in parts.indices { parts[position] = JSONCollectionIndex(form: form) }
  }

  /// `head` followed by the array at `path` of each part, each emptied
  /// once copied.
  private static func joined<Element>(
    _ head: [Element], _ parts: inout [JSONCollectionIndex],
    _ path: WritableKeyPath<JSONCollectionIndex, [Element]>
  ) -> [Element] {
    var offsets: [Int] = []
    var total = head.count
    for part in parts {
      offsets.append(total)
      total += part[keyPath: path].count
    }
    guard total > head.count else { return head }
    return [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
      let destination = buffer.baseAddress!
      HugePages.advise(destination, count: total * MemoryLayout<Element>.stride)
      head.withUnsafeBufferPointer { copy($0, to: destination) }
      parts.withUnsafeMutableBufferPointer { parts in
        let pieces = parts.baseAddress!
        _ = ChunkRunner.map(parts.count) { part in
          pieces[part][keyPath: path].withUnsafeBufferPointer {
            copy($0, to: destination + offsets[part])
          }
          pieces[part][keyPath: path] = []
        }
      }
      initialized = total
    }
  }

  /// `head` (where each canonical key of the index starts, and its end)
  /// followed by those of each part past the first, moved on by the
  /// canonical key bytes before the part (`keyBytes`, those of the index,
  /// then of each part before it); each part's emptied once copied.
  private static func joinedKeyStarts(
    _ head: [UInt32], _ keyBytes: Int, _ parts: inout [JSONCollectionIndex]
  ) -> [UInt32] {
    var offsets: [Int] = []
    var bases: [UInt32] = []
    var (total, base) = (head.count, keyBytes)
    for part in parts {
      offsets.append(total)
      bases.append(UInt32(truncatingIfNeeded: base))
      // (`recordStarts` is joined by now: the key starts count.)
      total += max(part.canonicalKeyStarts.count - 1, 0)
      base += part.canonicalKeys.count
    }
    // (Every start fits once the end does.)
    _ = KeyArena.keyOffset(base)
    guard total > head.count else { return head }
    return [UInt32](unsafeUninitializedCapacity: total) { buffer, initialized in
      let destination = buffer.baseAddress!
      HugePages.advise(destination, count: total * MemoryLayout<UInt32>.stride)
      head.withUnsafeBufferPointer { copy($0, to: destination) }
      parts.withUnsafeMutableBufferPointer { parts in
        let pieces = parts.baseAddress!
        _ = ChunkRunner.map(parts.count) { part in
          let (target, shift) = (destination + offsets[part], bases[part])
          pieces[part].canonicalKeyStarts.withUnsafeBufferPointer { starts in
            for index in 1..<max(starts.count, 1) { target[index - 1] = starts[index] &+ shift }
          }
          pieces[part].canonicalKeyStarts = []
        }
      }
      initialized = total
    }
  }

  /// Copies `source` to `destination`.
  private static func copy<Element>(
    _ source: UnsafeBufferPointer<Element>, to destination: UnsafeMutablePointer<Element>
  ) {
    guard let start = source.baseAddress else { return }
    destination.initialize(from: start, count: source.count)
  }
}
