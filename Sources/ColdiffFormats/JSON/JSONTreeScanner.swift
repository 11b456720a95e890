import ColdiffCore

/// Walks records nested in a children member (a tree of records, `coldiff
/// --tree`) in one pass over already validated JSON: each record's range,
/// parent and index among its siblings in preorder, the range of its
/// children array and of its key member, and the key's canonical bytes,
/// found by skipping and without building values. Each byte is looked at
/// once, however deep the tree; string contents, numbers and literals are
/// skipped sixteen bytes at a time (`ValidatedJSON`, `ByteClassifier`).
public enum JSONTreeScanner {
  /// What the scan found, one entry per record in preorder (a record,
  /// then its children's subtrees, then its next sibling).
  public struct Layout: Sendable, Equatable {
    /// Each record's bytes.
    public var ranges = ByteRanges()
    /// Each record's parent, -1 for a top-level record.
    public var parents: [Int32] = []
    /// Each record's index among its siblings.
    public var siblingIndex: [Int32] = []
    /// The range of each record's children array, `nil` without one.
    public var childrenRanges = OptionalRanges()
    /// The range of each record's key member's value, `nil` without one
    /// (or when no key name was given).
    public var keyRanges = OptionalRanges()
    /// The canonical bytes (`JSONCanonicalKey`) of each record's key
    /// member's value, back to back, made while the record is in cache;
    /// empty for a record without the member, and when no key name was
    /// given.
    public var canonicalKeys: [UInt8] = []
    /// Where each record's canonical key bytes start in `canonicalKeys`,
    /// one more entry than there are records (empty when no key name was
    /// given).
    public var canonicalKeyStarts: [UInt32] = []
    /// The subtrees whose layout was copied from another tree's nodes
    /// (`JSONKnownNodes`: the same bytes), in preorder; empty when none
    /// was.
    package var sharedSubtrees: [SharedSubtree] = []
    /// The tree the shared subtrees' nodes are from (`JSONKnownNodes`'s
    /// origin), if any.
    package var sharedOrigin: TreeOrigin?
    /// The prefix hashes of about one node in `JSONKnownNodes.sampling`
    /// (those objects long enough to be taken whole), made by a
    /// validating scan while each node was in the cache, for the table
    /// NEW's scan finds OLD's nodes in; empty when the scan made none.
    /// Which nodes they are depends on how the input was cut into parts,
    /// so two layouts that differ only in them are equal.
    package var prefixSamples: [KnownRecords.Sample] = []
    /// The nodes whose own members have the bytes of another tree's node
    /// (OLD's, whose head NEW's validating scan took: bytes before the
    /// children array and after it the same, the children not), as each
    /// ended (a parent after its children); which nodes depends on how
    /// the input was cut into parts, so two layouts that differ only in
    /// them are equal.
    package var sharedHeads: [SharedHead] = []

    /// An empty layout, to be filled.
    public init() {}

