import ColdiffCore

/// The layout being filled: each node scanned a row (`TreeNodeRows`),
/// each subtree copied from another tree's layout a note of where it goes
/// (`CopiedSubtree`), until ``finish(from:)`` writes the layout's arrays
/// from both in preorder (`TreeLayoutBuilder+Finish`). Each record's
/// canonical key bytes go straight into `canonicalKeys` (`TreeKeyBytes`),
/// handed to `layout.canonicalKeys` at the end, and where they start into
/// its row (or, copied, where the source's started and how far they
/// moved), while keys come in preorder (each one noted while its record
/// is the last one begun); from the first that does not (a key member
/// after the children, a record with two), where each record's bytes
/// went is noted instead (`keySpans`) and they are put in order at the
/// end.
///
/// The scans hold a node by its row (what ``begin(at:parent:sibling:)``
/// returns); its number in the layout is the row's `node`.
struct TreeLayoutBuilder {
  /// What the layout holds besides its nodes' arrays, its canonical keys
  /// and its shared subtrees (made from `rows`, `copies` and
  /// `canonicalKeys` at the end).
  var layout = JSONTreeScanner.Layout()
  /// The records' canonical key bytes (none unless `keyed`).
  var canonicalKeys: TreeKeyBytes
  /// The nodes scanned, in preorder.
  private(set) var rows: TreeNodeRows
  /// The subtrees copied, in preorder (the layout's shared subtrees).
  private(set) var copies: [CopiedSubtree] = []
  /// How many nodes there are, scanned and copied.
  private(set) var nodeCount = 0
  /// Each record's canonical key bytes in `canonicalKeys` (empty without a
  /// key), once keys have come out of preorder; empty before.
  var keySpans: [Range<Int>] = []
  /// Whether keys have come in preorder so far (each row's `keyBytes`
  /// is where its key starts then).
  private(set) var keysInOrder = true
  let keyed: Bool
  /// Whether `end(_:_:in:)` notes prefix samples (a tree whose nodes
  /// are not taken from another's: OLD's).
  private let samples: Bool
  /// The layout the subtrees are copied from, read when the builder
  /// finishes and when keys come out of preorder (a copy reads the one
  /// lent to it, held beside the builder).
  let source: CopySource

  /// A builder for about `estimate` records, noting their keys when
  /// `keyed`, of a tree whose subtrees are copied from `known`'s layout
  /// (lent to each `copy` as a `CopySource`), or, without `known`, that
  /// notes prefix samples.
  init(estimate: Int, keyed: Bool, copyingFrom known: JSONKnownNodes? = nil) {
    self.init(
      estimate: estimate, keyed: keyed, source: known.map(CopySource.init), samples: known == nil)
  }

  /// A builder for about `estimate` records, noting their keys when
  /// `keyed`, of a tree whose subtrees are copied from `source` (each
  /// `copy` lent the same), noting prefix samples when `samples`.
  init(estimate: Int, keyed: Bool, source: CopySource?, samples: Bool) {
    self.keyed = keyed
    self.samples = samples
    self.source = source ?? CopySource()
    rows = TreeNodeRows(capacity: estimate)
    canonicalKeys = TreeKeyBytes(capacity: keyed ? estimate * 10 : 0)
    // About one subtree taken whole for every two nodes or so: room that
    // is never written is never touched.
    if source != nil { copies.reserveCapacity(estimate / 2) }
  }

  /// Numbers the record starting at `start`, its range still open, under
  /// the node of row `parent` (-1: a root).
  ///
  /// - Returns: the record's row.
  @inline(__always)
  mutating func begin(at start: Int, parent: Int, sibling: Int) -> Int {
    let row = rows.count
    let parentNode = parent < 0 ? -1 : rows[parent].node
    var node = TreeNodeRow(
      start: start, node: Int32(truncatingIfNeeded: nodeCount), parent: parentNode,
      sibling: Int32(sibling))
    nodeCount &+= 1
    if keyed {
      if keysInOrder {
        // (Checked once the keys are done: every start fits once their
        // end does.)
        node.keyBytes = UInt32(truncatingIfNeeded: canonicalKeys.count)
      } else {
        keySpans.append(0..<0)
      }
    }
    rows.append(node)
    return row
  }

  /// Sets row `row`'s range.
  @inline(__always)
  func setRange(_ row: Int, _ range: Range<Int>) {
    (rows[row].start, rows[row].end) = (range.lowerBound, range.upperBound)
  }

  /// Row `row`'s range (open while the node is read).
  @inline(__always)
  func range(_ row: Int) -> Range<Int> { rows[row].start..<rows[row].end }

  /// Row `row`'s children array, `nil` while it has none.
  @inline(__always)
  func childrenRange(_ row: Int) -> Range<Int>? { rows[row].children }

  /// Sets row `row`'s children array.
  @inline(__always)
  func setChildrenRange(_ row: Int, _ range: Range<Int>) {
    (rows[row].childrenStart, rows[row].childrenEnd) = (range.lowerBound, range.upperBound)
  }

  /// Sets object row `row`'s range, `range` of `input`, and notes its
  /// prefix's hash while its first bytes are in the cache when its node
  /// is one in `JSONKnownNodes.sampling` and long enough to be taken
  /// whole (`layout.prefixSamples`).
  @inline(__always)
  mutating func end(_ row: Int, _ range: Range<Int>, in input: UnsafeBufferPointer<UInt8>) {
    setRange(row, range)
    let node = Int(rows[row].node)
    guard samples, node % JSONKnownNodes.sampling == 0, let base = input.baseAddress,
      let sample = KnownRecords.Sample(node, at: range.lowerBound, length: range.count, in: base)
    else { return }
    layout.prefixSamples.append(sample)
  }

