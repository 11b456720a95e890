import ColdiffCore
import ColdiffFormats

extension Comparison {
  /// The diff document (SPEC §4.2, §7.1–§7.4): Bond's index spaces, the
  /// records' keys and values, the changed fields of updates, and for an
  /// ordered keyed diff the key each insert and move comes `after`.
  package func document() -> DiffDocument {
    let names = identity == .memberName
    let anchored = ordered && identity != .wholeValue
    func position(_ snapshot: Snapshot, _ record: Int) -> DiffDocument.Position {
      names ? .name(snapshot.memberName(of: record)) : .index(record)
    }
    func after(_ newRecord: Int) -> DiffDocument.Reference? {
      guard anchored else { return nil }
      guard newRecord > 0, let key = key(new: newRecord - 1) else { return .null }
      return .key(key)
    }
    // NEW's lists and OLD's are made on both cores at once. The moves
    // are listed in OLD's order; their anchors are found in NEW's, so
    // that NEW is read from start to end, not all over.
    let ((inserts, anchorOfMove), (deletes, updates, moves)) = Parallel.both(
      {
        let movesByTarget = diff.moves.indices.sorted { diff.moves[$0].to < diff.moves[$1].to }
        let anchors = new.mapReleasingBehind(movesByTarget.map { diff.moves[$0].to }) { after($0) }
        var anchorOfMove = [DiffDocument.Reference?](repeating: nil, count: diff.moves.count)
        for (move, anchor) in zip(movesByTarget, anchors) { anchorOfMove[move] = anchor }
        let inserts = new.mapReleasingBehind(diff.inserts) { record in
          DiffDocument.Insert(
            position: position(new, record), key: names ? nil : key(new: record),
            after: after(record), value: new.documentValue(of: record))
        }
        return (inserts, anchorOfMove)
      },
      {
        let deletes = old.mapReleasingBehind(diff.deletes) { record in
          DiffDocument.Delete(
            position: position(old, record), key: names ? nil : key(old: record),
            value: old.documentValue(of: record))
        }
        let updates = old.mapReleasingBehind(diff.updates) { record in
          DiffDocument.Update(
            position: position(old, record), key: names ? nil : key(old: record),
            changes: (changes[record] ?? []).map { DiffDocument.Change($0) })
        }
        let moves = old.mapReleasingBehind(Array(diff.moves.indices), at: { diff.moves[$0].from }) {
          let move = diff.moves[$0]
          return DiffDocument.Move(
            from: .index(move.from), to: .index(move.to), key: key(old: move.from), after: nil)
        }
        return (deletes, updates, moves)
      })
    var document = DiffDocument(
      kind: ordered ? .ordered : .unordered,
      key: identity.documentKey,
      columns: columnChange.map { change in
        DiffDocument.Columns(
          old: change.old.map(JSONString.init(utf8:)), new: change.new.map(JSONString.init(utf8:)))
      },
      inserts: inserts, deletes: deletes, updates: updates,
      moves: zip(moves, anchorOfMove).map { move, anchor in
        var move = move
        move.after = anchor
        return move
      })
    document.rules = rules.documentValue
    return document
  }
}

extension DiffDocument.Change {
  /// The document's form of a changed field, with the key (and for a
  /// moved element the OLD path) of a keyed array element, and the
  /// member before an added or removed one.
  init(_ change: FieldChange) {
    self.init(
      path: JSONPointer(tokens: change.path), old: change.old, new: change.new,
      key: change.element?.key, from: change.element?.from.map { JSONPointer(tokens: $0) },
      after: change.after)
  }
}
