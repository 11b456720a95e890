import ColdiffFormats

extension Comparison {
  /// Appends the diff document's text, the bytes `document()` gives
  /// (`DiffDocument.write(to:flushingAt:_:)`), with its lists written on
  /// both cores during one walk over each input: OLD's side writes the
  /// deletes and updates as it reads their records, in pieces that both
  /// cores take (`OldListWalk`), NEW's side the inserts on one core
  /// first, and then the moves when its walk read their keys (tables,
  /// `movedKeysInNew`); else the moves, which take from both, are
  /// written after. (OLD's side, with the deletes' text, takes longest:
  /// on one core, it left the other idle for a tenth of a 1M JSON diff.)
  /// No document value is built for a record: its text goes straight
  /// from its input into its list.
  ///
  /// - Parameters:
  ///   - out: the buffer to append to; what is left in it at the end is
  ///     the document's last piece.
  ///   - threshold: the bytes from which text is handed to `flush`.
  ///   - alongside: run on the other core while this one hands the lists'
  ///     text to `flush`, once the inputs are read no more (a process
  ///     about to exit lets their pages go: the writes of a large
  ///     document to a file kept one core busy and the other idle).
  ///   - flush: takes the text so far (and writes it somewhere).
  package func writeDocument(
    to out: inout [UInt8], flushingAt threshold: Int, alongside: () -> Void = {},
    _ flush: ([UInt8]) -> Void
  ) {
    let movedKeysInNew = movedKeysInNew
    let walk = OldListWalk(self)
    let (first, (new, movesInNew, second)) = Parallel.both(
      { oldListTexts(walk) },
      {
        let new = newListTexts()
        let moves = movedKeysInNew ? movesText(new, moveKeys: nil) : nil
        return (new, moves, oldListTexts(walk))
      })
    let old = walk.joined(first + second)
    let moves = movesInNew ?? movesText(new, moveKeys: old.moveKeys)
    _ = Parallel.both(
      {
        documentHead.write(
          inserts: new.inserts, deletes: old.deletes, updates: old.updates, moves: moves,
          to: &out, flushingAt: threshold, flush)
      }, alongside)
  }

  /// The moves' text, from what NEW's walk read (`newListTexts()`) and,
  /// unless that walk read them, the moves' keys OLD's walk read. A long
  /// list is written in two halves on both cores: written after both
  /// walks, it kept one core busy while the other waited.
  private func movesText(_ new: NewListTexts, moveKeys: KeyTexts?) -> DiffDocument.ListText {
    let count = diff.moves.count
    guard count >= Comparison.movesWrittenInHalves else {
      return movesText(new, moveKeys: moveKeys, 0..<count)
    }
    var (moves, second) = Parallel.both(
      { movesText(new, moveKeys: moveKeys, 0..<(count / 2)) },
      { movesText(new, moveKeys: moveKeys, (count / 2)..<count) })
    moves.append(second)
    return moves
  }

  /// From how many moves their text is written in two halves.
  static let movesWrittenInHalves = 1024

  /// The text of the moves at `indices` of `diff.moves`, a part of the
  /// list that follows those before them (`movesText(_:moveKeys:)`).
  private func movesText(_ new: NewListTexts, moveKeys: KeyTexts?, _ indices: Range<Int>)
    -> DiffDocument.ListText
  {
    var moves = DiffDocument.ListText(
      reservingCapacity: indices.count * Comparison.documentBytesPerMove,
      after: indices.lowerBound)
    for index in indices {
      let move = diff.moves[index]
      let anchor = new.anchorOf[index]
      let key = moveKeys?[index] ?? new.movedKeyOf.map { new.keys[$0[index]] }
      moves.appendMove(
        from: .index(move.from), to: .index(move.to), key: key,
        after: anchor == nil ? nil : anchor! < 0 ? .null : .key(new.keys[anchor!]))
    }
    return moves
  }

  /// What NEW's walk gives the document's text (`newListTexts()`).
  private typealias NewListTexts = (
    inserts: DiffDocument.ListText, keys: KeyTexts, anchorOf: [Int?], movedKeyOf: [Int]?
  )

  /// Whether NEW's walk reads the moves' keys instead of OLD's: when both
  /// inputs are tables, whose matched records' keys are the same text
  /// (a JSON record's key may be written otherwise in NEW, `1.0` for
  /// `1`). NEW's walk reads the record before each move already, OLD's
  /// would read each moved record apart.
  var movedKeysInNew: Bool {
    guard case .fields = identity, case .table = old.storage, case .table = new.storage
    else { return false }
    return ordered
  }

