import Glibc

/// The member names a validating scan lays a tree out by (`coldiff
/// --tree` with a children member that is a record's own member).
package struct JSONTreeNames: Sendable, Equatable {
  /// The children member's name.
  package let children: [UInt8]
  /// The key member whose value's range and canonical bytes to note.
  package let key: [UInt8]?

  /// Names a tree's members.
  package init(children: [UInt8], key: [UInt8]?) {
    self.children = children
    self.key = key
  }
}

/// A tree's layout made by the validating scan of its collection (`coldiff
/// --tree`: OLD's), so that no second pass walks its bytes: what
/// `JSONTreeScanner.scan` finds for the records in order, or the first
/// record it would refuse.
package struct JSONTreeCapture: Sendable, Equatable {
  /// The children member's name.
  package let children: [UInt8]
  /// The key member whose value's range and canonical bytes are noted.
  package let key: [UInt8]?
  /// The layout, or the first failure in preorder.
  package var result: Result<JSONTreeScanner.Layout, JSONTreeScanner.Failure>
}

/// A member name the tree's validating scan looks for, with its first
/// eight bytes as a little-endian word, so that most names are compared
/// in one load without touching the array.
struct MemberName {
  let bytes: [UInt8]
  /// The name's bytes (up to eight), in the low bytes.
  let word: UInt64
  /// Ones over the bytes `word` holds.
  let mask: UInt64
  let count: Int

  init(_ name: [UInt8]) {
    bytes = name
    count = name.count
    var word: UInt64 = 0
    for (offset, byte) in name.prefix(8).enumerated() { word |= UInt64(byte) << (offset * 8) }
    self.word = word
    mask = name.count >= 8 ? ~0 : (1 << (name.count * 8)) - 1
  }
}

/// The tree being laid out by one validating scan (of a whole input or
/// of a chunk), held by the scanner without an optional around it (the
/// scan's inner loop reads it for every member).
struct TreeBuild {
  /// Whether a tree is laid out.
  var active = false
  /// The children member's name (OLD's nodes' when they are taken whole
  /// instead).
  var children = MemberName([])
  /// The key member whose value is noted, if any.
  var key: MemberName?
  var builder = TreeLayoutBuilder(estimate: 0, keyed: false)
  /// The layout the builder copies subtrees from (OLD's nodes'), lent to
  /// each copy.
  var source = CopySource()
  /// The first record the tree scan would refuse; nothing more is laid
  /// out after it.
  var failure: JSONTreeScanner.Failure?
  /// How many records (roots) were laid out.
  var roots = 0

  /// Whether nodes are being laid out (none after a refusal).
  var building: Bool { active && failure == nil }

  /// A node starting at `start`, or -1 when none is laid out.
  @inline(__always)
  mutating func begin(at start: Int, parent: Int, sibling: Int) -> Int {
    building ? builder.begin(at: start, parent: parent, sibling: sibling) : -1
  }

  /// Notes that node `node` is refused (the first refusal counts).
  mutating func refuse(_ node: Int, _ reason: String) {
    guard node >= 0, failure == nil else { return }
    failure = builder.failure(node, reason)
  }

  /// The layout, or the first refusal; `nil` when none was laid out.
  mutating func finish() -> JSONTreeCapture? {
    guard active else { return nil }
    return JSONTreeCapture(
      children: children.bytes, key: key?.bytes,
      result: failure.map { .failure($0) } ?? .success(builder.finish()))
  }

  /// What a chunk's scan laid out, for `JSONTreeJoin` to append to the
  /// layout of the chunks before it; `nil` when none was laid out.
  mutating func finishPart() -> JSONTreeJoin.Part? {
    guard active else { return nil }
    return JSONTreeJoin.Part(
      children: children.bytes, key: key?.bytes,
      result: failure.map { .failure($0) } ?? .success(builder))
  }
}

