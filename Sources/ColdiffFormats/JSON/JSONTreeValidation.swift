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

  /// The captures of chunks scanned one after another, joined: the nodes
  /// and root indices of each numbered after those of the chunks before
  /// it, the first failure kept.
  ///
  /// - Parameter parts: the chunks' indexes, each with its capture,
  ///   which is taken out (its memory freed as it is joined).
  /// - Returns: `nil` when a part has none.
  static func joining(_ parts: inout [JSONCollectionIndex]) -> Self? {
    guard let first = parts.first?.tree, parts.allSatisfy({ $0.tree != nil }) else { return nil }
    var layouts: [JSONTreeScanner.Layout] = []
    var rootsBefore: [Int] = []
    var roots = 0
    for part in parts.indices {
      let result = parts[part].tree!.result
      parts[part].tree = nil
      switch result {
      case .failure(var failure):
        failure.path[0] += roots
        return Self(children: first.children, key: first.key, result: .failure(failure))
      case .success(let layout):
        layouts.append(layout)
        rootsBefore.append(roots)
      }
      roots += parts[part].count
    }
    return Self(
      children: first.children, key: first.key,
      result: .success(JSONTreeScanner.Layout(joining: &layouts, rootsBefore: rootsBefore)))
  }
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
    failure = JSONTreeScanner.Failure(record: node, in: builder.layout, reason: reason)
  }

  /// The layout, or the first refusal; `nil` when none was laid out.
  mutating func finish() -> JSONTreeCapture? {
    guard active else { return nil }
    return JSONTreeCapture(
      children: children.bytes, key: key?.bytes,
      result: failure.map { .failure($0) } ?? .success(builder.finish()))
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
    // About 200 bytes a record; the arrays grow past it when needed.
    tree.builder = TreeLayoutBuilder(
      estimate: (min(limit, lexer.end) - lexer.position) / 200, keyed: treeNames.key != nil)
  }

  /// Notes that the record at `start` was taken whole as OLD's record
  /// `record`: the tree being laid out gets that root's subtree, copied
  /// from `nodes`.
  ///
  /// - Precondition: `nodes` holds OLD's roots when the tree is active
  ///   (`takesKnownRoot`).
  mutating func copyKnownRoot(_ record: Int, at start: Int) {
    guard tree.active else { return }
    let sibling = tree.roots
    tree.roots += 1
    guard tree.building, let nodes else { return }
    _ = tree.builder.copy(
      Int(nodes.roots[record]), of: nodes, at: start, parent: -1, sibling: sibling)
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
    if node >= 0 { tree.builder.layout.ranges[node] = start..<lexer.position }
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
      tree.builder.layout.ranges[node] = start..<lexer.position
    }
    return found
  }

  /// The members of the object whose first member is at `lexer.position`,
  /// up to and including its `}`; see `skipNode`.
  private mutating func skipMembers(depth: Int, level: Int, node: Int) throws(InputError)
    -> Range<Int>?
  {
    let key = level == 0 ? recordKey : nil
    let treeKey = node >= 0 ? tree.key : nil
    var found: Range<Int>?
    while true {
      // A member, read as `skipValue` reads it.
      lexer.skipWhitespace()
      guard lexer.position < lexer.end, lexer.current == UInt8(ascii: "\"") else {
        throw lexer.unexpected("expected a member name in double quotes")
      }
      let nameStart = lexer.position + 1
      let escaped = try lexer.scanString()
      let name = nameStart..<(lexer.position - 1)
      if lexer.position < lexer.end && lexer.current == UInt8(ascii: ":") {
        lexer.position += 1
      } else {
        lexer.skipWhitespace()
        try lexer.expect(UInt8(ascii: ":"), "expected ':' after member name")
      }
      lexer.skipWhitespace()
      let value = lexer.position
      let isChildren = lexer.isName(name, escaped: escaped, tree.children)
      if isChildren, node >= 0, tree.failure == nil, tree.builder.layout.childrenRanges[node] != nil
      {
        tree.refuse(node, "has two members named the children member")
      }
      if isChildren, value < lexer.end, lexer.current == UInt8(ascii: "[") {
        try skipChildren(depth: depth + 1, level: level + 1, node: node)
      } else {
        if isChildren {
          tree.refuse(node, "is not an array (a tree nests its records in an array)")
        }
        try lexer.skipMemberValue(depth: depth + 1, stack: &stack)
      }
      if let key, lexer.isName(name, escaped: escaped, key) { found = value..<lexer.position }
      if let treeKey, !isChildren, tree.failure == nil,
        lexer.isName(name, escaped: escaped, treeKey)
      {
        tree.builder.noteKey(node: node, range: value..<lexer.position, in: lexer.bytes)
      }
      if try lexer.closes(UInt8(ascii: "}")) { return found }
    }
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
    if node >= 0, tree.failure == nil { tree.builder.layout.childrenRanges[node] = start..<start }
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
      tree.builder.layout.childrenRanges[node] = start..<lexer.position
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
    if let nodes, let node = nodes.find(in: lexer.bytes, at: start, hint: &hint),
      nodes.levels[node] >= level
    {
      // As deep in OLD or deeper: within the nesting limit here too.
      lastKnownNode = hint
      if parent >= 0, tree.building {
        lexer.position = tree.builder.copy(
          node, of: nodes, at: start, parent: parent, sibling: sibling)
      } else {
        lexer.position = start + nodes.layout.ranges[node].count
      }
    } else if lexer.current == UInt8(ascii: "{") {
      _ = try skipNode(depth: depth, level: level, parent: parent, sibling: sibling)
    } else {
      try lexer.skipValue(depth: depth, stack: &stack)
      let node = parent >= 0 ? tree.begin(at: start, parent: parent, sibling: sibling) : -1
      if node >= 0 { tree.builder.layout.ranges[node] = start..<lexer.position }
    }
  }
}

extension JSONLexer {
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
