import ColdiffCore
import ColdiffFormats

extension Comparison {
  /// What OLD gives the diff document's text: the deletes' and updates'
  /// text, and the key of each move (in `diff.moves`' order; `nil`
  /// without keys or when NEW's walk reads them, `movedKeysInNew`).
  struct OldListTexts {
    var deletes: DiffDocument.ListText
    var updates: DiffDocument.ListText
    var moveKeys: KeyTexts?
  }

  /// OLD's walk over the records the document names in it (deletes,
  /// updates, moves' sources; ascending), cut in pieces of consecutive
  /// records that the cores take in turn (`ComparisonPieces`), each
  /// piece's texts written apart and joined in order.
  final class OldListWalk: Sendable {
    /// The records, ascending.
    let records: [Int]
    /// The moves' sources whose keys OLD's walk reads (in `diff.moves`'
    /// order, which is theirs), none when NEW's walk reads them.
    let moved: [Int]
    /// The pieces nobody took yet.
    let pieces: ComparisonPieces
    /// Whether the keys are written (not whole values).
    let hasKeys: Bool
    /// How many deletes, updates and moves' keys the whole walk writes.
    private let counts: (deletes: Int, updates: Int, moves: Int)

    /// How many records make one piece.
    static let recordsPerPiece = 1024

    /// The walk over the records `comparison`'s document names in OLD.
    init(_ comparison: Comparison) {
      let diff = comparison.diff
      moved = comparison.movedKeysInNew ? [] : diff.moves.map(\.from)
      records = Comparison.ascendingUnion(diff.deletes, diff.updates, moved)
      pieces = ComparisonPieces(
        count: (records.count + Self.recordsPerPiece - 1) / Self.recordsPerPiece)
      hasKeys = KeyTextWriter(comparison.old, identity: comparison.identity).hasKeys
      counts = (diff.deletes.count, diff.updates.count, moved.count)
    }

    /// The positions in `records` of piece `piece`'s records.
    func range(of piece: Int) -> Range<Int> {
      (piece * Self.recordsPerPiece)..<min(records.count, (piece + 1) * Self.recordsPerPiece)
    }

    /// The whole walk's texts, from every piece's (`piece`, its texts).
    func joined(_ done: [(piece: Int, texts: OldListTexts)]) -> OldListTexts {
      let ordered = done.sorted { $0.piece < $1.piece }.map(\.texts)
      var whole = OldListTexts(
        deletes: DiffDocument.ListText(), updates: DiffDocument.ListText(),
        moveKeys: KeyTexts(capacity: counts.moves))
      for texts in ordered {
        whole.deletes.append(texts.deletes)
        whole.updates.append(texts.updates)
        if let keys = texts.moveKeys { whole.moveKeys?.append(contentsOf: keys) }
      }
      precondition(
        whole.deletes.count == counts.deletes && whole.updates.count == counts.updates
          && (whole.moveKeys?.count ?? 0) == counts.moves,
        "the diff's lists are sorted and OLD's walk read them all")
      if !hasKeys || moved.isEmpty { whole.moveKeys = nil }
      return whole
    }
  }

  /// The pieces of `walk` this core takes, until none is left, and their
  /// texts.
  func oldListTexts(_ walk: OldListWalk) -> [(piece: Int, texts: OldListTexts)] {
    var done: [(piece: Int, texts: OldListTexts)] = []
    while let piece = walk.pieces.take() {
      done.append((piece, oldListTexts(walk, piece: piece)))
    }
    return done
  }

  /// The texts of piece `piece` of `walk`: one walk over its records in
  /// OLD, in order, letting the pages behind it go.
  private func oldListTexts(_ walk: OldListWalk, piece: Int) -> OldListTexts {
    let names = identity == .memberName
    let keys = KeyTextWriter(old, identity: identity)
    let records = Array(walk.records[walk.range(of: piece)])
    let moved = walk.moved
    // Where the piece starts in each list (each sorted, as the records).
    let first = records.first ?? 0
    var nextDelete = firstPosition(below: diff.deletes.count) { diff.deletes[$0] >= first }
    var nextUpdate = firstPosition(below: diff.updates.count) { diff.updates[$0] >= first }
    var nextMove = firstPosition(below: moved.count) { moved[$0] >= first }
    var texts = OldListTexts(
      deletes: DiffDocument.ListText(
        reservingCapacity: records.count * old.documentBytesPerRecord, after: nextDelete),
      updates: DiffDocument.ListText(
        reservingCapacity: records.count * Comparison.documentBytesPerUpdate, after: nextUpdate),
      moveKeys: KeyTexts(capacity: records.count))
    var key: [UInt8] = []
    // (Bound once: read through `self` in the closure, each record's look
    // counted references to them.)
    let (deletes, updates, changes) = (diff.deletes, diff.updates, self.changes)
    let appendText = old.documentTextWriter()
    _ = old.mapReleasingBehind(records) { record in
      let isMoved = nextMove < moved.count && moved[nextMove] == record
      key.removeAll(keepingCapacity: true)
      // A member name is no key of a delete or an update.
      if !names || isMoved { keys.append(of: record, to: &key) }
      let keyText = names || !keys.hasKeys ? nil : key[...]
      let position: DiffDocument.Position =
        names ? .name(old.memberName(of: record)) : .index(record)
      if nextDelete < deletes.count, deletes[nextDelete] == record {
        texts.deletes.appendDelete(position, key: keyText) { appendText(record, &$0) }
        nextDelete += 1
      }
      if nextUpdate < updates.count, updates[nextUpdate] == record {
        texts.updates.appendUpdate(
          position, key: keyText,
          fieldChanges: changes[record] ?? [])
        nextUpdate += 1
      }
      if isMoved {
        texts.moveKeys?.append(key[...])
        nextMove += 1
      }
    }
    return texts
  }
}