extension Scanner {
  /// Starts laying out the tree of the records that start before `limit`
  /// from here, when asked to.
  mutating func startTree(before limit: Int) {
    guard let treeNames else { return }
    tree.active = true
    tree.children = MemberName(treeNames.children)
    tree.key = treeNames.key.map(MemberName.init)
    quickTreeNames = QuickTreeNames(
      children: QuickKey(treeNames.children), recordKey: quickKey, treeKey: QuickKey(treeNames.key))
    // A record for every 160 bytes, more than most trees have (a chunk
    // ends after the record it is in at its limit, so it may hold more
    // than its share); the arrays grow past it when needed, and the
    // memory of rows never written is never touched.
    tree.builder = TreeLayoutBuilder(
      estimate: (min(limit, lexer.end) - lexer.position) / 160, keyed: treeNames.key != nil,
      copyingFrom: nodes)
    tree.source = nodes.map(CopySource.init) ?? CopySource()
  }

  /// Notes that the record at `start` was taken whole as OLD's record
  /// `record`: the tree being laid out gets that root's subtree, copied
  /// from `nodes`.
  ///
  /// - Precondition: the tree is active, and `nodes` holds OLD's roots
  ///   (`takesKnownRoot`).
  mutating func copyKnownRoot(_ record: Int, at start: Int) {
    let sibling = tree.roots
    tree.roots += 1
    guard tree.building, let nodes else { return }
    _ = tree.builder.copy(
      Int(nodes.roots[record]), from: tree.source, at: start, parent: -1, sibling: sibling)
  }

  /// Whether OLD's record `record` may be taken whole: always, unless a
  /// tree is laid out and `nodes` cannot give that root's layout.
  @inline(__always)
  func takesKnownRoot(_ record: Int) -> Bool {
    !tree.active || record < nodes?.roots.count ?? 0
  }

  /// The record at `lexer.position` validated as `JSONLexer.skipValue`
  /// does, byte for byte and with the same errors, while its tree is laid
  /// out (`tree`) or its nested records OLD has are taken whole (`nodes`).
  ///
  /// - Parameter depth: how many containers enclose the record.
  /// - Returns: the range of the key member's value (the last one), or
  ///   `nil`.
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  mutating func skipTreeRecord(depth: Int) throws(InputError) -> Range<Int>? {
    let sibling = tree.roots
    tree.roots += 1
    let start = lexer.position
    if start < lexer.end, lexer.current == UInt8(ascii: "{") {
      return try skipNode(depth: depth, level: 0, parent: -1, sibling: sibling)
    }
    let key = try lexer.skipValue(depth: depth, stack: &stack, capturing: keyName)
    let node = tree.begin(at: start, parent: -1, sibling: sibling)
    if node >= 0 { tree.builder.setRange(node, start..<lexer.position) }
    return key
  }

  /// The object at `lexer.position` (a record or a nested record of a
  /// tree) validated as `JSONLexer.skipValue` does, byte for byte and with
  /// the same errors; laid out as node number `sibling` under `parent`
  /// when `tree` is being laid out; each element of its children array
  /// that has the same bytes as one of `nodes` at the same depth or
  /// deeper taken whole. `lexer.position` is left after the object.
  ///
  /// - Parameters:
  ///   - depth: how many containers enclose the object.
  ///   - level: the object's depth in its tree (0 for a record, whose key
  ///     member is noted).
  ///   - parent: its parent node (-1 for a record, or when nothing is
  ///     laid out).
  ///   - sibling: its index among its siblings.
  /// - Returns: the range of the key member's value (the last one) of a
  ///   record, or `nil`.
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  mutating func skipNode(depth: Int, level: Int, parent: Int, sibling: Int) throws(InputError)
    -> Range<Int>?
  {
    let start = lexer.position
    let node = tree.begin(at: start, parent: parent, sibling: sibling)
    try lexer.enterNested(depth: depth)
    lexer.skipWhitespace()
    var found: Range<Int>?
    if !lexer.atEnd, lexer.current == UInt8(ascii: "}") {
      lexer.position += 1
    } else {
      found = try skipMembers(depth: depth, level: level, node: node)
    }
    if node >= 0, tree.failure == nil {
      tree.builder.end(node, start..<lexer.position, in: lexer.bytes)
    }
    return found
  }

