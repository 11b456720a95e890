/// Finds the records of a JSON collection in one validating pass, without
/// building values (the command line's hot path, DESIGN §2).
///
/// The whole input is validated as strictly as `JSONReader` does, with the
/// same messages and limits, so any record's range can later be read with
/// `JSONReader.parseValue(in:range:)` or searched with `JSONKeyPath`.
public enum JSONCollectionScanner {
  /// Scans a collection.
  ///
  /// - Parameters:
  ///   - bytes: the whole input.
  ///   - form: what is known of the form: `.jsonArray` or `.jsonObject`
  ///     demands one; `.jsonLines` reads JSON Lines (an empty input is an
  ///     empty collection); `.jsonObjectOrLines` (standard input, other
  ///     extensions, SPEC §7.15) reads a document starting with `{` or `[`
  ///     as JSON Lines when another value follows the first, else as an
  ///     object or array, and a scalar followed by more values as JSON
  ///     Lines (an empty input or a lone scalar is "not a collection").
  ///     Not `.csv` or `.tsv`.
  ///   - keyName: a member name (decoded) whose value's range to note for
  ///     each record that is an object, in the same pass (the key of
  ///     `--key NAME` or the default `id`).
  /// - Returns: the form and the records' positions.
  /// - Throws: `InputError` for malformed input, for "not a collection"
  ///   (an empty document or a top-level scalar, SPEC §7.11), and for a
  ///   form other than the one `form` demands.
  /// - Complexity: O(n), no allocation per record beyond the index's
  ///   arrays.
  public static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, as form: InputForm, keyName: [UInt8]? = nil
  ) throws(InputError) -> JSONCollectionIndex {
    try scan(bytes, as: form, keyName: keyName, chunking: .automatic)
  }

  /// Scans a collection, a large one in chunks on every core
  /// (`ScanChunking`); see `scan(_:as:keyName:)`. The result and the
  /// first error are those of a scan of the whole input on one thread.
  ///
  /// - Parameters:
  ///   - bytes: the whole input.
  ///   - form: what is known of the form.
  ///   - keyName: a member name whose value's range to note per record.
  ///   - chunking: how a large input is cut (tests force small chunks).
  ///   - known: the records of another input scanned with the same key
  ///     name, taken whole where they occur again (`JSONKnownRecords`).
  ///   - nodes: the nested records of another input read as a tree,
  ///     taken whole where they occur again inside a record that is not
  ///     (`JSONKnownNodes`).
  ///   - tree: the names to lay the records out as a tree by while they
  ///     are validated (`JSONCollectionIndex.tree`; not for an object
  ///     map, whose roots a tree orders by name); with `nodes` scanned
  ///     with the same names, the subtrees taken whole have their
  ///     layouts copied (`JSONTreeScanner.Layout.sharedSubtrees`), and
  ///     with other names `nodes` are not used.
  ///   - longestRecord: the most bytes a record takes
  ///     (`JSONCollectionIndex.longestRecord`; tests ask for fewer).
  /// - Returns: the form and the records' positions.
  /// - Throws: `InputError`, as `scan(_:as:keyName:)`, and at the start of
  ///   a record longer than `longestRecord`.
  package static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, as form: InputForm, keyName: [UInt8]?,
    chunking: ScanChunking, known: JSONKnownRecords? = nil, nodes: JSONKnownNodes? = nil,
    tree: JSONTreeNames? = nil, longestRecord: Int = JSONCollectionIndex.longestRecord
  ) throws(InputError) -> JSONCollectionIndex {
    var scanner = Scanner(
      bytes: bytes, keyName: keyName, chunking: chunking, known: known, nodes: nodes, tree: tree)
    scanner.longestRecord = longestRecord
    var index: JSONCollectionIndex
    switch form {
    case .jsonLines: index = try scanner.scanLines()
    case .jsonArray: index = try scanner.scanDocument(expecting: .jsonArray)
    case .jsonObject: index = try scanner.scanDocument(expecting: .jsonObject)
    case .csv, .tsv: preconditionFailure("a table is not scanned as JSON")
    case .jsonObjectOrLines:
      let isLines = try scanner.followsAnotherValue()
      var rescanner = Scanner(
        bytes: bytes, keyName: keyName, chunking: chunking, known: known, nodes: nodes, tree: tree)
      rescanner.longestRecord = longestRecord
      index = try isLines ? rescanner.scanLines() : rescanner.scanDocument(expecting: nil)
    }
    index.keysLeftToPartners = scanner.leavesKnownKeys && !index.knownPartners.isEmpty
    return index
  }

  /// Scans a collection held in an array; see `scan(_:as:keyName:)`.
  ///
  /// - Parameters:
  ///   - bytes: the whole input.
  ///   - form: what is known of the form.
  ///   - keyName: a member name whose value's range to note per record.
  /// - Returns: the form and the records' positions.
  /// - Throws: `InputError`, as `scan(_:as:keyName:)`.
  public static func scan(_ bytes: [UInt8], as form: InputForm, keyName: [UInt8]? = nil)
    throws(InputError) -> JSONCollectionIndex
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(InputError) -> JSONCollectionIndex in
      try scan(buffer, as: form, keyName: keyName)
    }
  }
}

