import ColdiffCore

/// The layout's arrays written from a builder's rows and copied subtrees,
/// in preorder, straight into the layout they are appended to (a
/// chunk's, into the layout of the chunks before it, `JSONTreeJoin`):
/// one pass writes every array of a node (a pass for each array read
/// every row several times), and no arrays of the builder's own come
/// between.
extension TreeLayoutBuilder {
  /// The layout, its nodes' arrays made from the rows and the subtrees
  /// copied, with the canonical keys in record order.
  mutating func finish() -> JSONTreeScanner.Layout {
    var layout = JSONTreeScanner.Layout()
    finish(appendingTo: &layout, rootsBefore: 0)
    return layout
  }

  /// Appends the nodes laid out to `target`, numbered after its nodes,
  /// the roots' sibling indices moved on by `rootsBefore`, the canonical
  /// keys in record order after its own.
  mutating func finish(appendingTo target: inout JSONTreeScanner.Layout, rootsBefore: Int) {
    let first = target.ranges.count
    appendNotes(to: &target, first: first)
    if !appendNarrowColumns(to: &target, first: first, rootsBefore: rootsBefore) {
      appendColumns(to: &target, first: first, rootsBefore: rootsBefore)
    }
    if keyed { appendKeys(to: &target) }
  }

  /// Calls `scanned` with each run of rows and `copied` with each subtree
  /// copied, in preorder.
  func forEachPiece(scanned: (Range<Int>) -> Void, copied: (CopiedSubtree) -> Void) {
    var row = 0
    for copy in copies {
      let rowsBefore = Int(copy.rowsBefore)
      if rowsBefore > row { scanned(row..<rowsBefore) }
      copied(copy)
      row = rowsBefore
    }
    if row < rows.count { scanned(row..<rows.count) }
  }

  /// Writes where the canonical key of each node starts, moved on by
  /// `shift`, at `starts[node]`, while keys come in preorder: a row's
  /// `keyBytes`, a copied node's start in `source` moved as its subtree's
  /// keys were.
  func writeKeyStarts(to starts: UnsafeMutablePointer<UInt32>, movedBy shift: Int) {
    let moved = UInt32(truncatingIfNeeded: shift)
    let rows = rows.elements
    source.layout.canonicalKeyStarts.withUnsafeBufferPointer { sourceStarts in
      forEachPiece(
        scanned: { run in
          for row in run { starts[Int(rows[row].node)] = rows[row].keyBytes &+ moved }
        },
        copied: { copy in
          let by = UInt32(truncatingIfNeeded: copy.keyShift &+ shift)
          let (first, from) = (Int(copy.first), Int(copy.source))
          for offset in 0..<Int(copy.count) {
            starts[first + offset] = sourceStarts[from + offset] &+ by
          }
        })
    }
  }

  /// Appends the subtrees shared with another tree (those copied), the
  /// prefix samples and the shared heads to `target`, whose nodes before
  /// these number `first`.
  private mutating func appendNotes(to target: inout JSONTreeScanner.Layout, first: Int) {
    target.sharedOrigin = target.sharedOrigin ?? layout.sharedOrigin
    target.sharedSubtrees += copies.lazy.map {
      JSONTreeScanner.SharedSubtree(
        first: $0.first &+ Int32(truncatingIfNeeded: first), source: $0.source, count: $0.count)
    }
    guard first > 0 else {
      // A target without nodes has none of these: taken, not copied.
      (target.prefixSamples, target.sharedHeads) = (layout.prefixSamples, layout.sharedHeads)
      return
    }
    target.prefixSamples += layout.prefixSamples.lazy.map { $0.moved(by: first) }
    target.sharedHeads += layout.sharedHeads.lazy.map { $0.moved(by: first) }
  }

  /// The bytes the roots cover: from where the first starts to where the
  /// last ends; `nil` without nodes.
  var rootsSpan: Range<Int>? {
    let rows = rows.elements
    let firstRow = rows.first.flatMap { $0.node == 0 ? $0.start : nil }
    let firstCopy = copies.first.flatMap {
      $0.first == 0 ? source.layout.ranges[Int($0.source)].lowerBound + $0.shift : nil
    }
    guard let start = firstRow ?? firstCopy else { return nil }
    let lastRow = rows.last { $0.parent < 0 }.map(\.end) ?? start
    let lastCopy =
      copies.last { $0.parent < 0 }.map {
        source.layout.ranges[Int($0.source)].upperBound + $0.shift
      } ?? start
    return start..<Swift.max(lastRow, lastCopy)
  }

  /// Whether every node ends before 4 GiB: in preorder, the last root
  /// ends last (a node holds its children array and its key).
  private var endsBeforeNarrowLimit: Bool {
    rootsSpan.map { $0.upperBound < RangeBounds.narrowLimit } ?? true
  }

