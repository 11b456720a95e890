import ColdiffCore
import ColdiffFormats

/// One side of a `--tree` comparison: the records of a snapshot and the
/// records nested in their children member, all numbered in preorder (a
/// record, then its children's subtrees, then the next record), found by
/// skipping bytes without building values.
///
/// The roots of a JSON object map are its members, taken in the order of
/// their decoded names (bytewise), so that the roots of two maps that
/// share names are in the same order (a map has no order to change).
package struct TreeSnapshot {
  /// The snapshot whose top-level records are the roots.
  package let base: Snapshot
  /// The children member (`--tree FIELD`) as a pointer inside a record.
  package let field: JSONPointer
  /// Each node's bytes in `base.bytes`.
  package let ranges: ByteRanges
  /// The range of each node's children array, `nil` for a node without
  /// the member.
  package let childrenRanges: OptionalRanges
  /// Each node's parent, -1 for a root.
  package let parents: [Int32]
  /// Each node's index among its siblings.
  package let siblingIndex: [Int32]
  /// The shape the core diffs, with the children lists, made once.
  package let shape: TreeShape

  /// The range of each node's `capturedKey` member's value, when the
  /// scan noted it.
  package let keyRanges: OptionalRanges
  /// The member name whose value `keyRanges` holds, if any.
  package let capturedKey: [UInt8]?
  /// The member names of the roots of a JSON object map, by root index
  /// (sorted by decoded name); `nil` for an array or JSON Lines.
  package let rootNames: [JSONString]?
  /// The canonical bytes of each node's `capturedKey` value, made by the
  /// scan (a node without the member has none): node `i`'s are
  /// `capturedKeys[capturedKeyStarts[i]..<capturedKeyStarts[i + 1]]`.
  package let capturedKeys: [UInt8]
  /// Where each node's canonical key bytes start in `capturedKeys`; empty
  /// when the scan noted no key.
  package let capturedKeyStarts: [UInt32]
  /// The scan's keys (`capturedKeys`) hashed as an arena, when every
  /// node has one and the roots are not named by an object map.
  let capturedArena: KeyArena?
  /// The table of `capturedArena`, when it was asked for (OLD's, which
  /// NEW's keys are looked up in) and holds no key twice.
  let capturedTable: KeyTable?
  /// The subtrees whose bytes are those of another tree's nodes (OLD's,
  /// when this is NEW and its scan took them whole), in preorder.
  let sharedSubtrees: [JSONTreeScanner.SharedSubtree]
  /// The tree whose nodes `sharedSubtrees` names.
  let sharedOrigin: TreeOrigin?
  /// For each node, the node of `sharedOrigin`'s tree whose bytes it has
  /// (`sharedSubtrees`), or -1; `nil` when it has none. Made beside the
  /// shape, for ``knownPartners(in:)``.
  private let sharedPartners: KnownMatches?
  /// For each node, the node of `sharedOrigin`'s tree whose own members
  /// it has (its scan took its head, the bytes before its children
  /// array, and its tail from that node's), or -1; empty when none has.
  /// Made beside the shape, for ``ownMemberSources(in:)``.
  private let sharedHeadSources: [Int32]
  /// This tree's identity, for the trees that share its nodes.
  let origin: TreeOrigin

  /// Walks the records of `base` and their nested children.
  ///
  /// - Parameters:
  ///   - base: a JSON array, JSON object map or JSON Lines snapshot.
  ///   - field: the children member.
  ///   - keyName: a member name whose value to note for each node while
  ///     scanning (the likely key).
  ///   - known: the nodes of a tree read before (OLD's, when this is
  ///     NEW's, see `withKnownNodes(of:field:keyName:_:)`): the subtrees with the same bytes
  ///     as one of them are taken whole; the result is the same.
  ///   - tableOfKeys: whether to build the table of the keys the scan
  ///     made, for the other tree's keys to be looked up in (OLD's).
  /// - Throws: `InputError` for a CSV snapshot, or for a record whose
  ///   children member is not an array (naming the record).
  /// - Complexity: O(number of nodes) when the scan of `base` laid the
  ///   tree out (`Snapshot`'s `tree`); else O(size of the input) for a
  ///   children member that is a record's own member, on every core for
  ///   a large input; O(size × depth) for a deeper one.
  package init(
    _ base: Snapshot, field: JSONPointer, keyName: [UInt8]?, known: JSONKnownNodes? = nil,
    tableOfKeys: Bool = false
  ) throws {
    let (layout, rootNames, capturedKey) = try Self.layout(
      of: base, field: field, keyName: keyName, known: known)
    self.init(
      base, field: field, laidOut: layout, rootNames: rootNames, capturedKey: capturedKey,
      origin: TreeOrigin(), tableOfKeys: tableOfKeys)
  }

  /// OLD's tree, read as `init(_:field:keyName:known:tableOfKeys:)` reads
  /// it with its table of keys, made while `body` runs with its nodes
  /// ready to be found again by the scans of NEW (`JSONKnownNodes`: NEW's
  /// validation and tree scan take them whole, copying their layouts).
  /// The nodes' table of prefixes and outline are made first, one on
  /// each core; then the tree's shape and its keys' table, which NEW's
  /// scan does not need, are made beside `body` (as a flat run makes
  /// OLD's keys while NEW is read).
  ///
  /// - Parameters:
  ///   - base: OLD's snapshot.
  ///   - field: the children member.
  ///   - keyName: the member whose value the scan noted (the likely key).
  ///   - body: called with the nodes: `nil` for a refused tree, and for
  ///     one whose children member is deeper than a record's own member.
  /// - Returns: the tree, or the error that refused it, and what `body`
  ///   returns.
  /// - Throws: what `body` throws.
  package static func withKnownNodes<Result>(
    of base: Snapshot, field: JSONPointer, keyName: [UInt8]?,
    _ body: (JSONKnownNodes?) throws -> Result
  ) throws -> (tree: Swift.Result<TreeSnapshot, any Error>, result: Result) {
    let laidOut = Swift.Result { () throws(any Error) in
      try Self.layout(of: base, field: field, keyName: keyName, known: nil)
    }
    func tree(origin: TreeOrigin) -> Swift.Result<TreeSnapshot, any Error> {
      laidOut.map { layout, rootNames, capturedKey in
        TreeSnapshot(
          base, field: field, laidOut: layout, rootNames: rootNames, capturedKey: capturedKey,
          origin: origin, tableOfKeys: true)
      }
    }
    guard case .success(let (layout, _, capturedKey)) = laidOut, field.tokens.count == 1 else {
      return (tree(origin: TreeOrigin()), try body(nil))
    }
    return try base.bytes.withUnsafeBufferPointer { bytes in
      let origin = TreeOrigin()
      let (prefixes, outline) = Parallel.both(
        { JSONKnownNodes.prefixes(of: layout, in: bytes) },
        { JSONKnownNodes.outline(of: layout.parents) })
      let nodes = JSONKnownNodes(
        prefixes: prefixes, outline: outline, form: base.form, layout: layout,
        children: field.tokens[0], key: capturedKey, origin: origin)
      let (result, made) = try Parallel.both(
        { () throws(any Error) in try body(nodes) },
        { () throws(any Error) in tree(origin: origin) })
      return (made, result)
    }
  }

  /// The tree of `base` laid out as `layout`: its shape made on one core
  /// while its keys (when the scan noted one for every node of a list's
  /// tree) are made on the other, with their table for `tableOfKeys`,
  /// and the sources of the nodes its scan took from another tree's
  /// (NEW's, which the matching and the comparison read, so that no
  /// core makes them alone after NEW's scan).
  private init(
    _ base: Snapshot, field: JSONPointer, laidOut layout: JSONTreeScanner.Layout,
    rootNames: [JSONString]?, capturedKey: [UInt8]?, origin: TreeOrigin, tableOfKeys: Bool
  ) {
    self.base = base
    self.field = field
    self.origin = origin
    (self.rootNames, self.capturedKey) = (rootNames, capturedKey)
    capturedKeys = layout.canonicalKeys
    capturedKeyStarts = layout.canonicalKeyStarts
    ranges = layout.ranges
    childrenRanges = layout.childrenRanges
    keyRanges = layout.keyRanges
    sharedSubtrees = layout.sharedSubtrees
    sharedOrigin = layout.sharedOrigin
    let keyed = capturedKey != nil && rootNames == nil
    let count = layout.ranges.count
    (shape, ((capturedArena, capturedTable), (sharedPartners, sharedHeadSources))) =
      Parallel.both(
        { TreeShape(parents: layout.parents, siblingIndices: layout.siblingIndex) },
        {
          (
            keyed ? Self.capturedKeys(of: layout, table: tableOfKeys) : (nil, nil),
            (
              Self.partners(of: layout.sharedSubtrees, count: count),
              Self.sources(of: layout.sharedHeads, count: count)
            )
          )
        })
    parents = shape.parents
    siblingIndex = shape.siblingIndices
  }

  /// The layout of the tree of `base`, the member names of its roots
  /// when they are those of an object map, and the key the layout holds
  /// (none for an input too large for its keys to be noted as it is
  /// read, `Snapshot.keysFitWhileRead`).
  private static func layout(
    of base: Snapshot, field: JSONPointer, keyName: [UInt8]?, known: JSONKnownNodes?
  ) throws -> (JSONTreeScanner.Layout, [JSONString]?, [UInt8]?) {
    let keyName = base.keysFitWhileRead ? keyName : nil
    guard case .json(let index) = base.storage else {
      throw InputError(
        "--tree does not apply to CSV or TSV: a row cannot hold nested records", file: base.name)
    }
    let roots: [Range<Int>]
    let rootNames: [JSONString]?
    if index.form == .jsonObject {
      let names = (0..<index.count).map { base.memberName(of: $0) }
      let order = names.indices.sorted {
        names[$0].value.lexicographicallyPrecedes(names[$1].value)
      }
      rootNames = order.map { names[$0] }
      roots = order.map { index.recordRange($0) }
    } else {
      rootNames = nil
      roots = (0..<index.count).map { index.recordRange($0) }
    }
    if let capture = index.tree, field.tokens.count == 1, rootNames == nil,
      capture.children == field.tokens[0], capture.key == keyName
    {
      // Laid out while the input was validated.
      do {
        return (try capture.result.get(), rootNames, keyName)
      } catch {
        throw Self.failure(error, base: base, field: field, rootNames: rootNames)
      }
    } else if field.tokens.count == 1 {
      do {
        let layout = try base.bytes.withUnsafeBufferPointer {
          buffer throws(JSONTreeScanner.Failure) in
          try JSONTreeScanner.scan(
            buffer, roots: roots, children: field.tokens[0], key: keyName, known: known,
            partSize: 1 << 20)
        }
        return (layout, rootNames, keyName)
      } catch {
        throw Self.failure(error, base: base, field: field, rootNames: rootNames)
      }
    }
    return (try Self.walk(base, roots: roots, field: field, rootNames: rootNames), rootNames, nil)
  }

  /// The error for a record the scan refused.
  private static func failure(
    _ failure: JSONTreeScanner.Failure, base: Snapshot, field: JSONPointer,
    rootNames: [JSONString]?
  ) -> InputError {
    let position = TextPosition(offset: failure.offset, in: base.bytes)
    let path = Self.position(of: failure.path, rootNames: rootNames).text
    return InputError(
      "record \(path): \(field) \(failure.reason)", file: base.name,
      line: position.line, column: position.column)
  }

  /// Walks a tree whose children member is deeper than a record's own
  /// member, following the pointer in each record.
  private static func walk(
    _ base: Snapshot, roots: [Range<Int>], field: JSONPointer, rootNames: [JSONString]?
  ) throws -> JSONTreeScanner.Layout {
    var layout = JSONTreeScanner.Layout()
    let path = JSONKeyPath(segments: field.tokens)
    try base.bytes.withUnsafeBufferPointer { buffer in
      // Depth-first, with an explicit stack of pending sibling lists.
      var stack: [(parent: Int32, elements: [Range<Int>], next: Int)] = [(-1, roots, 0)]
      while !stack.isEmpty {
        let top = stack.count - 1
        guard stack[top].next < stack[top].elements.count else {
          stack.removeLast()
          continue
        }
        let range = stack[top].elements[stack[top].next]
        let node = Int32(layout.ranges.count)
        layout.siblingIndex.append(Int32(stack[top].next))
        stack[top].next += 1
        layout.ranges.append(range)
        layout.parents.append(stack[top].parent)
        layout.keyRanges.append(nil)
        let children = path.valueRange(in: buffer, record: range)
        layout.childrenRanges.append(children)
        guard let children else { continue }
        guard buffer[children.lowerBound] == UInt8(ascii: "[") else {
          let components = Self.components(node: Int(node), layout.parents, layout.siblingIndex)
          let path = Self.position(of: components, rootNames: rootNames).text
          let position = TextPosition(offset: range.lowerBound, in: buffer)
          throw InputError(
            "record \(path): \(field) is not an array (a tree nests its records in an array)",
            file: base.name, line: position.line, column: position.column)
        }
        let elements = JSONArrayElements.ranges(in: buffer, array: children)
        if !elements.isEmpty { stack.append((node, elements, 0)) }
      }
    }
    return layout
  }

  /// The subtrees of this tree with the bytes of subtrees of `other`
  /// (this tree's scan took them whole from `other`'s nodes), in
  /// preorder; empty when it took none from `other`.
  package func subtrees(sharedWith other: TreeSnapshot) -> [JSONTreeScanner.SharedSubtree] {
    sharedOrigin === other.origin ? sharedSubtrees : []
  }

  /// For each node of this tree, the node of `other` with its bytes when
  /// this tree's scan took it whole from `other`'s nodes (its subtree
  /// shared, `subtrees(sharedWith:)`): a pair with the same bytes, and so
  /// the same key whatever the key's pointer; `nil` when it took none.
  ///
  /// - Complexity: O(number of nodes).
  package func knownPartners(in other: TreeSnapshot) -> KnownMatches? {
    sharedOrigin === other.origin ? sharedPartners : nil
  }

  /// For each of `count` nodes, the node whose bytes it has by the
  /// `shared` subtrees, or -1; `nil` when there are none.
  private static func partners(of shared: [JSONTreeScanner.SharedSubtree], count: Int)
    -> KnownMatches?
  {
    guard !shared.isEmpty else { return nil }
    var partners = [Int32](repeating: -1, count: count)
    partners.withUnsafeMutableBufferPointer { partners in
      for subtree in shared {
        let (first, count) = (Int(subtree.first), Int(subtree.count))
        precondition(
          first >= 0 && count >= 0 && first + count <= partners.count, "a shared subtree")
        for offset in 0..<count { partners[first + offset] = subtree.source + Int32(offset) }
      }
    }
    return KnownMatches(partners)
  }

  /// For each node of this tree, the node of `other` whose own members
  /// (its bytes but its children array's) it has, when its scan took
  /// them from `other`'s nodes, else -1; empty when it took none.
  package func ownMemberSources(in other: TreeSnapshot) -> [Int32] {
    sharedOrigin === other.origin ? sharedHeadSources : []
  }

  /// For each of `count` nodes, the node whose own members it has by the
  /// shared `heads`, or -1; empty when there are none.
  private static func sources(of heads: [JSONTreeScanner.SharedHead], count: Int) -> [Int32] {
    guard !heads.isEmpty else { return [] }
    var sources = [Int32](repeating: -1, count: count)
    for head in heads { sources[Int(head.node)] = head.source }
    return sources
  }

  /// The number of nodes in the whole forest.
  package var count: Int { ranges.count }

  /// The children of `node` (-1: the roots), in order.
  package func children(of node: Int) -> ArraySlice<Int32> { shape.children(of: node) }

  /// The node's index path.
  package func path(of node: Int) -> TreeIndexPath {
    TreeIndexPath(Self.components(node: node, parents, siblingIndex))
  }

  /// Whether the roots are the members of a JSON object map.
  package var isObjectMap: Bool { rootNames != nil }

  /// Whether `node` is a root of a JSON object map (named by its member
  /// name, which is its identity).
  package func isNamedRoot(_ node: Int) -> Bool { rootNames != nil && parents[node] < 0 }

  /// A tree path as a diff document writes it: the indices, or for an
  /// object map the root's member name and the indices below it.
  package func position(of path: TreeIndexPath) -> DiffDocument.Position {
    Self.position(of: path.components, rootNames: rootNames)
  }

  /// The position of `node` as a diff document writes it.
  package func position(of node: Int) -> DiffDocument.Position { position(of: path(of: node)) }

  /// The node at `path`.
  ///
  /// - Precondition: `path` names a node.
  package func node(at path: TreeIndexPath) -> Int {
    var node = -1
    for component in path.components {
      precondition(component < shape.childCount(of: node), "no node at \(path)")
      node = shape.child(component, of: node)
    }
    return node
  }

  /// Where node `node` starts, as a line and column.
  package func textPosition(of node: Int) -> TextPosition {
    TextPosition(offset: ranges[node].lowerBound, in: base.bytes)
  }

  /// An error located at node `node`.
  package func error(_ message: String, at node: Int) -> InputError {
    let position = textPosition(of: node)
    return InputError(message, file: base.name, line: position.line, column: position.column)
  }

  /// The node's whole value, its nested records included.
  package func value(of node: Int) -> JSONValue {
    base.bytes.withUnsafeBufferPointer { buffer in
      do {
        return try JSONReader.parseValue(in: buffer, range: ranges[node])
      } catch {
        preconditionFailure("a scanned record did not parse: \(error)")
      }
    }
  }

  /// The node's own content, what its equality compares: its value with
  /// the children member emptied (`[]`) when it has one. The nested
  /// records are not part of it; whether the member is there is (the
  /// comparison counts it where one side has no children).
  ///
  /// - Complexity: O(size of the node without its children array) for a
  ///   children member that is a record's own member (the node's bytes
  ///   with `[]` in place of the array are parsed); O(size of the
  ///   subtree) for a deeper one.
  package func content(of node: Int) -> JSONValue {
    guard childrenRanges[node] != nil else { return value(of: node) }
    guard field.tokens.count == 1 else {
      var value = value(of: node)
      do {
        try value.replace(at: field, with: .array([]))
      } catch {
        preconditionFailure("a children member that was found is gone: \(error)")
      }
      return value
    }
    return withOwnText(of: node) { buffer, range in
      do {
        return try JSONReader.parseValue(in: buffer, range: range)
      } catch {
        preconditionFailure("a scanned record did not parse without its children: \(error)")
      }
    }!
  }

  /// Calls `body` with the node's own content as JSON text (what
  /// `content(of:)` parses): its bytes, with `[]` in place of its
  /// children array when it has one.
  ///
  /// - Returns: what `body` returns; `nil` for a children member deeper
  ///   than a record's own member (its own content is not one cut).
  /// - Complexity: O(size of the node without its children array).
  package func withOwnText<Result>(
    of node: Int, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Result
  ) -> Result? {
    ownText(of: node).with(body)
  }

  /// Where node `node`'s own content is (`withOwnText(of:_:)`), to be
  /// read without holding the snapshot.
  package func ownText(of node: Int) -> OwnText {
    OwnText(
      bytes: base.bytes, range: ranges[node], children: childrenRanges[node],
      deep: field.tokens.count != 1)
  }

  /// A node's own content as JSON text: its bytes, with `[]` in place of
  /// its children array when it has one (`ownText(of:)`).
  package struct OwnText {
    /// The snapshot's bytes.
    let bytes: SourceBytes
    /// The node's bytes.
    let range: Range<Int>
    /// Its children array's, if any.
    let children: Range<Int>?
    /// Whether the children member is deeper than the node's own member.
    let deep: Bool

    /// Calls `body` with the text and its range in it; `nil` for a node
    /// with children under a deeper children member.
    package func with<Result>(_ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Result)
      -> Result?
    {
      let range = range
      guard let children else { return bytes.withUnsafeBufferPointer { body($0, range) } }
      guard !deep else { return nil }
      // The scan refused a record with two children members, so the one
      // array it found is the member's value.
      var own = [UInt8]()
      own.reserveCapacity(range.count - children.count + 2)
      bytes.withUnsafeBufferPointer { bytes in
        own += UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<children.lowerBound])
        own += [UInt8(ascii: "["), UInt8(ascii: "]")]
        own += UnsafeBufferPointer(rebasing: bytes[children.upperBound..<range.upperBound])
      }
      return own.withUnsafeBufferPointer { body($0, 0..<$0.count) }
    }
  }

  /// The node's own fields, for people: its value without the children
  /// member.
  package func ownFields(of node: Int) -> JSONValue {
    content(of: node).removing(paths: [field.tokens])
  }

  private static func position(of components: [Int], rootNames: [JSONString]?)
    -> DiffDocument.Position
  {
    guard let rootNames, let first = components.first else { return .path(components) }
    return .namedPath(rootNames[first], Array(components.dropFirst()))
  }

  fileprivate static func components(node: Int, _ parents: [Int32], _ siblingIndex: [Int32])
    -> [Int]
  {
    var components: [Int] = []
    var node = node
    while node >= 0 {
      components.append(Int(siblingIndex[node]))
      node = Int(parents[node])
    }
    return components.reversed()
  }
}