/// The state of one scan (of a whole input, or of one chunk of it).
struct Scanner {
  /// After how many records the scan estimates the input's number of
  /// records and reserves room for them.
  static let recordsBeforeEstimate = 256

  var lexer: JSONLexer
  var stack: [Bool] = []
  let keyName: [UInt8]?
  /// `keyName`, ready for the quick skip of every record.
  let quickKey: QuickKey
  /// How a large input is cut into chunks.
  let chunking: ScanChunking
  /// Another input's records, taken whole where they occur again; `nil`
  /// once the form is known to differ from theirs.
  var known: JSONKnownRecords?
  /// The known record found last (where to look first for the next), or
  /// -1.
  var lastKnown = -1
  /// The known record the record scanned last was taken whole as, or -1
  /// (validated).
  var takenRecord = -1
  /// Whether a record taken whole gets no canonical key bytes of its own
  /// (`JSONCollectionIndex.keysLeftToPartners`): a flat scan's, whose
  /// records' keys are their partners'.
  let leavesKnownKeys: Bool
  /// Another input's nested records, taken whole where they occur again
  /// inside a record that is not; `nil` once the form is known to differ
  /// from theirs.
  var nodes: JSONKnownNodes? {
    didSet { nodeFinder = nodes?.finder }
  }
  /// What `nodes` are looked up by, held here as a value: the chunks'
  /// scans then take no reference to the object they share for every
  /// node they look up.
  var nodeFinder: KnownNodeFinder?
  /// The known node found last (the last of its subtree), or -1.
  var lastKnownNode = -1
  /// The names to lay the records out as a tree by; `nil` once the form
  /// is known to be an object map.
  var treeNames: JSONTreeNames?
  /// The tree being laid out (or the children member's name, when
  /// OLD's nodes are taken whole).
  var tree = TreeBuild()
  /// `keyName`, for the tree's validating scan.
  let recordKey: MemberName?
  /// The tree's names and `keyName`, for the quick skip of a node's
  /// members (`JSONLexer.quickMembers`).
  var quickTreeNames: QuickTreeNames
  /// Whether a node's members are given to the quick skip before the
  /// token loop (tests compare the scans without it).
  var triesQuickMembers = true
  /// The most bytes a record takes (`checkLength(from:)`).
  var longestRecord = JSONCollectionIndex.longestRecord

