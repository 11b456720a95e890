import ColdiffFormats

extension Comparison {
  /// Appends the diff document's text, the bytes `document()` gives
  /// (`DiffDocument.write(to:flushingAt:_:)`), with its lists written on
  /// both cores during one walk over each input: OLD's side writes the
  /// deletes and updates as it reads their records, NEW's side the
  /// inserts; only the moves, which take from both, are written after.
  /// No document value is built for a record: its text goes straight
  /// from its input into its list.
  ///
  /// - Parameters:
  ///   - out: the buffer to append to; what is left in it at the end is
  ///     the document's last piece.
  ///   - threshold: the bytes from which text is handed to `flush`.
  ///   - flush: takes the text so far (and writes it somewhere).
  package func writeDocument(
    to out: inout [UInt8], flushingAt threshold: Int, _ flush: ([UInt8]) -> Void
  ) {
    let (old, new) = Parallel.both({ oldListTexts() }, { newListTexts() })
    var moves = DiffDocument.ListText()
    for move in self.moves(keys: old.moveKeys, anchors: new.moveAnchors) { moves.append(move) }
    documentHead.write(
      inserts: new.inserts, deletes: old.deletes, updates: old.updates, moves: moves, to: &out,
      flushingAt: threshold, flush)
  }

  /// What OLD gives the document's text: the deletes' and updates' text,
  /// and the key of each move (in `diff.moves`' order), from one walk
  /// over the records they name in OLD, in order.
  private func oldListTexts() -> (
    deletes: DiffDocument.ListText, updates: DiffDocument.ListText, moveKeys: [JSONValue?]
  ) {
    let names = identity == .memberName
    var (deletes, updates) = (DiffDocument.ListText(), DiffDocument.ListText())
    var moveKeys: [JSONValue?] = []
    moveKeys.reserveCapacity(diff.moves.count)
    var (nextDelete, nextUpdate) = (0, 0)
    let records = Comparison.ascendingUnion(diff.deletes, diff.updates, diff.moves.map(\.from))
    _ = old.mapReleasingBehind(records) { record in
      let key = old.keyValue(of: record, identity: identity)
      let position: DiffDocument.Position =
        names ? .name(old.memberName(of: record)) : .index(record)
      if nextDelete < diff.deletes.count, diff.deletes[nextDelete] == record {
        deletes.appendDelete(position, key: names ? nil : key) {
          old.appendDocumentText(of: record, to: &$0)
        }
        nextDelete += 1
      }
      if nextUpdate < diff.updates.count, diff.updates[nextUpdate] == record {
        updates.append(
          DiffDocument.Update(
            position: position, key: names ? nil : key,
            changes: (changes[record] ?? []).map { DiffDocument.Change($0) }))
        nextUpdate += 1
      }
      if moveKeys.count < diff.moves.count, diff.moves[moveKeys.count].from == record {
        moveKeys.append(key)
      }
    }
    precondition(
      nextDelete == diff.deletes.count && nextUpdate == diff.updates.count
        && moveKeys.count == diff.moves.count, "the diff's lists are sorted")
    return (deletes, updates, moveKeys)
  }

  /// What NEW gives the document's text: the inserts' text and, for
  /// each move (in `diff.moves`' order), the key it comes `after`, from
  /// one walk over the records they name in NEW, in order. An insert and
  /// a move come after the record before them in NEW, read just before
  /// them in the walk.
  private func newListTexts() -> (
    inserts: DiffDocument.ListText, moveAnchors: [DiffDocument.Reference?]
  ) {
    let names = identity == .memberName
    let anchored = ordered && identity != .wholeValue
    var inserts = DiffDocument.ListText()
    var anchors = [DiffDocument.Reference?](
      repeating: anchored ? .null : nil, count: diff.moves.count)
    // The moves by their places in NEW, those first in NEW (after
    // nothing) left out.
    let byTarget =
      anchored
      ? diff.moves.indices.filter { diff.moves[$0].to > 0 }.sorted {
        diff.moves[$0].to < diff.moves[$1].to
      } : []
    let before = (diff.inserts + diff.moves.map(\.to)).filter { $0 > 0 }.map { $0 - 1 }
    let records = Comparison.ascendingUnion(diff.inserts, anchored ? before : [])
    var (nextInsert, nextTarget) = (0, 0)
    var previous: (record: Int, key: JSONValue?) = (-1, nil)
    _ = new.mapReleasingBehind(records) { record in
      let key = new.keyValue(of: record, identity: identity)
      if nextInsert < diff.inserts.count, diff.inserts[nextInsert] == record {
        var after: DiffDocument.Reference? = nil
        if anchored {
          precondition(record == 0 || previous.record == record - 1, "the record before is read")
          after = record > 0 ? previous.key.map { .key($0) } ?? .null : .null
        }
        let position: DiffDocument.Position =
          names ? .name(new.memberName(of: record)) : .index(record)
        inserts.appendInsert(position, key: names ? nil : key, after: after) {
          new.appendDocumentText(of: record, to: &$0)
        }
        nextInsert += 1
      }
      while nextTarget < byTarget.count, diff.moves[byTarget[nextTarget]].to - 1 == record {
        anchors[byTarget[nextTarget]] = key.map { .key($0) } ?? .null
        nextTarget += 1
      }
      previous = (record, key)
    }
    precondition(
      nextInsert == diff.inserts.count && nextTarget == byTarget.count, "the inserts are sorted")
    return (inserts, anchors)
  }

  /// The records of some ascending lists, ascending, each once.
  static func ascendingUnion(_ lists: [Int]...) -> [Int] {
    var records = lists.flatMap { $0 }
    records.sort()
    var kept = 0
    for record in records where kept == 0 || records[kept - 1] != record {
      records[kept] = record
      kept += 1
    }
    records.removeLast(records.count - kept)
    return records
  }
}

extension Snapshot {
  /// Appends the text of record `record` as the diff document shows it
  /// (`documentValue(of:)`): a JSON record's bytes as they are, a table
  /// row's object of strings.
  fileprivate func appendDocumentText(of record: Int, to out: inout [UInt8]) {
    switch storage {
    case .json(let index):
      bytes.withUnsafeBufferPointer { buffer in
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index.recordRange(record)]))
      }
    case .table(let table): table.appendObjectText(ofRow: record, to: &out)
    }
  }
}