  /// Appends the nodes to the node arrays of `target`, whose nodes before
  /// them number `first`, in one pass, narrow, unless the target's are
  /// wide or a node ends at or after 4 GiB.
  ///
  /// - Returns: whether it appended them.
  private func appendNarrowColumns(
    to target: inout JSONTreeScanner.Layout, first: Int, rootsBefore: Int
  ) -> Bool {
    guard !target.ranges.bounds.isWide, !target.childrenRanges.bounds.isWide,
      !target.keyRanges.bounds.isWide, endsBeforeNarrowLimit
    else { return false }
    let count = nodeCount
    // Taken out of the target while written, each held once.
    var ranges = target.ranges.bounds.takeNarrow()
    var children = target.childrenRanges.bounds.takeNarrow()
    var keys = target.keyRanges.bounds.takeNarrow()
    var (parents, siblings) = (target.parents, target.siblingIndex)
    (target.parents, target.siblingIndex) = ([], [])
    ranges.extend(by: 2 * count) { ranges in
      children.extend(by: 2 * count) { children in
        keys.extend(by: 2 * count) { keys in
          parents.extend(by: count) { parents in
            siblings.extend(by: count) { siblings in
              source.withReader { source in
                let columns = TreeNarrowColumns(
                  ranges: ranges, children: children, keys: keys, parents: parents,
                  siblings: siblings, nodeShift: Int32(first), rootShift: Int32(rootsBefore),
                  source: source)
                forEachPiece(
                  scanned: { columns.write(rows.elements[$0]) },
                  copied: { columns.write($0, first: first) })
              }
            }
          }
        }
      }
    }
    target.ranges.bounds.narrow = ranges
    target.childrenRanges.bounds.narrow = children
    target.keyRanges.bounds.narrow = keys
    (target.parents, target.siblingIndex) = (parents, siblings)
    return true
  }

  /// Appends the nodes to the node arrays of `target`, whose nodes before
  /// them number `first`, a node at a time, in any width.
  private func appendColumns(to target: inout JSONTreeScanner.Layout, first: Int, rootsBefore: Int)
  {
    let (nodeShift, rootShift) = (Int32(first), Int32(rootsBefore))
    let rows = rows.elements
    let old = source.layout
    forEachPiece(
      scanned: { run in
        for row in rows[run] {
          target.ranges.append(row.start..<row.end)
          target.childrenRanges.append(row.children)
          target.keyRanges.append(row.keyStart < 0 ? nil : row.keyStart..<row.keyEnd)
          let root = row.parent < 0
          target.parents.append(root ? row.parent : row.parent + nodeShift)
          target.siblingIndex.append(root ? row.sibling + rootShift : row.sibling)
        }
      },
      copied: { copy in
        let (from, count) = (Int(copy.source), Int(copy.count))
        let renumber = Int32(first) + copy.first - copy.source
        let moved = { (range: Range<Int>) in
          (range.lowerBound + copy.shift)..<(range.upperBound + copy.shift)
        }
        for node in from..<(from + count) {
          target.ranges.append(moved(old.ranges[node]))
          target.childrenRanges.append(old.childrenRanges[node].map(moved))
          target.keyRanges.append(old.keyRanges[node].map(moved))
          guard node == from else {
            target.parents.append(old.parents[node] + renumber)
            target.siblingIndex.append(old.siblingIndex[node])
            continue
          }
          let root = copy.parent < 0
          target.parents.append(root ? copy.parent : copy.parent + nodeShift)
          target.siblingIndex.append(root ? copy.sibling + rootShift : copy.sibling)
        }
      })
  }

  /// Appends the nodes' canonical keys to `target`'s, in record order,
  /// and where each starts (the target's keys moved on past its own).
  private mutating func appendKeys(to target: inout JSONTreeScanner.Layout) {
    let shift = target.canonicalKeys.count
    guard keysInOrder else {
      let (keys, starts) = orderedKeys()
      guard !target.canonicalKeyStarts.isEmpty else {
        (target.canonicalKeys, target.canonicalKeyStarts) = (keys, starts)
        return
      }
      // (Every start fits once the end does.)
      _ = KeyArena.keyOffset(shift + keys.count)
      target.canonicalKeyStarts += starts.dropFirst().lazy.map { $0 &+ UInt32(shift) }
      target.canonicalKeys += keys
      return
    }
    let end = KeyArena.keyOffset(shift + canonicalKeys.count)
    // The first node's start is the target's last (where its keys end),
    // written again.
    if !target.canonicalKeyStarts.isEmpty { target.canonicalKeyStarts.removeLast() }
    let count = nodeCount
    target.canonicalKeyStarts.extend(by: count + 1) { starts in
      writeKeyStarts(to: starts, movedBy: shift)
      starts[count] = end
    }
    canonicalKeys.withBytes { target.canonicalKeys.append(contentsOf: $0) }
  }

  /// The canonical keys, out of preorder, in record order, and where each
  /// starts (one more start than there are records, the last where the
  /// keys end).
  private func orderedKeys() -> (keys: [UInt8], starts: [UInt32]) {
    canonicalKeys.withBytes { noted in
      var starts = [UInt32]()
      starts.reserveCapacity(keySpans.count + 1)
      starts.append(0)
      var offset = 0
      for span in keySpans {
        if !span.isEmpty {
          guard span.lowerBound == offset else { return reordered(noted) }
          offset = span.upperBound
        }
        starts.append(KeyArena.keyOffset(offset))
      }
      return (Array(noted), starts)
    }
  }

  /// The canonical keys, `noted` as they came, copied into record
  /// order, and where each starts.
  private func reordered(_ noted: UnsafeBufferPointer<UInt8>) -> (keys: [UInt8], starts: [UInt32]) {
    var keys = [UInt8]()
    keys.reserveCapacity(noted.count)
    var starts: [UInt32] = [0]
    starts.reserveCapacity(keySpans.count + 1)
    for span in keySpans {
      keys += noted[span]
      starts.append(KeyArena.keyOffset(keys.count))
    }
    return (keys, starts)
  }
}
