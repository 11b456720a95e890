import ColdiffCore
import ColdiffFormats

extension Comparison {
  /// The diff document (SPEC §4.2, §7.1–§7.4): Bond's index spaces, the
  /// records' keys and values, the changed fields of updates, and for an
  /// ordered keyed diff the key each insert and move comes `after`.
  package func document() -> DiffDocument {
    let names = identity == .memberName
    let anchored = ordered && identity != .wholeValue
    // One walk over each input (a released input's pages are mapped
    // again once), OLD's and NEW's on both cores at once. An insert and
    // a move come after the record before them in NEW.
    let anchors = anchored ? (diff.inserts + diff.moves.map(\.to)).filter { $0 > 0 } : []
    let (old, new) = Parallel.both(
      {
        documentReads(
          of: self.old, diff.deletes + diff.updates + diff.moves.map(\.from),
          values: Set(diff.deletes))
      },
      {
        documentReads(
          of: self.new, diff.inserts + anchors.map { $0 - 1 }, values: Set(diff.inserts))
      })
    func after(_ newRecord: Int) -> DiffDocument.Reference? {
      guard anchored else { return nil }
      guard newRecord > 0, let key = new[newRecord - 1]?.key else { return .null }
      return .key(key)
    }
    var document = DiffDocument(
      kind: ordered ? .ordered : .unordered,
      key: identity.documentKey,
      columns: columnChange.map { change in
        DiffDocument.Columns(
          old: change.old.map(JSONString.init(utf8:)), new: change.new.map(JSONString.init(utf8:)))
      },
      inserts: diff.inserts.map { record in
        let read = new[record]!
        return DiffDocument.Insert(
          position: read.position, key: names ? nil : read.key, after: after(record),
          value: read.value!)
      },
      deletes: diff.deletes.map { record in
        let read = old[record]!
        return DiffDocument.Delete(
          position: read.position, key: names ? nil : read.key, value: read.value!)
      },
      updates: diff.updates.map { record in
        let read = old[record]!
        return DiffDocument.Update(
          position: read.position, key: names ? nil : read.key,
          changes: (changes[record] ?? []).map { DiffDocument.Change($0) })
      },
      moves: diff.moves.map { move in
        DiffDocument.Move(
          from: .index(move.from), to: .index(move.to), key: old[move.from]!.key,
          after: after(move.to))
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
