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
package struct JSONKnownNodes: Sendable {
  /// The nodes, found by their prefixes: every node is in the table, and
  /// the window after the last one found covers a changed record's first
  /// children (in preorder, a node's first child follows it).
  let records: KnownRecords
  /// OLD's layout, whose subtrees are copied.
  let layout: JSONTreeScanner.Layout
  /// Where each node's subtree ends in preorder (exclusive).
  let subtreeEnds: [Int32]
  /// Each node's depth in its tree, 0 for a root.
  let levels: [Int32]
  /// OLD's form.
  let form: InputForm
  /// The children member's name.
  let children: [UInt8]
  /// The key member whose canonical bytes the layout holds, if any.
  let key: [UInt8]?

  /// Indexes OLD's nodes by their prefixes.
  ///
  /// - Parameters:
  ///   - bytes: OLD's bytes, as scanned; they must stay valid while this
  ///     is used.
  ///   - form: OLD's form (`.jsonArray`, `.jsonObject` or `.jsonLines`).
  ///   - layout: what the tree scan of `bytes` found.
  ///   - children: the children member's name it was scanned with.
  ///   - key: the key member's name it was scanned with.
  /// - Complexity: O(number of nodes).
  package init(
    bytes: UnsafeBufferPointer<UInt8>, form: InputForm, layout: JSONTreeScanner.Layout,
    children: [UInt8], key: [UInt8]?
  ) {
    records = KnownRecords(
      bytes: bytes, starts: layout.ranges.map(\.lowerBound), ends: layout.ranges.map(\.upperBound),
      window: 8, sampling: 1)
    self.layout = layout
    self.form = form
    self.children = children
    self.key = key
    let count = layout.parents.count
    var ends = [Int32](repeating: 0, count: count)
    for node in stride(from: count - 1, through: 0, by: -1) {
      // A node's subtree ends where its last child's does.
      if ends[node] == 0 { ends[node] = Int32(node + 1) }
      let parent = Int(layout.parents[node])
      if parent >= 0 && ends[parent] == 0 { ends[parent] = ends[node] }
    }
    subtreeEnds = ends
    var levels = [Int32](repeating: 0, count: count)
    for node in 0..<count where layout.parents[node] >= 0 {
      levels[node] = levels[Int(layout.parents[node])] + 1
    }
    self.levels = levels
  }

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
}

extension Scanner {
  /// The object at `lexer.position` (a record or a nested record of a
  /// tree) validated as `JSONLexer.skipValue` does, byte for byte and with
  /// the same errors, except that each element of its children array that
  /// has the same bytes as a node of OLD at the same depth or deeper is
  /// taken whole; `lexer.position` is left after the object.
  ///
  /// - Parameters:
  ///   - depth: how many containers enclose the object.
  ///   - level: the object's depth in its tree (0 for a record, whose key
  ///     member is noted).
  ///   - nodes: OLD's nodes.
  /// - Returns: the range of the key member's value (the last one) of a
  ///   record, or `nil`.
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  mutating func skipNode(depth: Int, level: Int, _ nodes: JSONKnownNodes) throws(InputError)
    -> Range<Int>?
  {
    try lexer.enterNested(depth: depth)
    lexer.skipWhitespace()
    if !lexer.atEnd, lexer.current == UInt8(ascii: "}") {
      lexer.position += 1
      return nil
    }
    let key = level == 0 ? keyName : nil
    var found: Range<Int>?
    while true {
      // A member, read as `skipValue` reads it.
      lexer.skipWhitespace()
      guard lexer.position < lexer.end, lexer.current == UInt8(ascii: "\"") else {
        throw lexer.unexpected("expected a member name in double quotes")
      }
      let name = (lexer.position + 1)..<(try lexer.skipString())
      if lexer.position < lexer.end && lexer.current == UInt8(ascii: ":") {
        lexer.position += 1
      } else {
        lexer.skipWhitespace()
        try lexer.expect(UInt8(ascii: ":"), "expected ':' after member name")
      }
      lexer.skipWhitespace()
      let value = lexer.position
      if lexer.position < lexer.end, lexer.current == UInt8(ascii: "["),
        JSONText.string(lexer.bytes, range: name, equals: nodes.children)
      {
        try skipChildren(depth: depth + 1, level: level + 1, nodes)
      } else {
        try lexer.skipValue(depth: depth + 1, stack: &stack)
      }
      if let key, JSONText.string(lexer.bytes, range: name, equals: key) {
        found = value..<lexer.position
      }
      if try lexer.closes(UInt8(ascii: "}")) { return found }
    }
  }

  /// The children array at `lexer.position` validated as
  /// `JSONLexer.skipValue` does, its elements that OLD has taken whole.
  ///
  /// - Parameters:
  ///   - depth: how many containers enclose the array.
  ///   - level: the depth of its elements in their tree.
  ///   - nodes: OLD's nodes.
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  private mutating func skipChildren(depth: Int, level: Int, _ nodes: JSONKnownNodes)
    throws(InputError)
  {
    try lexer.enterNested(depth: depth)
    lexer.skipWhitespace()
    if !lexer.atEnd, lexer.current == UInt8(ascii: "]") {
      lexer.position += 1
      return
    }
    while true {
      lexer.skipWhitespace()
      guard lexer.position < lexer.end else { throw lexer.unexpected("expected a value") }
      let start = lexer.position
      var hint = lastKnownNode
      if let node = nodes.find(in: lexer.bytes, at: start, hint: &hint),
        nodes.levels[node] >= level
      {
        // As deep in OLD or deeper: within the nesting limit here too.
        lastKnownNode = hint
        lexer.position = start + nodes.layout.ranges[node].count
      } else if lexer.current == UInt8(ascii: "{") {
        _ = try skipNode(depth: depth + 1, level: level, nodes)
      } else {
        try lexer.skipValue(depth: depth + 1, stack: &stack)
      }
      if try lexer.closes(UInt8(ascii: "]")) { return }
    }
  }
}

extension JSONLexer {
  /// Validates the string at `position` as `skipValue` does a member
  /// name.
  ///
  /// - Returns: the position of its closing quote.
  @inline(__always)
  fileprivate mutating func skipString() throws(InputError) -> Int {
    _ = try scanString()
    return position - 1
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