  /// The failure of row `row`'s node, with its path from its root.
  func failure(_ row: Int, _ reason: String) -> JSONTreeScanner.Failure {
    let rows = rows.elements
    var path: [Int] = []
    var next = row
    while next >= 0 {
      path.append(Int(rows[next].sibling))
      // A parent is scanned (open while its children are read): a row.
      let parent = rows[next].parent
      next = parent < 0 ? -1 : Self.row(of: parent, in: rows)
    }
    return JSONTreeScanner.Failure(path: path.reversed(), offset: rows[row].start, reason: reason)
  }

  /// The row of node `node`, which is scanned (rows are in node order).
  private static func row(of node: Int32, in rows: UnsafeBufferPointer<TreeNodeRow>) -> Int {
    var (low, high) = (0, rows.count)
    while low < high {
      let middle = (low + high) / 2
      if rows[middle].node < node { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Notes that row `row`'s node has the own members of node `source` of
  /// the tree `origin` the builder copies from (`layout.sharedHeads`).
  mutating func noteSharedHead(_ row: Int, source: Int, of origin: TreeOrigin?) {
    layout.sharedHeads.append(
      JSONTreeScanner.SharedHead(node: rows[row].node, source: Int32(source)))
    if layout.sharedOrigin == nil { layout.sharedOrigin = origin }
  }

  /// Appends the subtree of OLD's node `old` (of the layout the builder
  /// copies from), found again at `start`: its nodes' layout moved there
  /// (written at the end), the subtree's root under the node of row
  /// `parent` (-1: a root) as its child number `sibling`.
  ///
  /// - Returns: where the subtree's root ends.
  mutating func copy(
    _ old: Int, from source: borrowing CopySource, at start: Int, parent: Int, sibling: Int
  ) -> Int {
    let end = Int(source.subtreeEnds[old])
    let root = source.layout.ranges[old]
    let shift = start - root.lowerBound
    if layout.sharedOrigin == nil { layout.sharedOrigin = source.origin }
    // Where the copied keys start, less where the source's did.
    let keyShift = keyed ? copyKeys(old..<end, from: source) : 0
    copies.append(
      CopiedSubtree(
        rowsBefore: Int32(truncatingIfNeeded: rows.count),
        first: Int32(truncatingIfNeeded: nodeCount), source: Int32(old),
        count: Int32(end - old), parent: parent < 0 ? -1 : rows[parent].node,
        sibling: Int32(sibling), shift: shift, keyShift: keyShift))
    nodeCount += end - old
    return shift + root.upperBound
  }

  /// Appends the canonical keys of the source's nodes `nodes` (their
  /// spans too once keys are out of preorder).
  ///
  /// - Returns: how far the keys moved: where they start in this
  ///   layout's keys less where they start in the source's.
  private mutating func copyKeys(_ nodes: Range<Int>, from source: borrowing CopySource) -> Int {
    source.layout.canonicalKeyStarts.withUnsafeBufferPointer { starts in
      let (from, to) = (Int(starts[nodes.lowerBound]), Int(starts[nodes.upperBound]))
      let offset = canonicalKeys.count - from
      source.layout.canonicalKeys.withUnsafeBufferPointer { keys in
        canonicalKeys.append(UnsafeBufferPointer(rebasing: keys[from..<to]))
      }
      if !keysInOrder {
        for node in nodes {
          keySpans.append((Int(starts[node]) + offset)..<(Int(starts[node + 1]) + offset))
        }
      }
      return offset
    }
  }

  /// Notes the key value of row `row`'s node and appends its canonical
  /// bytes.
  mutating func noteKey(row: Int, range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
    (rows[row].keyStart, rows[row].keyEnd) = (range.lowerBound, range.upperBound)
    let node = Int(rows[row].node)
    if keysInOrder {
      if node == nodeCount - 1 && Int(rows[row].keyBytes) == canonicalKeys.count {
        canonicalKeys.appendKey(bytes, range: range)
        return
      }
      noteSpans()
    }
    let start = canonicalKeys.count
    canonicalKeys.appendKey(bytes, range: range)
    keySpans[node] = start..<canonicalKeys.count
  }

  /// Turns the starts of the keys noted in preorder so far into spans,
  /// for a key that comes out of preorder.
  private mutating func noteSpans() {
    // The starts noted so far fit once the keys' end does.
    let end = KeyArena.keyOffset(canonicalKeys.count)
    let count = nodeCount
    let starts = [UInt32](unsafeUninitializedCapacity: count + 1) { starts, initialized in
      writeKeyStarts(to: starts.baseAddress!, movedBy: 0)
      starts[count] = end
      initialized = count + 1
    }
    keySpans.reserveCapacity(count * 2)
    for node in 0..<count { keySpans.append(Int(starts[node])..<Int(starts[node + 1])) }
    keysInOrder = false
  }
}

/// A subtree a `TreeLayoutBuilder` copied from another tree's layout (a
/// `CopySource`), its nodes' arrays written, and it noted as shared
/// (`JSONTreeScanner.Layout.sharedSubtrees`), when the builder finishes.
struct CopiedSubtree {
  /// How many rows (nodes scanned) come before it.
  let rowsBefore: Int32
  /// The number of its root here, of its root in the source, and of its
  /// nodes.
  let first: Int32
  let source: Int32
  let count: Int32
  /// Its root's parent's number here (-1: a root), and index among its
  /// siblings.
  let parent: Int32
  let sibling: Int32
  /// How far its bytes moved: where its root starts here, less where it
  /// starts in the source.
  let shift: Int
  /// How far its canonical keys moved, while keys come in preorder.
  let keyShift: Int
}
