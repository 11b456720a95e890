import Glibc

/// Scanning a large JSON collection in chunks (`ChunkedScan`).
///
/// JSON Lines is cut at line starts: no line feed can be inside a valid
/// record, and a scan that meets one inside a record stops there with
/// the same error whoever scans. A JSON array or object is cut where its
/// layout says an element (or member) starts: after a `,` that ends a
/// line, at the indentation and first byte of the first element. That is
/// a guess (the pattern may occur inside an element), which the join
/// checks against where the chunk before really ended.
extension Scanner {
  /// Scans the lines of JSON Lines from `lexer.position` to the end, in
  /// the chunks of `bounds`.
  mutating func scanLinesInChunks(_ bounds: [Int], into index: inout JSONCollectionIndex)
    throws(InputError)
  {
    let bytes = lexer.bytes
    let (keyName, capturesKeys, known) = (self.keyName, index.capturesKeys, self.known)
    let (nodes, treeNames, copies) = (self.nodes, self.treeNames, copiesValidatedRecords)
    let trees = treeNames.map { _ in JSONTreeJoin(covering: bounds[bounds.count - 1] - bounds[0]) }
    (lexer.position, _) = try joinChunks(
      bounds, into: &index, trees: trees,
      guess: { ChunkedScan.lineStart(in: bytes, atOrAfter: $0) },
      scan: { start, limit in
        var scanner = Scanner(
          bytes: bytes, keyName: keyName, known: known, nodes: nodes, tree: treeNames)
        scanner.lexer.position = start
        var part = JSONCollectionIndex(form: .jsonLines)
        part.capturesKeys = capturesKeys
        do throws(InputError) {
          scanner.startTree(before: limit)
          try scanner.scanLines(into: &part, startingBefore: limit)
          if copies { part.copyValidatedRecords(from: bytes) }
          let scanned = ScannedChunk(index: part, tree: scanner.tree.finishPart())
          return (.success(scanned), scanner.lexer.position)
        } catch {
          return (.failure(error), start)
        }
      },
      ends: { _ in false })
  }

  /// Scans the elements or members of the top-level container from
  /// `lexer.position` (the first one) up to and including its closing
  /// bracket, in the chunks of `bounds` when the layout shows where
  /// elements start, else whole.
  mutating func scanElementsInChunks(
    _ bounds: [Int], into index: inout JSONCollectionIndex, closing: UInt8
  ) throws(InputError) {
    let bytes = lexer.bytes
    guard let indent = Scanner.indentation(in: bytes, before: lexer.position) else {
      startTree(before: lexer.end)
      _ = try scanElements(into: &index, closing: closing)
      index.tree = tree.finish()
      return
    }
    let firstByte = bytes[lexer.position]
    let (keyName, form, capturesKeys) = (self.keyName, index.form, index.capturesKeys)
    let (known, nodes, treeNames) = (self.known, self.nodes, self.treeNames)
    let copies = copiesValidatedRecords && form != .jsonObject
    let trees = treeNames.map { _ in JSONTreeJoin(covering: bounds[bounds.count - 1] - bounds[0]) }
    let closed: Bool
    (lexer.position, closed) = try joinChunks(
      bounds, into: &index, trees: trees,
      guess: { cut in
        Scanner.elementStart(in: bytes, atOrAfter: cut, indent: indent, firstByte: firstByte)
      },
      scan: { start, limit in
        var scanner = Scanner(
          bytes: bytes, keyName: keyName, known: known, nodes: nodes, tree: treeNames)
        scanner.lexer.position = start
        var part = JSONCollectionIndex(form: form)
        part.capturesKeys = capturesKeys
        do throws(InputError) {
          scanner.startTree(before: limit)
          let closes = try scanner.scanElements(
            into: &part, closing: closing, startingBefore: limit)
          if copies { part.copyValidatedRecords(from: bytes) }
          // A part's closing offset says whether it reached the closing
          // bracket (-1: it did not).
          part.closingOffset = closes ? scanner.lexer.position : -1
          let scanned = ScannedChunk(index: part, tree: scanner.tree.finishPart())
          return (.success(scanned), scanner.lexer.position)
        } catch {
          return (.failure(error), start)
        }
      },
      ends: { $0.index.closingOffset >= 0 })
    // The last chunk reaches the end of the input: it closes or throws.
    precondition(closed, "the elements ended without their closing bracket")
  }

