import ColdiffCore

/// The layout being filled: each node a row (`TreeNodeRows`) until
/// ``finish()`` makes the layout's arrays. Each record's canonical key
/// bytes go straight into `canonicalKeys` (`TreeKeyBytes`), handed to
/// `layout.canonicalKeys` at the end, and where they start into its
/// row, while keys come in preorder (each one noted while its record is
/// the last one begun); from the first that does not (a key member after
/// the children, a record with two), where each record's bytes went is
/// noted instead (`keySpans`) and they are put in order at the end.
struct TreeLayoutBuilder {
  /// What the layout holds besides its nodes' arrays and its canonical
  /// keys (made from `rows` and `canonicalKeys` at the end).
  var layout = JSONTreeScanner.Layout()
  /// The records' canonical key bytes (none unless `keyed`).
  private var canonicalKeys: TreeKeyBytes
  /// The nodes, in preorder.
  private(set) var rows: TreeNodeRows
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

  /// A builder for about `estimate` records, noting their keys when
  /// `keyed`, of a tree whose subtrees are copied from `known`'s layout
  /// (lent to each `copy` as a `CopySource`), or, without `known`, that
  /// notes prefix samples.
  init(estimate: Int, keyed: Bool, copyingFrom known: JSONKnownNodes? = nil) {
    self.keyed = keyed
    samples = known == nil
    rows = TreeNodeRows(capacity: estimate)
    canonicalKeys = TreeKeyBytes(capacity: keyed ? estimate * 10 : 0)
  }

  /// Numbers the record starting at `start`, its range still open.
  ///
  /// - Returns: the record's number.
  @inline(__always)
  mutating func begin(at start: Int, parent: Int, sibling: Int) -> Int {
    let node = rows.count
    var row = TreeNodeRow(start: start, parent: Int32(parent), sibling: Int32(sibling))
    if keyed {
      if keysInOrder {
        // (Checked once the keys are done: every start fits once their
        // end does.)
        row.keyBytes = UInt32(truncatingIfNeeded: canonicalKeys.count)
      } else {
        keySpans.append(0..<0)
      }
    }
    rows.append(row)
    return node
  }

  /// Sets node `node`'s range.
  @inline(__always)
  func setRange(_ node: Int, _ range: Range<Int>) {
    (rows[node].start, rows[node].end) = (range.lowerBound, range.upperBound)
  }

  /// Node `node`'s range (open while the node is read).
  @inline(__always)
  func range(_ node: Int) -> Range<Int> { rows[node].start..<rows[node].end }

  /// Node `node`'s children array, `nil` while it has none.
  @inline(__always)
  func childrenRange(_ node: Int) -> Range<Int>? { rows[node].children }

  /// Sets node `node`'s children array.
  @inline(__always)
  func setChildrenRange(_ node: Int, _ range: Range<Int>) {
    (rows[node].childrenStart, rows[node].childrenEnd) = (range.lowerBound, range.upperBound)
  }

  /// Sets object node `node`'s range, `range` of `input`, and notes its
  /// prefix's hash while its first bytes are in the cache when it is one
  /// in `JSONKnownNodes.sampling` and long enough to be taken whole
  /// (`layout.prefixSamples`).
  @inline(__always)
  mutating func end(_ node: Int, _ range: Range<Int>, in input: UnsafeBufferPointer<UInt8>) {
    setRange(node, range)
    guard samples, node % JSONKnownNodes.sampling == 0, let base = input.baseAddress,
      let sample = KnownRecords.Sample(node, at: range.lowerBound, length: range.count, in: base)
    else { return }
    layout.prefixSamples.append(sample)
  }

  /// The failure of node `node`, with its path from its root.
  func failure(_ node: Int, _ reason: String) -> JSONTreeScanner.Failure {
    var path: [Int] = []
    var next = node
    while next >= 0 {
      path.append(Int(rows[next].sibling))
      next = Int(rows[next].parent)
    }
    return JSONTreeScanner.Failure(
      path: path.reversed(), offset: rows[node].start, reason: reason)
  }

  /// Notes that node `node` has the own members of node `source` of the
  /// tree `origin` the builder copies from (`layout.sharedHeads`).
  mutating func noteSharedHead(_ node: Int, source: Int, of origin: TreeOrigin?) {
    layout.sharedHeads.append(
      JSONTreeScanner.SharedHead(node: Int32(node), source: Int32(source)))
    if layout.sharedOrigin == nil { layout.sharedOrigin = origin }
  }