  /// The nested object at `lexer.position`, whose head (its bytes
  /// before its children array) is that of OLD's node `head` (`length`
  /// bytes), as deep or deeper (one whose children changed, its own
  /// members not), read as `skipNode` reads it: the head taken as OLD's
  /// (valid, its key member where OLD's is), the rest read, and the node
  /// noted as sharing OLD's own members when its tail is OLD's too. OLD's
  /// node is then where the next ones are looked for.
  ///
  /// - Precondition: the tree is being laid out, and `head` is as deep
  ///   in OLD as the object (`level`) or deeper.
  @inline(never)
  private mutating func skipNode(
    withOldHead head: Int, length: Int, depth: Int, level: Int, parent: Int, sibling: Int
  ) throws(InputError) {
    let start = lexer.position
    lastKnownNode = head
    let node = tree.begin(at: start, parent: parent, sibling: sibling)
    try lexer.enterNested(depth: depth)
    let shift = start - nodeFinder!.records.starts[head]
    if let key = nodeFinder?.keyRanges[head], tree.failure == nil {
      tree.builder.noteKey(
        row: node, range: (key.lowerBound + shift)..<(key.upperBound + shift), in: lexer.bytes)
    }
    lexer.position = start + length
    _ = try skipMembers(depth: depth, level: level, node: node, atChildren: true)
    guard tree.failure == nil else { return }
    tree.builder.end(node, start..<lexer.position, in: lexer.bytes)
    let tail = tree.builder.childrenRange(node)!.upperBound..<lexer.position
    if nodeFinder?.hasTail(head, tail, in: lexer.bytes) == true {
      tree.builder.noteSharedHead(node, source: head, of: tree.source.origin)
    }
  }

  /// The members of the object whose first member is at `lexer.position`,
  /// up to and including its `}`; see `skipNode`.
  ///
  /// The members up to the children member (or the end of the object) are
  /// first given to `JSONLexer.quickMembers`, which takes most in one
  /// tight loop; what it gives up on (every error among them) is read
  /// again from where it started by the token loop (`membersByTokens`),
  /// which makes the error.
  private mutating func skipMembers(
    depth: Int, level: Int, node: Int, atChildren: Bool = false
  ) throws(InputError) -> Range<Int>? {
    let key = level == 0 ? recordKey : nil
    var found: Range<Int>?
    // At the children member's value already: a head taken as OLD's.
    var atChildren = atChildren
    while true {
      var stop = QuickMembersStop()
      if atChildren {
        atChildren = false
      } else {
        stop = try members(depth: depth, level: level, node: node, recordKey: key)
        if let range = stop.recordKey { found = range }
        lexer.position = stop.position
        guard stop.atChildren else { return found }
      }
      // The children member.
      let value = lexer.position
      if node >= 0, tree.failure == nil, tree.builder.childrenRange(node) != nil {
        tree.refuse(node, "has two members named the children member")
      }
      if value < lexer.end, lexer.current == UInt8(ascii: "[") {
        try skipChildren(depth: depth + 1, level: level + 1, node: node)
      } else {
        tree.refuse(node, "is not an array (a tree nests its records in an array)")
        try lexer.skipMemberValue(depth: depth + 1, stack: &stack)
      }
      if let key, lexer.isName(stop.name, escaped: stop.escaped, key) {
        found = value..<lexer.position
      }
      if try lexer.closes(UInt8(ascii: "}")) { return found }
    }
  }