  init(
    bytes: UnsafeBufferPointer<UInt8>, keyName: [UInt8]?, chunking: ScanChunking = .whole,
    known: JSONKnownRecords? = nil, nodes: JSONKnownNodes? = nil, tree: JSONTreeNames? = nil
  ) {
    self.keyName = keyName
    quickKey = QuickKey(keyName)
    self.chunking = chunking
    self.known = known?.capturesKeys == (keyName != nil) ? known : nil
    leavesKnownKeys = self.known != nil && keyName != nil && nodes == nil && tree == nil
    // A tree laid out with OLD's nodes copies their layouts: the same
    // names only.
    let sameNames = tree.map { $0.children == nodes?.children && $0.key == nodes?.key } ?? true
    self.nodes = sameNames ? nodes : nil
    nodeFinder = self.nodes?.finder
    treeNames = tree
    if let nodes = self.nodes { self.tree.children = MemberName(nodes.children) }
    recordKey = keyName.map(MemberName.init)
    quickTreeNames = QuickTreeNames(
      children: QuickKey(self.tree.children.bytes), recordKey: quickKey, treeKey: QuickKey.none)
    lexer = JSONLexer(bytes: bytes, range: 0..<bytes.count)
    lexer.position = JSONReader.byteOrderMarkLength(bytes)
    stack.reserveCapacity(64)
  }

  /// Whether the input holds more than one value (SPEC §7.15), after
  /// checking that it holds at least one.
  mutating func followsAnotherValue() throws(InputError) -> Bool {
    lexer.skipWhitespace()
    guard !lexer.atEnd else { throw lexer.error("not a collection: the input is empty", at: 0) }
    // The whole first value: the token loop at once (the quick skip would
    // give up near the end of the input and read it all again).
    try lexer.skipValueByTokens(depth: 0, stack: &stack)
    lexer.skipWhitespace()
    return !lexer.atEnd
  }

  /// Scans a top-level array or object; `form` demands one of them.
  mutating func scanDocument(expecting form: InputForm?) throws(InputError)
    -> JSONCollectionIndex
  {
    lexer.skipWhitespace()
    guard !lexer.atEnd else { throw lexer.error("not a collection: the input is empty", at: 0) }
    let opening = lexer.current
    let found: InputForm? =
      opening == UInt8(ascii: "[") ? .jsonArray : opening == UInt8(ascii: "{") ? .jsonObject : nil
    guard let found, form == nil || form == found else {
      switch form {
      case .jsonArray: throw lexer.unexpected("expected a JSON array ('[')")
      case .jsonObject: throw lexer.unexpected("expected a JSON object ('{')")
      default:
        throw lexer.unexpected("not a collection: expected a JSON array or object")
      }
    }
    if known?.form != found { known = nil }
    if nodes?.form != found { nodes = nil }
    if found == .jsonObject { treeNames = nil }
    var index = JSONCollectionIndex(form: found)
    index.capturesKeys = keyName != nil
    index.openingOffset = lexer.position
    lexer.position += 1
    lexer.skipWhitespace()
    let closing = found == .jsonObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    if !lexer.atEnd, lexer.current == closing {
      lexer.position += 1
    } else if let bounds = chunking.bounds(from: lexer.position, to: lexer.end) {
      try scanElementsInChunks(bounds, into: &index, closing: closing)
    } else {
      startTree(before: lexer.end)
      _ = try scanElements(into: &index, closing: closing)
      index.tree = tree.finish()
    }
    index.closingOffset = lexer.position
    lexer.skipWhitespace()
    guard lexer.atEnd else {
      throw lexer.unexpected("expected the end of the document after the JSON value")
    }
    return index
  }

  /// Scans the elements or members of the top-level container up to and
  /// including its closing bracket, or those that start before `limit`.
  ///
  /// - Returns: whether the closing bracket was reached; if not, the next
  ///   element (or member name) starts at `lexer.position`, at or after
  ///   `limit`.
  mutating func scanElements(
    into index: inout JSONCollectionIndex, closing: UInt8, startingBefore limit: Int = .max
  ) throws(InputError) -> Bool {
    let isObject = closing == UInt8(ascii: "}")
    let first = lexer.position
    let quickKey = self.quickKey
    var batch = JSONRecordBatch.allocate()
    defer { batch.deallocate() }
    while true {
      if isObject {
        let name = try lexer.skipMemberName()
        index.nameStarts.append(name.lowerBound)
        index.nameEnds.append(name.upperBound)
      }
      let start = lexer.position
      let key = try skipRecord(depth: 1, quickKey: quickKey)
      try checkLength(from: start)
      note(start: start, key: key, in: &batch, of: &index)
      if batch.isFull { flush(&batch, into: &index, scanning: first..<min(limit, lexer.end)) }
      lexer.skipWhitespace()
      guard !lexer.atEnd else { throw lexer.unexpectedAfterElement(isObject) }
      let byte = lexer.current
      lexer.position += 1
      if byte == closing {
        batch.flush(into: &index, partnered: known != nil, of: lexer.bytes)
        return true
      }
      guard byte == UInt8(ascii: ",") else {
        lexer.position -= 1
        throw lexer.unexpectedAfterElement(isObject)
      }
      lexer.skipWhitespace()
      // (At the end, the next element's scan makes the error.)
      if lexer.position >= limit && lexer.position < lexer.end {
        batch.flush(into: &index, partnered: known != nil, of: lexer.bytes)
        return false
      }
    }
  }