    /// Whether two layouts describe the same nodes (`prefixSamples`
    /// and `sharedHeads` aside).
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.ranges == rhs.ranges && lhs.parents == rhs.parents
        && lhs.siblingIndex == rhs.siblingIndex && lhs.childrenRanges == rhs.childrenRanges
        && lhs.keyRanges == rhs.keyRanges && lhs.canonicalKeys == rhs.canonicalKeys
        && lhs.canonicalKeyStarts == rhs.canonicalKeyStarts
        && lhs.sharedSubtrees == rhs.sharedSubtrees && lhs.sharedOrigin == rhs.sharedOrigin
    }
  }

  /// A subtree of a layout with the same bytes as a subtree of another
  /// tree (OLD's, whose layout it copied): node `first + k` of this
  /// layout has the bytes of node `source + k` of the other, for `k` in
  /// `0..<count`.
  package struct SharedSubtree: Sendable, Equatable {
    /// The subtree's root in this layout.
    package var first: Int32
    /// The subtree's root in the other tree.
    package var source: Int32
    /// How many nodes it holds.
    package var count: Int32

    /// Notes a shared subtree.
    package init(first: Int32, source: Int32, count: Int32) {
      self.first = first
      self.source = source
      self.count = count
    }
  }

  /// A node of a layout whose own members (its bytes but its children
  /// array's) are those of a node of another tree (OLD's).
  package struct SharedHead: Sendable, Equatable {
    /// The node in this layout.
    package var node: Int32
    /// The node in the other tree.
    package var source: Int32

    /// Notes a shared head.
    package init(node: Int32, source: Int32) {
      self.node = node
      self.source = source
    }
  }

  /// A record that cannot be read as a node of the tree.
  public struct Failure: Error, Sendable, Equatable {
    /// The record's index path (`[0, 2, 1]`).
    public var path: [Int]
    /// Where the record starts in the input.
    public var offset: Int
    /// What is wrong, for a message.
    public var reason: String

    init(path: [Int], offset: Int, reason: String) {
      (self.path, self.offset, self.reason) = (path, offset, reason)
    }
  }

  /// An open record: its number and, while the scan is inside its
  /// children array, the number of children seen so far (-1 among its
  /// members).
  private struct Open {
    var node: Int
    var childCount: Int
  }

  /// Scans the trees rooted at `roots`, on one thread.
  ///
  /// - Parameters:
  ///   - bytes: the input, already validated.
  ///   - roots: the top-level records' ranges.
  ///   - children: the name of the children member (a record's direct
  ///     member).
  ///   - key: the name of a key member whose value range and canonical
  ///     bytes to note, if any.
  /// - Returns: the records in preorder.
  /// - Throws: `Failure` for a children member that is not an array, or
  ///   that a record has twice.
  /// - Complexity: O(size of the records).
  public static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, roots: [Range<Int>], children: [UInt8], key: [UInt8]?
  ) throws(Failure) -> Layout {
    try scan(bytes, roots: roots, children: children, key: key, known: nil, partSize: nil)
  }

  /// Scans the trees rooted at `roots`, taking the subtrees OLD has whole,
  /// a large input's roots in parts on every core; see
  /// `scan(_:roots:children:key:)`. The result and the first failure are
  /// those of a scan of the whole input on one thread.
  ///
  /// - Parameters:
  ///   - bytes: the input, already validated.
  ///   - roots: the top-level records' ranges.
  ///   - children: the name of the children member.
  ///   - key: the name of a key member to note, if any.
  ///   - known: OLD's nodes: a record (nested or not) with the same bytes
  ///     as one of them has its subtree's layout copied, not scanned;
  ///     used only when scanned with the same children and key names.
  ///   - partSize: the smallest part of the input (in bytes) to scan on a
  ///     thread at once with others (an input under four of them is
  ///     scanned whole); `nil` to scan all on this thread.
  /// - Returns: the records in preorder.
  /// - Throws: `Failure`, as `scan(_:roots:children:key:)`.
  package static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, roots: [Range<Int>], children: [UInt8], key: [UInt8]?,
    known: JSONKnownNodes?, partSize: Int?
  ) throws(Failure) -> Layout {
    let known = known.flatMap { $0.children == children && $0.key == key ? $0 : nil }
    let parts = partSize.map { Self.parts(of: roots, smallest: $0) } ?? [0..<roots.count]
    guard parts.count > 1 else {
      return try scanPart(bytes, roots: roots[...], children: children, key: key, known: known)
    }
    var layouts = ChunkRunner.map(parts.count) { part in
      Result { () throws(Failure) in
        try scanPart(bytes, roots: roots[parts[part]], children: children, key: key, known: known)
      }
    }
    var scanned: [Layout] = []
    for part in layouts.indices {
      scanned.append(try layouts[part].get())
      layouts[part] = .success(Layout())
    }
    return Layout(joining: &scanned)
  }

  /// Scans some of the roots (`roots` keeps their indices, which are
  /// their sibling indices).
  ///
  /// Long by design: hot scanner loop (one pass over every byte of the
  /// trees, its stack of open records kept in locals).
  private static func scanPart(
    _ bytes: UnsafeBufferPointer<UInt8>, roots: ArraySlice<Range<Int>>, children: [UInt8],
    key: [UInt8]?, known: JSONKnownNodes?
  ) throws(Failure) -> Layout {
    guard bytes.baseAddress != nil, let firstRoot = roots.first, let lastRoot = roots.last else {
      var layout = Layout()
      if key != nil { layout.canonicalKeyStarts = [0] }
      return layout
    }
    // About 200 bytes a record; the arrays grow past it when needed.
    var builder = TreeLayoutBuilder(
      estimate: (lastRoot.upperBound - firstRoot.lowerBound) / 200 + roots.count,
      keyed: key != nil, copyingFrom: known)
    let source = known.map(CopySource.init) ?? CopySource()
    let text = ValidatedJSON(bytes)
    let names = Names(children: children, key: key)
    defer { names.deallocate() }
    var open: [Open] = []
    open.reserveCapacity(16)
    var hint = -1
    let finder = known?.finder
    for (index, root) in zip(roots.indices, roots) {
      if let finder, let old = finder.find(in: bytes, at: root.lowerBound, hint: &hint) {
        _ = builder.copy(old, from: source, at: root.lowerBound, parent: -1, sibling: index)
        continue
      }
      let node = builder.begin(at: root.lowerBound, parent: -1, sibling: index)
      guard text[root.lowerBound] == UInt8(ascii: "{") else {
        builder.setRange(node, root)
        continue
      }
      open.append(Open(node: node, childCount: -1))
      var cursor = root.lowerBound + 1
      while !open.isEmpty {
        let top = open.count - 1
        let node = open[top].node
        if open[top].childCount >= 0 {
          // Inside the node's children array, at an element, `,` or `]`.
          cursor = text.skipSpace(cursor)
          let byte = text[cursor]
          if byte == UInt8(ascii: ",") {
            cursor += 1
            continue
          }
          if byte == UInt8(ascii: "]") {
            let begin = builder.childrenRange(node)!.lowerBound
            builder.setChildrenRange(node, begin..<(cursor + 1))
            open[top].childCount = -1
            cursor += 1
            continue
          }
          let sibling = open[top].childCount
          open[top].childCount += 1
          if let finder, let old = finder.find(in: bytes, at: cursor, hint: &hint) {
            cursor = builder.copy(old, from: source, at: cursor, parent: node, sibling: sibling)
            continue
          }
          let child = builder.begin(at: cursor, parent: node, sibling: sibling)
          if byte == UInt8(ascii: "{") {
            open.append(Open(node: child, childCount: -1))
            cursor += 1
          } else {
            let end = text.endOfValue(cursor)
            builder.setRange(child, cursor..<end)
            cursor = end
          }
          continue
        }
        // Among the node's members.
        switch text.nextMember(cursor, children: names.children, key: names.key, bytes) {
        case .end(let close):
          builder.setRange(node, builder.range(node).lowerBound..<(close + 1))
          open.removeLast()
          cursor = close + 1
        case .key(let value):
          builder.noteKey(row: node, range: value, in: bytes)
          cursor = value.upperBound
        case .children(let valueStart):
          guard builder.childrenRange(node) == nil else {
            throw builder.failure(node, "has two members named the children member")
          }
          guard text[valueStart] == UInt8(ascii: "[") else {
            throw builder.failure(node, "is not an array (a tree nests its records in an array)")
          }
          builder.setChildrenRange(node, valueStart..<valueStart)
          open[top].childCount = 0
          cursor = valueStart + 1
        }
      }
    }
    return builder.finish()
  }
}