  /// What NEW gives the document's text: the inserts' text and, for
  /// each move (in `diff.moves`' order), what it comes `after`: `nil`
  /// when the document has no `after`, -1 for `null`, else the key's
  /// place in `keys`; and when NEW's walk reads the moves' keys
  /// (`movedKeysInNew`), each one's place in `keys`. Read in one walk
  /// over the records they name in NEW, in order. An insert and a move
  /// come after the record before them in NEW, read just before them in
  /// the walk.
  private func newListTexts() -> NewListTexts {
    // (The diff's lists and NEW bound once: read through `self` in the
    // closure, each record's look counted references to them.)
    let (insertList, moves, new) = (diff.inserts, diff.moves, self.new)
    let names = identity == .memberName
    let anchored = ordered && identity != .wholeValue
    let movedKeys = movedKeysInNew
    let keys = KeyTextWriter(new, identity: identity)
    var inserts = DiffDocument.ListText(
      reservingCapacity: insertList.count * new.documentBytesPerRecord)
    var texts = KeyTexts(capacity: moves.count * (movedKeys ? 2 : 1))
    var anchorOf = [Int?](repeating: anchored ? -1 : nil, count: moves.count)
    var movedKeyOf = [Int](repeating: -1, count: movedKeys ? moves.count : 0)
    // The moves by their places in NEW; those first in NEW come first,
    // after nothing.
    let byTarget =
      anchored ? moves.indices.sorted { moves[$0].to < moves[$1].to } : []
    let before = (insertList + moves.map(\.to)).filter { $0 > 0 }.map { $0 - 1 }
    let records = Comparison.ascendingUnion(
      insertList, anchored ? before : [], movedKeys ? moves.map(\.to) : [])
    var (nextInsert, nextMoved) = (0, 0)
    var nextTarget = byTarget.prefix { moves[$0].to == 0 }.count
    var (key, previousKey, previousRecord): ([UInt8], [UInt8], Int) = ([], [], -1)
    let appendText = new.documentTextWriter()
    _ = new.mapReleasingBehind(records) { record in
      swap(&key, &previousKey)
      key.removeAll(keepingCapacity: true)
      keys.append(of: record, to: &key)
      if nextInsert < insertList.count, insertList[nextInsert] == record {
        var after: DiffDocument.ListText.ReferenceText? = nil
        if anchored {
          precondition(record == 0 || previousRecord == record - 1, "the record before is read")
          after = record > 0 && keys.hasKeys ? .key(previousKey[...]) : .null
        }
        let position: DiffDocument.Position =
          names ? .name(new.memberName(of: record)) : .index(record)
        inserts.appendInsert(position, key: names || !keys.hasKeys ? nil : key[...], after: after) {
          appendText(record, &$0)
        }
        nextInsert += 1
      }
      while nextTarget < byTarget.count, moves[byTarget[nextTarget]].to - 1 == record {
        anchorOf[byTarget[nextTarget]] = keys.hasKeys ? texts.count : -1
        if keys.hasKeys { texts.append(key[...]) }
        nextTarget += 1
      }
      while movedKeys, nextMoved < byTarget.count, moves[byTarget[nextMoved]].to == record {
        movedKeyOf[byTarget[nextMoved]] = texts.count
        texts.append(key[...])
        nextMoved += 1
      }
      previousRecord = record
    }
    precondition(
      nextInsert == insertList.count && nextTarget == byTarget.count
        && (!movedKeys || nextMoved == byTarget.count), "the inserts are sorted")
    return (inserts, texts, anchorOf, movedKeys ? movedKeyOf : nil)
  }

  /// About how many bytes an update takes in the document, to reserve:
  /// a few changes of small fields.
  static let documentBytesPerUpdate = 192
  /// About how many bytes a move takes in the document, to reserve.
  static let documentBytesPerMove = 80

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
  /// About how many bytes an inserted or deleted record of this snapshot
  /// takes in the document, to reserve: twice its average size (a table
  /// row's member names come with it), and the members before it.
  /// Reserved bytes not written to cost no memory.
  var documentBytesPerRecord: Int {
    (count == 0 ? 0 : 2 * bytes.count / count) + 64
  }

  /// What appends the text of a record as the diff document shows it
  /// (`documentValue(of:)`): a JSON record's bytes as they are, a table
  /// row's object of strings. The storage is looked at once, not for
  /// each record (a table taken out of it counted a reference to each
  /// of its arrays).
  func documentTextWriter() -> (_ record: Int, _ out: inout [UInt8]) -> Void {
    switch storage {
    case .json:
      return { record, out in
        self.withRecordBytes(record) { buffer, range in
          out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
        }
      }
    case .table(let table): return { table.appendObjectText(ofRow: $0, to: &$1) }
    }
  }
}
