/// The narrow node arrays of a tree layout being appended to, written in
/// place through pointers to the first node appended
/// (`TreeLayoutBuilder+Finish`): the nodes' ranges, their children
/// arrays' and key values' ranges (two bounds each, `UInt32.max` twice
/// for an absent one), their parents and sibling indices. A node is
/// written at its number in the builder, from its row or from the
/// subtree it was copied from, read in place (`CopySource.Reader`).
struct TreeNarrowColumns {
  let ranges: UnsafeMutablePointer<UInt32>
  let children: UnsafeMutablePointer<UInt32>
  let keys: UnsafeMutablePointer<UInt32>
  let parents: UnsafeMutablePointer<Int32>
  let siblings: UnsafeMutablePointer<Int32>
  /// How far the nodes' numbers move (the target's nodes before them).
  let nodeShift: Int32
  /// How far the roots' sibling indices move (the target's roots).
  let rootShift: Int32
  /// The layout the subtrees were copied from.
  let source: CopySource.Reader

  /// A bound as a narrow list holds it (-1, absent: `UInt32.max`).
  @inline(__always)
  private static func bound(_ value: Int) -> UInt32 {
    value < 0 ? .max : UInt32(truncatingIfNeeded: value)
  }

  /// Writes the nodes of `rows`.
  func write(_ rows: Slice<UnsafeBufferPointer<TreeNodeRow>>) {
    for row in rows {
      let node = Int(row.node)
      (ranges[2 * node], ranges[2 * node + 1]) = (Self.bound(row.start), Self.bound(row.end))
      let childless = row.childrenStart < 0
      children[2 * node] = Self.bound(row.childrenStart)
      children[2 * node + 1] = childless ? .max : Self.bound(row.childrenEnd)
      keys[2 * node] = Self.bound(row.keyStart)
      keys[2 * node + 1] = row.keyStart < 0 ? .max : Self.bound(row.keyEnd)
      let root = row.parent < 0
      parents[node] = root ? row.parent : row.parent &+ nodeShift
      siblings[node] = root ? row.sibling &+ rootShift : row.sibling
    }
  }

  /// Writes the nodes of the subtree `copy`, read from the source's and
  /// moved: their bytes by the subtree's shift, their numbers to its
  /// place after the target's `first` nodes.
  func write(_ copy: CopiedSubtree, first: Int) {
    let renumber = Int32(truncatingIfNeeded: first) &+ copy.first &- copy.source
    let (root, from, count) = (Int(copy.first), Int(copy.source), Int(copy.count))
    if let narrow = source.narrow {
      // Every bound here ends before 4 GiB: moved in 32 bits, it is exact.
      let shift = UInt32(truncatingIfNeeded: copy.shift)
      let (to, at) = (2 * root, 2 * from)
      for bound in 0..<2 * count {
        ranges[to + bound] = narrow.ranges[at + bound] &+ shift
        let list = narrow.children[at + bound]
        children[to + bound] = list == .max ? .max : list &+ shift
        let key = narrow.keys[at + bound]
        keys[to + bound] = key == .max ? .max : key &+ shift
      }
    } else {
      writeBounds(copy)
    }
    for offset in 0..<count {
      parents[root + offset] = source.parents[from + offset] &+ renumber
      siblings[root + offset] = source.siblings[from + offset]
    }
    // The root's place is its own here.
    let isRoot = copy.parent < 0
    parents[root] = isRoot ? -1 : copy.parent &+ nodeShift
    siblings[root] = isRoot ? copy.sibling &+ rootShift : copy.sibling
  }

  /// Writes the bounds of the nodes of the subtree `copy` from a source
  /// whose lists are not all narrow.
  private func writeBounds(_ copy: CopiedSubtree) {
    let shift = copy.shift
    let moved = { (value: Int) in
      value < 0 ? UInt32.max : UInt32(truncatingIfNeeded: value &+ shift)
    }
    let (root, from) = (Int(copy.first), Int(copy.source))
    for offset in 0..<Int(copy.count) {
      let (old, node) = (from + offset, root + offset)
      ranges[2 * node] = moved(source.ranges.lower(old))
      ranges[2 * node + 1] = moved(source.ranges.upper(old))
      let list = source.children.lower(old)
      children[2 * node] = moved(list)
      children[2 * node + 1] = list < 0 ? .max : moved(source.children.upper(old))
      let key = source.keys.lower(old)
      keys[2 * node] = moved(key)
      keys[2 * node + 1] = key < 0 ? .max : moved(source.keys.upper(old))
    }
  }
}

extension CopySource {
  /// The node arrays of a `CopySource`'s layout, read in place; valid
  /// only inside ``CopySource/withReader(_:)``'s body.
  struct Reader {
    let ranges: RangeBoundsReader
    let children: RangeBoundsReader
    let keys: RangeBoundsReader
    let parents: UnsafePointer<Int32>
    let siblings: UnsafePointer<Int32>
    /// The three lists' narrow bounds, when all three are narrow.
    let narrow: Narrow?
  }

  /// The narrow bounds of a layout's three lists of ranges.
  struct Narrow {
    let ranges: UnsafePointer<UInt32>
    let children: UnsafePointer<UInt32>
    let keys: UnsafePointer<UInt32>
  }

  /// Calls `body` with a reader of the layout's node arrays (a node
  /// array looked up for each subtree copied took a reference to it).
  func withReader<Result>(_ body: (Reader) -> Result) -> Result {
    layout.ranges.bounds.withReader { ranges in
      layout.childrenRanges.bounds.withReader { children in
        layout.keyRanges.bounds.withReader { keys in
          layout.parents.withUnsafeBufferPointer { parents in
            layout.siblingIndex.withUnsafeBufferPointer { siblings in
              // (An empty layout's arrays have no memory; nothing is read.)
              let none = UnsafePointer<Int32>(bitPattern: MemoryLayout<Int32>.alignment)!
              let narrow = ranges.narrowBounds.flatMap { ranges in
                children.narrowBounds.flatMap { children in
                  keys.narrowBounds.map { Narrow(ranges: ranges, children: children, keys: $0) }
                }
              }
              return body(
                Reader(
                  ranges: ranges, children: children, keys: keys,
                  parents: parents.baseAddress ?? none, siblings: siblings.baseAddress ?? none,
                  narrow: narrow))
            }
          }
        }
      }
    }
  }
}
