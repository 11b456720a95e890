import Glibc

/// The records of a scanned tree (OLD, `coldiff --tree`), nested ones
/// included, for the scans of another (NEW) to take whole those they meet
/// again byte for byte (`KnownRecords`): a nested record holding none of
/// the changes has the same bytes in both, even when every top-level
/// record holds one. A node with the same bytes as a valid one is valid,
/// and its subtree's layout is OLD's, moved to where it is in NEW.
///
/// Only objects are taken whole (their closing brace ends them whatever
/// follows), and only in a collection of the same form (the same nesting
/// depth around the roots, JSON Lines' records on one line).
///
/// A class, made once and handed to every scan of NEW; a scan's inner
/// loops read it through values it takes out once (`finder`, and the
/// layout `TreeLayoutBuilder` copies from), not through the object the
/// scans on other cores share.
package final class JSONKnownNodes: Sendable {
  /// OLD's layout, whose subtrees are copied.
  let layout: JSONTreeScanner.Layout
  /// OLD's form.
  let form: InputForm
  /// The children member's name.
  let children: [UInt8]
  /// The key member whose canonical bytes the layout holds, if any.
  let key: [UInt8]?
  /// The roots, in order: OLD's record `r` (of an array or JSON Lines)
  /// is node `roots[r]`.
  let roots: [Int32]
  /// The tree the nodes are, noted in the layouts that copy them.
  let origin: TreeOrigin?
  /// The nodes as a scan finds them (their table of prefixes, where each
  /// subtree ends, each node's depth), to be held by the scan itself.
  let finder: KnownNodeFinder

  /// Indexes OLD's nodes by their prefixes: the table of prefixes
  /// (whose inserts miss the cache) on one core, the outline on another.
  ///
  /// - Parameters:
  ///   - bytes: OLD's bytes, as scanned; they must stay valid while this
  ///     is used.
  ///   - form: OLD's form (`.jsonArray`, `.jsonObject` or `.jsonLines`).
  ///   - layout: what the tree scan of `bytes` found.
  ///   - children: the children member's name it was scanned with.
  ///   - key: the key member's name it was scanned with.
  ///   - origin: the tree the nodes are, if it is to be known again
  ///     (`JSONTreeScanner.Layout.sharedOrigin`).
  /// - Complexity: O(number of nodes).
  package convenience init(
    bytes: UnsafeBufferPointer<UInt8>, form: InputForm, layout: JSONTreeScanner.Layout,
    children: [UInt8], key: [UInt8]?, origin: TreeOrigin? = nil
  ) {
    let built = ChunkRunner.map(2) { part -> Built in
      part == 0
        ? .records(Self.prefixes(of: layout, in: bytes))
        : .outline(Self.outline(of: layout.parents))
    }
    guard case .records(let records) = built[0], case .outline(let outline) = built[1] else {
      preconditionFailure("the parts were built in order")
    }
    self.init(
      prefixes: records, outline: outline, form: form, layout: layout, children: children, key: key,
      origin: origin)
  }

  /// OLD's nodes from their two parts, built apart (on two cores, with
  /// other work beside the outline's, `TreeSnapshot`).
  ///
  /// - Parameters:
  ///   - prefixes: the nodes' table of prefixes (`prefixes(of:in:)`).
  ///   - outline: the tree's outline (`outline(of:)`).
  ///   - form, layout, children, key, origin: as for
  ///     `init(bytes:form:layout:children:key:origin:)`.
  package init(
    prefixes: KnownRecords, outline: Outline, form: InputForm, layout: JSONTreeScanner.Layout,
    children: [UInt8], key: [UInt8]?, origin: TreeOrigin?
  ) {
    self.layout = layout
    self.form = form
    self.children = children
    self.key = key
    self.origin = origin
    roots = outline.roots
    finder = KnownNodeFinder(
      records: prefixes, subtreeEnds: outline.ends, levels: outline.levels,
      childrenRanges: layout.childrenRanges, keyRanges: layout.keyRanges)
  }

  /// What one core builds.
  private enum Built {
    case records(KnownRecords)
    case outline(Outline)
  }

  /// One node in how many is in the table of prefixes, unless the
  /// caller says otherwise: every fourth. A table of every node, four
  /// times the size, missed the cache in its build and in NEW's look-ups
  /// (at 1M nodes 7% of a tree diff's samples, against the same
  /// instructions), and the window after the node found last finds the
  /// others. A scan that starts afresh (a chunk's, a part's) may then
  /// validate its first nodes instead of taking them whole.
  package static let sampling = 4

  /// The table of the prefixes of the nodes of `layout`: one in
  /// `sampling`, those its scan sampled when it is the default
  /// (`JSONTreeScanner.Layout.prefixSamples`), else read here.
  ///
  /// - Complexity: O(number of nodes).
  package static func prefixes(
    of layout: JSONTreeScanner.Layout, in bytes: UnsafeBufferPointer<UInt8>,
    sampling: Int = JSONKnownNodes.sampling
  ) -> KnownRecords {
    let count = layout.ranges.count
    var starts = RecordOffsets()
    // (In preorder, the nodes start in order.) The bounds read in place:
    // a range at a time through the collection took 40 instructions.
    let lengths = layout.ranges.bounds.withReader { ranges in
      [UInt32](unsafeUninitializedCapacity: count) { lengths, initialized in
        defer { initialized = count }
        if let narrow = ranges.narrowBounds {
          // Every start below 4 GiB: the starts' low words, whole, written
          // in the same pass.
          starts = RecordOffsets(
            low: [UInt32](unsafeUninitializedCapacity: count) { low, written in
              for node in 0..<count {
                let (start, end) = (narrow[2 &* node], narrow[2 &* node &+ 1])
                low[node] = start
                lengths[node] = end &- start
              }
              written = count
            })
          return
        }
        starts.reserveCapacity(count)
        for node in 0..<count {
          let start = ranges.lower(node)
          starts.append(start)
          lengths[node] = KnownRecords.storedLength(ranges.upper(node) &- start)
        }
      }
    }
    return KnownRecords(
      bytes: bytes, starts: starts, lengths: lengths, window: 8,
      sampling: sampling, samples: sampling == Self.sampling ? layout.prefixSamples : [])
  }

  /// Where each node's subtree ends, each node's depth, and the roots.
  package struct Outline: Sendable {
    /// Where each node's subtree ends in preorder (exclusive).
    let ends: [Int32]
    /// Each node's depth in its tree, 0 for a root.
    let levels: [Int32]
    /// The roots, in order.
    let roots: [Int32]
  }

  /// The outline of a tree whose nodes have these parents (in preorder),
  /// in one pass that writes each node's depth and, at the node after
  /// its subtree, its subtree's end: a node's parent is the node before
  /// it or one of that node's ancestors, whose subtrees end at the node
  /// on the way up (each node's once in all). (Two passes over arrays
  /// filled with zeros first took twice as long, on the core NEW's scan
  /// waits for.)
  ///
  /// - Precondition: the parents number the nodes in preorder.
  /// - Complexity: O(number of nodes).
  package static func outline(of parents: [Int32]) -> Outline {
    let count = parents.count
    var roots: [Int32] = []
    var levels: [Int32] = []
    // (Through pointers: the arrays' checks and uniqueness tests were
    // three quarters of each node's instructions.)
    let ends = [Int32](unsafeUninitializedCapacity: count) { ends, endsWritten in
      levels = [Int32](unsafeUninitializedCapacity: count) { levels, levelsWritten in
        parents.withUnsafeBufferPointer { parents in
          for node in 0..<count {
            let parent = Int(parents[node])
            let here = Int32(truncatingIfNeeded: node)
            var above = node - 1
            while above > parent {
              ends[above] = here
              above = Int(parents[above])
            }
            precondition(above == parent, "node \(node) is not in preorder")
            if parent < 0 {
              levels[node] = 0
              roots.append(here)
            } else {
              levels[node] = levels[parent] &+ 1
            }
          }
          // The last node's ancestors end with the tree.
          var above = count - 1
          while above >= 0 {
            ends[above] = Int32(truncatingIfNeeded: count)
            above = Int(parents[above])
          }
        }
        levelsWritten = count
      }
      endsWritten = count
    }
    return Outline(ends: ends, levels: levels, roots: roots)
  }

  /// A node of OLD with the same bytes as those of `other` at `offset`;
  /// see `KnownNodeFinder.find(in:at:hint:)`, which a scan on several
  /// cores calls on its own copy of `finder`.
  package func find(in other: UnsafeBufferPointer<UInt8>, at offset: Int, hint: inout Int) -> Int? {
    finder.find(in: other, at: offset, hint: &hint)
  }
}