  /// Scans the chunks of `bounds` on every core and appends their
  /// records to `index` in order: each part as soon as it and those
  /// before it are scanned (`ChunkedScan.runTakingInOrder`,
  /// `JSONIndexJoin`), with their trees to `trees` when a tree is laid
  /// out.
  ///
  /// - Parameters:
  ///   - bounds: the chunks' nominal bounds.
  ///   - index: the index the records are appended to.
  ///   - trees: the join of the chunks' trees, when a tree is laid out.
  ///   - guess: the first record boundary at or after a cut.
  ///   - scan: scans one chunk's records into a part.
  ///   - ends: whether a part ends the records (a closing bracket).
  /// - Returns: where the records end, and whether a part ended them.
  private func joinChunks(
    _ bounds: [Int], into index: inout JSONCollectionIndex, trees: JSONTreeJoin?,
    guess: @escaping (Int) -> Int,
    scan: @escaping (Int, Int) -> (Result<ScannedChunk, InputError>, end: Int),
    ends: @escaping (ScannedChunk) -> Bool
  ) throws(InputError) -> (end: Int, ended: Bool) {
    let join = JSONIndexJoin(index, covering: bounds[bounds.count - 1] - bounds[0])
    index = JSONCollectionIndex(form: index.form)
    let end = try ChunkedScan.runTakingInOrder(
      bounds: bounds, releasing: chunking.releasing, guess: guess, scan: scan,
      take: { part in
        join.ended = ends(part)
        trees?.append(part.tree, records: part.index.count)
        join.append(part.index)
        return join.ended
      })
    index = join.index
    index.tree = trees?.capture
    return (end, join.ended)
  }

  /// Whether the chunks copy the records they validate instead of
  /// taking them whole from another input's (`RecordCopies`): when
  /// there is such an input, no tree is laid out, and the input's pages
  /// go behind the scan.
  private var copiesValidatedRecords: Bool {
    known != nil && nodes == nil && treeNames == nil && chunking.releasing?.releasesPages == true
  }

  /// The spaces and tabs between the line feed before `offset` and
  /// `offset`, or `nil` when no line feed comes after the opening bracket
  /// (a collection on one line is scanned whole).
  static func indentation(in bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> [UInt8]? {
    var start = offset
    while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
    guard start > 0, bytes[start - 1] == 0x0A else { return nil }
    return Array(bytes[start..<offset])
  }

  /// The first offset at or after `cut` that looks like the start of a
  /// top-level element: `firstByte` after a line feed and `indent`, with
  /// `,` as the last byte other than whitespace before the line feed; the
  /// end of the input when there is none.
  static func elementStart(
    in bytes: UnsafeBufferPointer<UInt8>, atOrAfter cut: Int, indent: [UInt8], firstByte: UInt8
  ) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var lineFeed = max(cut - indent.count - 1, 0)
    while lineFeed < bytes.count {
      defer { lineFeed += 1 }
      // The next line feed, found many bytes at a time (a tree's records
      // can be long lines).
      guard let found = memchr(base + lineFeed, 0x0A, bytes.count - lineFeed) else { break }
      lineFeed = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
      let start = lineFeed + 1 + indent.count
      guard start < bytes.count, start >= cut, bytes[start] == firstByte,
        bytes[(lineFeed + 1)..<start].elementsEqual(indent)
      else { continue }
      var before = lineFeed - 1
      while before > 0, bytes[before] == 0x20 || bytes[before] == 0x09 || bytes[before] == 0x0D {
        before -= 1
      }
      if before >= 0, bytes[before] == UInt8(ascii: ",") { return start }
    }
    return bytes.count
  }
}

/// What the scan of one chunk found: its records, and the tree it laid
/// out, if any, not yet made into a layout (`JSONTreeJoin`).
private struct ScannedChunk {
  var index: JSONCollectionIndex
  var tree: JSONTreeJoin.Part?
}