/// The tree scan's walk through a record's members, looking for the
/// children and key members by their names.
extension ValidatedJSON {
  /// Where a walk through a record's members stopped.
  fileprivate enum Stop {
    /// At the record's closing brace, at this position.
    case end(Int)
    /// After the key member's value, whose range this is.
    case key(Range<Int>)
    /// At the value of the children member, starting at this position.
    case children(Int)
  }

  /// Walks a record's members from `start` (just after its `{`, or after
  /// a member's value) to the next member named `children` or `key`, or to
  /// the record's end, skipping the other members' values.
  @inline(__always)
  fileprivate func nextMember(
    _ start: Int, children: Name, key: Name?, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Stop {
    var index = start
    while true {
      var byte = base[index]
      if byte == UInt8(ascii: ",") {
        index += 1
        byte = base[index]
      }
      // Compact text goes straight on; whitespace takes the loop.
      while byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "}") {
        index += 1
        byte = base[index]
      }
      if byte == UInt8(ascii: "}") { return .end(index) }
      var escaped = false
      let nameEnd = endOfString(index, escaped: &escaped)
      let name = (index + 1)..<(nameEnd - 1)
      var valueStart = nameEnd
      while base[valueStart] != UInt8(ascii: ":") { valueStart += 1 }
      valueStart += 1
      if base[valueStart] <= 0x20 { valueStart = skipSpace(valueStart) }
      if self.name(name, escaped: escaped, equals: children, bytes) {
        return .children(valueStart)
      }
      let valueEnd: Int
      switch base[valueStart] {
      case UInt8(ascii: "\""): valueEnd = endOfValueString(valueStart)
      case UInt8(ascii: "{"), UInt8(ascii: "["): valueEnd = endOfContainer(valueStart)
      default:
        if let key, self.name(name, escaped: escaped, equals: key, bytes) {
          return .key(valueStart..<endOfScalar(valueStart))
        }
        // A number or literal: straight on to the next name's quote or
        // the record's `}`, a word at a time.
        index = nextStructural(valueStart)
        continue
      }
      if let key, self.name(name, escaped: escaped, equals: key, bytes) {
        return .key(valueStart..<valueEnd)
      }
      index = valueEnd
    }
  }