  /// The members from `lexer.position` up to the children member or the
  /// end of the object (`quickMembers`, or the token loop where it gives
  /// up), their tree key noted; where they stop.
  @inline(__always)
  private mutating func members(depth: Int, level: Int, node: Int, recordKey key: MemberName?)
    throws(InputError) -> QuickMembersStop
  {
    var stop = QuickMembersStop()
    let wanted = (level == 0 ? 1 : 0) | (node >= 0 ? 2 : 0)
    if triesQuickMembers,
      lexer.quickMembers(depth: depth, names: quickTreeNames, wanted: wanted, stop: &stop) >= 0
    {
      if let range = stop.treeKey, tree.failure == nil {
        tree.builder.noteKey(row: node, range: range, in: lexer.bytes)
      }
      return stop
    }
    let read = try lexer.membersByTokens(
      depth: depth, children: tree.children, recordKey: key,
      treeKey: node >= 0 ? tree.key : nil, stack: &stack)
    for range in read.treeKeys where tree.failure == nil {
      tree.builder.noteKey(row: node, range: range, in: lexer.bytes)
    }
    return read.stop
  }

  /// The children array at `lexer.position` of node `node` validated as
  /// `JSONLexer.skipValue` does, its elements laid out or taken whole.
  ///
  /// - Parameters:
  ///   - depth: how many containers enclose the array.
  ///   - level: the depth of its elements in their tree.
  ///   - node: the node whose children these are, or -1.
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  private mutating func skipChildren(depth: Int, level: Int, node: Int) throws(InputError) {
    let start = lexer.position
    if node >= 0, tree.failure == nil { tree.builder.setChildrenRange(node, start..<start) }
    try lexer.enterNested(depth: depth)
    lexer.skipWhitespace()
    var count = 0
    if !lexer.atEnd, lexer.current == UInt8(ascii: "]") {
      lexer.position += 1
    } else {
      while true {
        try skipChild(depth: depth + 1, level: level, parent: node, sibling: count)
        count += 1
        if try lexer.closes(UInt8(ascii: "]")) { break }
      }
    }
    if node >= 0, tree.failure == nil {
      tree.builder.setChildrenRange(node, start..<lexer.position)
    }
  }

  /// One element of a children array; see `skipChildren`. An element
  /// taken whole has its subtree's layout copied from `nodes` when the
  /// tree is being laid out.
  private mutating func skipChild(depth: Int, level: Int, parent: Int, sibling: Int)
    throws(InputError)
  {
    lexer.skipWhitespace()
    guard lexer.position < lexer.end else { throw lexer.unexpected("expected a value") }
    let start = lexer.position
    var hint = lastKnownNode
    let building = parent >= 0 && tree.building
    // (The finder read in place: a copy would count references to the
    // arrays that the scans on other cores read too, for every child.)
    let found = nodeFinder?.lookUp(in: lexer.bytes, at: start, hint: &hint, heads: building)
    // As deep in OLD or deeper: within the nesting limit here too.
    if case .node(let node)? = found, let levels = nodeFinder?.levels[node], levels >= level {
      lastKnownNode = hint
      if building {
        lexer.position = tree.builder.copy(
          node, from: tree.source, at: start, parent: parent, sibling: sibling)
      } else {
        lexer.position = start + (nodeFinder?.length(of: node) ?? 0)
      }
    } else if case .head(let head, let length)? = found, let levels = nodeFinder?.levels[head],
      levels >= level
    {
      try skipNode(
        withOldHead: head, length: length, depth: depth, level: level, parent: parent,
        sibling: sibling)
    } else if lexer.current == UInt8(ascii: "{") {
      _ = try skipNode(depth: depth, level: level, parent: parent, sibling: sibling)
    } else {
      try lexer.skipValue(depth: depth, stack: &stack)
      let node = parent >= 0 ? tree.begin(at: start, parent: parent, sibling: sibling) : -1
      if node >= 0 { tree.builder.setRange(node, start..<lexer.position) }
    }
  }
}