/// OLD's nodes as the scans of NEW find them (`JSONKnownNodes`): the
/// arrays a look-up reads, held by each scan as a value, so that scans
/// on several cores take no reference to the object they share (whose
/// count each would write, for every node looked up).
package struct KnownNodeFinder: Sendable {
  /// The nodes, found by their prefixes: every fourth node is in the
  /// table, and the window after the last one found covers a changed
  /// record's first children (in preorder, a node's first child follows
  /// it) and the nodes up to the next one in the table.
  let records: KnownRecords
  /// Where each node's subtree ends in preorder (exclusive).
  let subtreeEnds: [Int32]
  /// Each node's depth in its tree, 0 for a root.
  let levels: [Int32]
  /// The range of each node's children array, `nil` without one.
  let childrenRanges: OptionalRanges
  /// The range of each node's key member's value, `nil` without one.
  let keyRanges: OptionalRanges

  /// A node of OLD with the same bytes as those of `other` at `offset`,
  /// if there is one that starts with `{`.
  ///
  /// - Parameters:
  ///   - other: the input being scanned.
  ///   - offset: where a record starts in `other`.
  ///   - hint: the node found last, or -1; set to the last node of the
  ///     subtree found, where the next one is looked for first.
  /// - Returns: the node.
  @inline(__always)
  package func find(in other: UnsafeBufferPointer<UInt8>, at offset: Int, hint: inout Int) -> Int? {
    guard other[offset] == UInt8(ascii: "{"),
      let node = records.find(in: other, at: offset, after: hint)
    else { return nil }
    hint = Int(subtreeEnds[node]) - 1
    return node
  }

  /// The length of node `node`, one `find` returned.
  @inline(__always)
  func length(of node: Int) -> Int { records.length(of: node) }

  /// What OLD has of an object: a node with its bytes, or one with its
  /// head (its bytes before its children array, which hold its key
  /// member if it has one: a record whose children changed, its own
  /// members not), and the head's length.
  enum Found {
    case node(Int)
    case head(Int, length: Int)
  }

  /// What OLD has of the object at `offset` of `other`, looked for where
  /// it is cheapest first: the node just after `hint` with its bytes;
  /// with `heads`, that node with the object's head, holding its key
  /// member (the object's counterpart, whose descendants changed: the
  /// ancestors of each change), or else, when the object starts as that
  /// node up to the end of its key's value, nothing (the node updated,
  /// ``Next/updated``); a node with its bytes among the rest of the few
  /// after `hint`; with `heads`, one there whose head is the
  /// object's and holds its key member; then a node with its bytes in
  /// the table of prefixes, whose slot is mostly a wait for memory;
  /// last, with `heads`, a head elsewhere (``otherHead(in:at:hint:)``).
  /// A record whose descendants changed has its head found before the
  /// other nodes are tried for its bytes: no other node can have them,
  /// as no other has its key (a key twice is reported by the matching).
  ///
  /// - Parameters:
  ///   - other: the input being scanned.
  ///   - offset: where an object starts in `other`.
  ///   - hint: the node found last, or -1; set as `find` sets it when a
  ///     node with the object's bytes is found.
  ///   - heads: whether a head is looked for.
  @inline(__always)
  func lookUp(in other: UnsafeBufferPointer<UInt8>, at offset: Int, hint: inout Int, heads: Bool)
    -> Found?
  {
    guard other[offset] == UInt8(ascii: "{") else { return nil }
    var found = records.find(in: other, at: offset, after: hint, in: .next)
    if found == nil {
      switch next(in: other, at: offset, hint: hint, heads: heads) {
      case .head(let head): return head
      case .updated: return nil
      case .other: break
      }
    }
    if found == nil { found = records.find(in: other, at: offset, after: hint, in: .restOfWindow) }
    if found == nil, heads,
      let head = windowHead(in: other, at: offset, hint: hint, from: hint + 2, keyed: true)
    {
      return head
    }
    if found == nil { found = records.find(in: other, at: offset, after: hint, in: .table) }
    guard let node = found else {
      return heads ? otherHead(in: other, at: offset, hint: hint) : nil
    }
    hint = Int(subtreeEnds[node]) - 1
    return .node(node)
  }

  /// What the node just after `hint` is of the object at `offset` of
  /// `other`, when its bytes are not the object's.
  private enum Next {
    /// Its head is the object's, holding its key member (the object's
    /// counterpart, whose descendants changed: the ancestors of each
    /// change), found when heads are looked for.
    case head(Found)
    /// The object has its bytes up to the end of its key member's value:
    /// it is that node with other members changed (an update), which no
    /// other node can be, as no other has its key (a key twice is
    /// reported by the matching); it is validated without the others
    /// being tried (the rest of the window, the table, the heads there).
    case updated
    /// Another node, or one without a key member.
    case other
  }

  /// What the node just after `hint` is of the object at `offset` of
  /// `other` (``Next``), its bytes up to its key's end compared once for
  /// both an update and a head (`heads`).
  @inline(__always)
  private func next(in other: UnsafeBufferPointer<UInt8>, at offset: Int, hint: Int, heads: Bool)
    -> Next
  {
    let next = hint + 1
    guard next < records.starts.count, let key = keyRanges[next]?.upperBound,
      let base = other.baseAddress, let known = records.bytes.baseAddress
    else { return .other }
    let start = records.starts[next]
    let length = key - start
    guard length <= other.count - offset, KnownRecords.same(known + start, base + offset, length)
    else { return .other }
    if heads, let head = headLength(next, of: known, base, offset, other.count) {
      return .head(.head(next, length: head))
    }
    return .updated
  }

  /// A node among the few after `hint`, from `first` on, whose head is
  /// the bytes of `other` at `offset`: of those with a key member
  /// (`keyed`), or of those without.
  @inline(__always)
  private func windowHead(
    in other: UnsafeBufferPointer<UInt8>, at offset: Int, hint: Int, from first: Int, keyed: Bool
  ) -> Found? {
    guard let base = other.baseAddress, let known = records.bytes.baseAddress else { return nil }
    var length = 0
    let head = records.candidate(after: hint, from: first) { node in
      guard (keyRanges[node] != nil) == keyed,
        let headLength = headLength(node, of: known, base, offset, other.count)
      else { return false }
      length = headLength
      return true
    }
    return head.map { .head($0, length: length) }
  }

  /// The head of the object at `offset` of `other` where
  /// ``lookUp(in:at:hint:heads:)`` looks last: among the few nodes after
  /// `hint` without a key member (those with one were tried), then among
  /// the nodes in the table of prefixes. Out of line: most objects are
  /// found before.
  @inline(never)
  private func otherHead(in other: UnsafeBufferPointer<UInt8>, at offset: Int, hint: Int)
    -> Found?
  {
    if let head = windowHead(in: other, at: offset, hint: hint, from: hint + 1, keyed: false) {
      return head
    }
    guard let base = other.baseAddress, let known = records.bytes.baseAddress,
      other.count - offset >= KnownRecords.prefixLength
    else { return nil }
    var length = 0
    let head = records.candidate(at: base + offset) { node in
      guard let headLength = headLength(node, of: known, base, offset, other.count) else {
        return false
      }
      length = headLength
      return true
    }
    return head.map { .head($0, length: length) }
  }

  /// The length of node `node`'s head when those are the bytes at
  /// `offset` of the `count` at `base`, else `nil`.
  @inline(__always)
  private func headLength(
    _ node: Int, of known: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ offset: Int,
    _ count: Int
  ) -> Int? {
    guard let children = childrenRanges[node]?.lowerBound else { return nil }
    let start = records.starts[node]
    let length = children - start
    guard length <= count - offset, keyRanges[node].map({ $0.upperBound <= children }) ?? true,
      KnownRecords.same(known + start, base + offset, length)
    else { return nil }
    return length
  }

  /// Whether node `node`'s tail (its bytes after its children array) is
  /// `tail` of `other`.
  @inline(__always)
  func hasTail(_ node: Int, _ tail: Range<Int>, in other: UnsafeBufferPointer<UInt8>) -> Bool {
    let length = records.length(of: node)
    guard length > 0, let from = childrenRanges[node]?.upperBound,
      records.starts[node] + length - from == tail.count, let known = records.bytes.baseAddress,
      let base = other.baseAddress
    else { return false }
    return memcmp(known + from, base + tail.lowerBound, tail.count) == 0
  }
}

/// The identity of a tree whose nodes other scans take whole
/// (`JSONKnownNodes`): a layout that copied some of them notes it, so
/// that the subtrees it shares are known to be those of this tree.
package final class TreeOrigin: Sendable, Equatable {
  /// A new identity.
  package init() {}

  /// Whether two are the same identity.
  package static func == (lhs: TreeOrigin, rhs: TreeOrigin) -> Bool { lhs === rhs }
}