  /// Whether the member name at `range` (inside the quotes) decodes to
  /// `wanted`.
  @inline(__always)
  fileprivate func name(
    _ range: Range<Int>, escaped: Bool, equals wanted: Name, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    if escaped { return JSONText.string(bytes, range: range, equals: Array(wanted.bytes)) }
    guard range.count == wanted.bytes.count else { return false }
    if range.count <= 8 && range.lowerBound + 8 <= count {
      let word = UnsafeRawPointer(base).loadUnaligned(
        fromByteOffset: range.lowerBound, as: UInt64.self)
      return word & wanted.mask == wanted.word
    }
    for offset in 0..<wanted.bytes.count
    where base[range.lowerBound + offset] != wanted.bytes[offset] {
      return false
    }
    return true
  }
}

/// A member name the scan looks for, in memory it owns (read without
/// bounds checks or reference counting in the scan's loop), with its
/// first eight bytes as a little-endian word to compare names of up to
/// eight bytes in one load.
private struct Name {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The name's bytes (up to eight), in the low bytes.
  let word: UInt64
  /// Ones over the bytes `word` holds.
  let mask: UInt64

  init(_ name: [UInt8]) {
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: name.count)
    _ = copy.initialize(from: name)
    bytes = UnsafeBufferPointer(copy)
    var word: UInt64 = 0
    for (offset, byte) in name.prefix(8).enumerated() { word |= UInt64(byte) << (offset * 8) }
    self.word = word
    mask = name.count >= 8 ? ~0 : (1 << (name.count * 8)) - 1
  }
}

/// The member names the scan looks for.
private struct Names {
  let children: Name
  let key: Name?

  init(children: [UInt8], key: [UInt8]?) {
    self.children = Name(children)
    self.key = key.map(Name.init)
  }

  /// Frees the copies.
  func deallocate() {
    children.bytes.deallocate()
    key?.bytes.deallocate()
  }
}

/// The layout whose subtrees a `TreeLayoutBuilder` copies
/// (`JSONKnownNodes`'s), with where each subtree ends: held beside the
/// builder and lent to each copy, so that a copy reads its arrays in
/// place (a copy out of the builder it writes would count a reference on
/// arrays that the scans on every core share, for each subtree); the
/// builder holds it too, for the copied nodes it writes when it
/// finishes.
struct CopySource {
  var layout = JSONTreeScanner.Layout()
  var subtreeEnds: [Int32] = []
  var origin: TreeOrigin?

  /// Nothing to copy from.
  init() {}

  /// The layout of `known`'s nodes.
  init(_ known: JSONKnownNodes) {
    (layout, subtreeEnds, origin) = (known.layout, known.finder.subtreeEnds, known.origin)
  }
}
