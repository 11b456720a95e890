import ColdiffCore
import ColdiffFormats

extension TreeComparison {
  /// Appends the tree diff document's text, the bytes `document()` gives
  /// (`DiffDocument.write(to:flushingAt:_:)`), its four lists written as
  /// text on every core, each taken by whichever core is free, the moves
  /// (three keys each) first (the moves on one core and the others on
  /// the other left one idle for a fifth of the document's time at 1M
  /// nodes). No document value is built for a change, and no path is
  /// walked down to its node (`diffNodes`): keys are written
  /// from the scans' canonical bytes or the inputs' text
  /// (`TreeSnapshot.appendKeyText`), and a subtree without matched
  /// descendants as its bytes.
  ///
  /// - Parameters:
  ///   - out: the buffer to append to; what is left in it at the end is
  ///     the document's last piece.
  ///   - threshold: the bytes from which text is handed to `flush`.
  ///   - alongside: run on the other core while this one hands the lists'
  ///     text to `flush` (as the flat comparison's
  ///     `Comparison.writeDocument(to:flushingAt:alongside:_:)` runs it).
  ///   - flush: takes the text so far (and writes it somewhere).
  package func writeDocument(
    to out: inout [UInt8], flushingAt threshold: Int, alongside: () -> Void = {},
    _ flush: ([UInt8]) -> Void
  ) {
    var lists = [DiffDocument.ListText](repeating: DiffDocument.ListText(), count: 4)
    lists.withUnsafeMutableBufferPointer { lists in
      // Each slot written by the core that makes its list.
      Parallel.parts(4) { list in
        switch list {
        case 0: lists[0] = movesText()
        case 1: lists[1] = updatesText()
        case 2: lists[2] = insertsText()
        default: lists[3] = deletesText()
        }
      }
    }
    _ = Parallel.both(
      {
        documentHead.write(
          inserts: lists[2], deletes: lists[3], updates: lists[1], moves: lists[0], to: &out,
          flushingAt: threshold, flush)
      }, alongside)
  }

  private typealias ReferenceText = DiffDocument.ListText.ReferenceText

  /// The key of `node` of `tree` as the document writes it, in `buffer`.
  private func keyText(of node: Int, in tree: TreeSnapshot, _ buffer: inout [UInt8])
    -> ArraySlice<UInt8>
  {
    buffer.removeAll(keepingCapacity: true)
    tree.appendKeyText(of: node, pointers: keys, to: &buffer)
    return buffer[...]
  }

  /// What NEW node `node` comes after (`afterNode(of:)`), its key in
  /// `buffer`.
  private func after(_ node: Int, _ buffer: inout [UInt8]) -> ReferenceText? {
    guard let before = afterNode(of: node) else { return nil }
    return before < 0 ? .null : .key(keyText(of: before, in: new, &buffer))
  }

  /// The parent of NEW node `node`: `null` for a root, else its key (in
  /// `buffer`).
  private func parent(_ node: Int, _ buffer: inout [UInt8]) -> ReferenceText {
    let parent = Int(new.parents[node])
    return parent < 0 ? .null : .key(keyText(of: parent, in: new, &buffer))
  }

  private func insertsText() -> DiffDocument.ListText {
    var list = DiffDocument.ListText(
      reservingCapacity: diff.inserts.count * TreeComparison.documentBytesPerRecord(new))
    var (key, parentKey, afterKey): ([UInt8], [UInt8], [UInt8]) = ([], [], [])
    for (path, node) in zip(diff.inserts, diffNodes.inserts) {
      let node = Int(node)
      list.appendInsert(
        new.position(of: path), key: keyText(of: node, in: new, &key),
        parent: parent(node, &parentKey), after: after(node, &afterKey)
      ) {
        appendUnmatchedSubtree(of: node, in: new, matches: newToOld, to: &$0)
      }
    }
    return list
  }

  private func deletesText() -> DiffDocument.ListText {
    var list = DiffDocument.ListText(
      reservingCapacity: diff.deletes.count * TreeComparison.documentBytesPerRecord(old))
    var key: [UInt8] = []
    for (path, node) in zip(diff.deletes, diffNodes.deletes) {
      let node = Int(node)
      list.appendDelete(old.position(of: path), key: keyText(of: node, in: old, &key)) {
        appendUnmatchedSubtree(of: node, in: old, matches: oldToNew, to: &$0)
      }
    }
    return list
  }

  private func updatesText() -> DiffDocument.ListText {
    var list = DiffDocument.ListText(
      reservingCapacity: diff.updates.count * Comparison.documentBytesPerUpdate)
    var key: [UInt8] = []
    for (path, node) in zip(diff.updates, diffNodes.updates) {
      let node = Int(node)
      list.appendUpdate(
        old.position(of: path), key: keyText(of: node, in: old, &key),
        fieldChanges: changes[node] ?? [])
    }
    return list
  }

  private func movesText() -> DiffDocument.ListText {
    var list = DiffDocument.ListText(
      reservingCapacity: diff.moves.count * TreeComparison.documentBytesPerMove)
    var (key, parentKey, afterKey): ([UInt8], [UInt8], [UInt8]) = ([], [], [])
    for (move, oldNode) in zip(diff.moves, diffNodes.moves) {
      let node = Int(oldToNew[Int(oldNode)])
      list.appendMove(
        from: old.position(of: move.from), to: new.position(of: move.to),
        key: keyText(of: node, in: new, &key), parent: parent(node, &parentKey),
        after: after(node, &afterKey))
    }
    return list
  }

  /// About how many bytes a move takes in the document, to reserve: its
  /// paths and three keys.
  private static let documentBytesPerMove = 128

  /// About how many bytes an inserted or deleted node of `tree` takes in
  /// the document, to reserve: twice a node's average size, and the
  /// members before it. Reserved bytes not written to cost no memory.
  private static func documentBytesPerRecord(_ tree: TreeSnapshot) -> Int {
    (tree.count == 0 ? 0 : 2 * tree.base.bytes.count / tree.count) + 128
  }
}