  /// Appends the subtree of OLD's node `old` (of the layout the builder
  /// copies from), found again at `start`: its nodes' layout moved there,
  /// the subtree's root under `parent` as its child number `sibling`.
  ///
  /// - Returns: where the subtree's root ends.
  mutating func copy(
    _ old: Int, from source: borrowing CopySource, at start: Int, parent: Int, sibling: Int
  ) -> Int {
    let end = Int(source.subtreeEnds[old])
    let root = source.layout.ranges[old]
    let shift = start - root.lowerBound
    let first = rows.count
    layout.sharedSubtrees.append(
      JSONTreeScanner.SharedSubtree(
        first: Int32(first), source: Int32(old), count: Int32(end - old)))
    if layout.sharedOrigin == nil { layout.sharedOrigin = source.origin }
    // Where the copied keys start, less where the source's did.
    let keyShift = keyed ? copyKeys(old..<end, from: source) : 0
    // (Checked once the keys are done, as `begin` leaves them.)
    let copiesKeyStarts = keyed && keysInOrder
    let renumber = Int32(first - old)
    rows.reserve(end - old)
    // The source's arrays read through pointers taken once: the rows'
    // stores would otherwise have them looked up again for every node.
    source.layout.ranges.bounds.withReader { ranges in
      source.layout.childrenRanges.bounds.withReader { children in
        source.layout.keyRanges.bounds.withReader { keys in
          source.layout.parents.withUnsafeBufferPointer { parents in
            source.layout.siblingIndex.withUnsafeBufferPointer { siblings in
              source.layout.canonicalKeyStarts.withUnsafeBufferPointer { keyStarts in
                for node in old..<end {
                  var row = TreeNodeRow(
                    start: ranges.lower(node) &+ shift,
                    parent: node == old ? Int32(parent) : parents[node] &+ renumber,
                    sibling: node == old ? Int32(sibling) : siblings[node])
                  row.end = ranges.upper(node) &+ shift
                  let list = children.lower(node)
                  if list >= 0 {
                    (row.childrenStart, row.childrenEnd) = (
                      list &+ shift, children.upper(node) &+ shift
                    )
                  }
                  let key = keys.lower(node)
                  if key >= 0 {
                    (row.keyStart, row.keyEnd) = (key &+ shift, keys.upper(node) &+ shift)
                  }
                  if copiesKeyStarts {
                    row.keyBytes = UInt32(truncatingIfNeeded: Int(keyStarts[node]) &+ keyShift)
                  }
                  rows.append(row)
                }
              }
            }
          }
        }
      }
    }
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

  /// Notes the node's key value and appends its canonical bytes.
  mutating func noteKey(node: Int, range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
    (rows[node].keyStart, rows[node].keyEnd) = (range.lowerBound, range.upperBound)
    if keysInOrder {
      if node == rows.count - 1 && Int(rows[node].keyBytes) == canonicalKeys.count {
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
    _ = KeyArena.keyOffset(canonicalKeys.count)
    let rows = rows.elements
    keySpans.reserveCapacity(rows.count * 2)
    for node in rows.indices {
      let end = node + 1 < rows.count ? Int(rows[node + 1].keyBytes) : canonicalKeys.count
      keySpans.append(Int(rows[node].keyBytes)..<end)
    }
    keysInOrder = false
  }

  /// The layout, its nodes' arrays made from the rows, with the
  /// canonical keys in record order.
  mutating func finish() -> JSONTreeScanner.Layout {
    let rows = rows.elements
    if !makeNarrowColumns(of: rows) {
      layout.ranges = ByteRanges(count: rows.count) { (rows[$0].start, rows[$0].end) }
      layout.childrenRanges = OptionalRanges(count: rows.count) {
        (rows[$0].childrenStart, rows[$0].childrenEnd)
      }
      layout.keyRanges = OptionalRanges(count: rows.count) {
        (rows[$0].keyStart, rows[$0].keyEnd)
      }
      layout.parents = Self.column(rows) { $0.parent }
      layout.siblingIndex = Self.column(rows) { $0.sibling }
    }
    guard keyed else { return layout }
    let keyCount = canonicalKeys.count
    guard !keysInOrder else {
      layout.canonicalKeys = canonicalKeys.take()
      layout.canonicalKeyStarts = [UInt32](unsafeUninitializedCapacity: rows.count + 1) {
        starts, initialized in
        for node in rows.indices { starts[node] = rows[node].keyBytes }
        starts[rows.count] = KeyArena.keyOffset(keyCount)
        initialized = rows.count + 1
      }
      return layout
    }
    var starts = [UInt32]()
    starts.reserveCapacity(keySpans.count + 1)
    starts.append(0)
    var offset = 0
    for span in keySpans {
      if !span.isEmpty {
        guard span.lowerBound == offset else { return reordered(canonicalKeys.take()) }
        offset = span.upperBound
      }
      starts.append(KeyArena.keyOffset(offset))
    }
    layout.canonicalKeys = canonicalKeys.take()
    layout.canonicalKeyStarts = starts
    return layout
  }

  /// Makes the layout's node arrays from `rows` in one pass (a pass for
  /// each array read every row several times), narrow, unless a node
  /// ends at or after 4 GiB.
  ///
  /// - Returns: whether it made them.
  private mutating func makeNarrowColumns(of rows: UnsafeBufferPointer<TreeNodeRow>) -> Bool {
    // A node holds its children array and its key, and the roots come in
    // the input's order: the last root ends last.
    let lastRoot = rows.lastIndex { $0.parent < 0 }
    guard lastRoot.map({ rows[$0].end < RangeBounds.narrowLimit }) ?? true else { return false }
    let count = rows.count
    let bound = { (value: Int) in value < 0 ? UInt32.max : UInt32(truncatingIfNeeded: value) }
    var (children, keys) = ([UInt32](), [UInt32]())
    var (parents, siblings) = ([Int32](), [Int32]())
    let ranges = [UInt32](unsafeUninitializedCapacity: 2 * count) { ranges, made in
      children = [UInt32](unsafeUninitializedCapacity: 2 * count) { children, made in
        keys = [UInt32](unsafeUninitializedCapacity: 2 * count) { keys, made in
          parents = [Int32](unsafeUninitializedCapacity: count) { parents, made in
            siblings = [Int32](unsafeUninitializedCapacity: count) { siblings, made in
              for (node, row) in rows.enumerated() {
                (ranges[2 * node], ranges[2 * node + 1]) = (bound(row.start), bound(row.end))
                let childless = row.childrenStart < 0
                children[2 * node] = bound(row.childrenStart)
                children[2 * node + 1] = childless ? .max : bound(row.childrenEnd)
                keys[2 * node] = bound(row.keyStart)
                keys[2 * node + 1] = row.keyStart < 0 ? .max : bound(row.keyEnd)
                (parents[node], siblings[node]) = (row.parent, row.sibling)
              }
              made = count
            }
            made = count
          }
          made = 2 * count
        }
        made = 2 * count
      }
      made = 2 * count
    }
    layout.ranges = ByteRanges(narrow: ranges)
    layout.childrenRanges = OptionalRanges(narrow: children)
    layout.keyRanges = OptionalRanges(narrow: keys)
    (layout.parents, layout.siblingIndex) = (parents, siblings)
    return true
  }

  /// One field of every row, as an array.
  private static func column(
    _ rows: UnsafeBufferPointer<TreeNodeRow>, _ field: (TreeNodeRow) -> Int32
  ) -> [Int32] {
    [Int32](unsafeUninitializedCapacity: rows.count) { column, initialized in
      for node in rows.indices { column[node] = field(rows[node]) }
      initialized = rows.count
    }
  }

  /// The layout with the canonical keys, `noted` as they came, copied
  /// into record order.
  private mutating func reordered(_ noted: [UInt8]) -> JSONTreeScanner.Layout {
    var keys = [UInt8]()
    keys.reserveCapacity(noted.count)
    var starts: [UInt32] = [0]
    starts.reserveCapacity(keySpans.count + 1)
    for span in keySpans {
      keys += noted[span]
      starts.append(KeyArena.keyOffset(keys.count))
    }
    layout.canonicalKeys = keys
    layout.canonicalKeyStarts = starts
    return layout
  }
}