extension JSONLexer {
  /// Validates the members of a tree node from `position` (at its first
  /// member, or just after the `,` after a member) token by token, up to
  /// the value of the next member named `children` or to the end of the
  /// node; see `quickMembers`, which stands in front of it.
  ///
  /// - Parameters:
  ///   - depth: how many containers enclose the node.
  ///   - children: the children member's name.
  ///   - recordKey: the member name whose last value to note, if any.
  ///   - treeKey: the member name whose values to note, if any.
  ///   - stack: scratch space for `skipValue`.
  /// - Returns: where it stopped (`position` is left there) with the
  ///   record key noted, and the values of the members named `treeKey`
  ///   in order.
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  mutating func membersByTokens(
    depth: Int, children: MemberName, recordKey: MemberName?, treeKey: MemberName?,
    stack: inout [Bool]
  ) throws(InputError) -> (stop: QuickMembersStop, treeKeys: [Range<Int>]) {
    var stop = QuickMembersStop()
    var treeKeys: [Range<Int>] = []
    while true {
      // A member, read as `skipValue` reads it.
      skipWhitespace()
      guard position < end, current == UInt8(ascii: "\"") else {
        throw unexpected("expected a member name in double quotes")
      }
      let nameStart = position + 1
      let escaped = try scanString()
      let name = nameStart..<(position - 1)
      if position < end && current == UInt8(ascii: ":") {
        position += 1
      } else {
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "expected ':' after member name")
      }
      skipWhitespace()
      let value = position
      if isName(name, escaped: escaped, children) {
        stop.position = value
        stop.atChildren = true
        stop.name = name
        stop.escaped = escaped
        return (stop, treeKeys)
      }
      try skipMemberValue(depth: depth + 1, stack: &stack)
      if let recordKey, isName(name, escaped: escaped, recordKey) {
        stop.recordKey = value..<position
      }
      if let treeKey, isName(name, escaped: escaped, treeKey) {
        treeKeys.append(value..<position)
      }
      if try closes(UInt8(ascii: "}")) {
        stop.position = position
        return (stop, treeKeys)
      }
    }
  }

  /// Validates the value of a member at `position` as `skipValue` does
  /// (a string, number or literal read straight).
  ///
  /// - Parameters:
  ///   - depth: how many containers enclose the value.
  ///   - stack: scratch space for `skipValue`.
  @inline(__always)
  fileprivate mutating func skipMemberValue(depth: Int, stack: inout [Bool]) throws(InputError) {
    guard position < end else {
      try skipValue(depth: depth, stack: &stack)
      return
    }
    switch bytes[position] {
    case UInt8(ascii: "\""): _ = try scanString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): _ = try scanLiteral()
    default: try skipValue(depth: depth, stack: &stack)
    }
  }

  /// Whether the member name at `range` (inside its quotes) decodes to
  /// `wanted`; `escaped`: whether it holds an escape.
  @inline(__always)
  fileprivate func isName(_ range: Range<Int>, escaped: Bool, _ wanted: MemberName) -> Bool {
    if escaped { return JSONText.string(bytes, range: range, equals: wanted.bytes) }
    guard range.count == wanted.count else { return false }
    let base = UnsafeRawPointer(bytes.baseAddress!)
    if range.count <= 8 && range.lowerBound + 8 <= bytes.count {
      let word = base.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self)
      return word & wanted.mask == wanted.word
    }
    return wanted.bytes.withUnsafeBufferPointer {
      $0.isEmpty || memcmp(base + range.lowerBound, $0.baseAddress!, $0.count) == 0
    }
  }

  /// After an element or member of an array or object (`closing`: `]` or
  /// `}`): steps over the `,` before the next one and returns false, or
  /// over the closing bracket and returns true, as `skipValue` does.
  ///
  /// - Throws: `InputError` for anything else.
  @inline(__always)
  fileprivate mutating func closes(_ closing: UInt8) throws(InputError) -> Bool {
    if position < end && bytes[position] == UInt8(ascii: ",") {
      position += 1
      return false
    }
    skipWhitespace()
    let isObject = closing == UInt8(ascii: "}")
    guard !atEnd else { throw unexpectedAfterElement(isObject) }
    if bytes[position] == UInt8(ascii: ",") {
      position += 1
      return false
    }
    guard bytes[position] == closing else { throw unexpectedAfterElement(isObject) }
    position += 1
    return true
  }
}