  /// Scans JSON Lines: one value per non-blank line.
  mutating func scanLines() throws(InputError) -> JSONCollectionIndex {
    if known?.form != .jsonLines { known = nil }
    if nodes?.form != .jsonLines { nodes = nil }
    var index = JSONCollectionIndex(form: .jsonLines)
    index.capturesKeys = keyName != nil
    index.openingOffset = lexer.position
    if let bounds = chunking.bounds(from: lexer.position, to: lexer.end) {
      try scanLinesInChunks(bounds, into: &index)
    } else {
      startTree(before: lexer.end)
      try scanLines(into: &index, startingBefore: lexer.end)
      index.tree = tree.finish()
    }
    index.closingOffset = lexer.end
    return index
  }

  /// Scans the lines of JSON Lines that start before `limit`, from
  /// `lexer.position` (a line's start), leaving `lexer.position` at the
  /// start of the first line at or after `limit` (or the end).
  mutating func scanLines(into index: inout JSONCollectionIndex, startingBefore limit: Int)
    throws(InputError)
  {
    lexer.stopsAtNewline = true
    let first = lexer.position
    let quickKey = self.quickKey
    var batch = JSONRecordBatch.allocate()
    defer { batch.deallocate() }
    while lexer.position < limit {
      lexer.skipWhitespace()
      if !lexer.atEnd {
        let start = lexer.position
        let key = try skipRecord(depth: 0, quickKey: quickKey)
        try checkLength(from: start)
        note(start: start, key: key, in: &batch, of: &index)
        if batch.isFull { flush(&batch, into: &index, scanning: first..<limit) }
        lexer.skipWhitespace()
        guard lexer.atEnd else {
          throw lexer.unexpected("expected the end of the line after the record (one value a line)")
        }
      }
      if lexer.position < lexer.end {
        lexer.position += 1
      }
    }
    batch.flush(into: &index, partnered: known != nil, of: lexer.bytes)
  }

  /// Refuses the record just skipped, which started at `start`, when it
  /// is longer than ``longestRecord``: the index keeps a record's length
  /// in 32 bits.
  ///
  /// Mutating only so that it takes the scanner in place: called as a
  /// non-mutating method from the scan loop, it would be given a copy of
  /// the whole scanner (some 700 bytes) for every record.
  @inline(__always)
  mutating func checkLength(from start: Int) throws(InputError) {
    let length = lexer.position &- start
    guard length <= longestRecord else { throw recordTooLong(length, at: start) }
  }

  /// The error for a record of `length` bytes at `start`, longer than
  /// ``longestRecord``.
  @inline(never)
  func recordTooLong(_ length: Int, at start: Int) -> InputError {
    lexer.error(
      "the record takes \(length) bytes, more than the \(longestRecord) bytes a record may take",
      at: start)
  }

  /// Appends a full batch of records to `index`; at the first, reserves
  /// room for the records of `part` (the part of the input scanned),
  /// estimated from them.
  @inline(never)
  func flush(
    _ batch: inout JSONRecordBatch, into index: inout JSONCollectionIndex, scanning part: Range<Int>
  ) {
    batch.flush(into: &index, partnered: known != nil, of: lexer.bytes)
    if index.count == Scanner.recordsBeforeEstimate {
      index.reserveForRecords(
        inputSize: part.count, consumed: lexer.position - part.lowerBound)
    }
  }
}
