import ColdiffCore
import ColdiffFormats

extension Comparison {
  /// The diff document (SPEC §4.2, §7.1–§7.4): Bond's index spaces, the
  /// records' keys and values, the changed fields of updates, and for an
  /// ordered keyed diff the key each insert and move comes `after`.
  package func document() -> DiffDocument {
    // One walk over each input (a released input's pages are mapped
    // again once), OLD's and NEW's on both cores at once, each making
    // the entries it reads; only the moves take from both.
    let (old, new) = Parallel.both({ oldEntries() }, { newEntries() })
    var document = documentHead
    document.inserts = new.inserts
    document.deletes = old.deletes
    document.updates = old.updates
    document.moves = moves(keys: old.moveKeys, anchors: new.moveAnchors)
    return document
  }

  /// The diff document without its lists: its kind, key, rules and the
  /// tables' headers when they differ.
  var documentHead: DiffDocument {
    var document = DiffDocument(
      kind: ordered ? .ordered : .unordered,
      key: identity.documentKey,
      columns: columnChange.map { change in
        DiffDocument.Columns(
          old: change.old.map(JSONString.init(utf8:)), new: change.new.map(JSONString.init(utf8:)))
      })
    document.rules = rules.documentValue
    return document
  }

  /// The document's moves, in `diff.moves`' order, given each one's key
  /// (read in OLD) and the key it comes `after` (read in NEW).
  func moves(keys: [JSONValue?], anchors: [DiffDocument.Reference?]) -> [DiffDocument.Move] {
    diff.moves.indices.map { index in
      let move = diff.moves[index]
      return DiffDocument.Move(
        from: .index(move.from), to: .index(move.to), key: keys[index], after: anchors[index])
    }
  }

  /// What OLD gives the document: the deletes, the updates, and the key
  /// of each move (in `diff.moves`' order), read in one walk over OLD.
  private func oldEntries() -> (
    deletes: [DiffDocument.Delete], updates: [DiffDocument.Update], moveKeys: [JSONValue?]
  ) {
    let names = identity == .memberName
    let reads = DocumentReads(
      of: old, diff.deletes + diff.updates + diff.moves.map(\.from), values: Set(diff.deletes),
      identity: identity)
    let deletes = diff.deletes.map { record in
      let read = reads[record]
      return DiffDocument.Delete(
        position: read.position, key: names ? nil : read.key, value: read.value!)
    }
    let updates = diff.updates.map { record in
      let read = reads[record]
      return DiffDocument.Update(
        position: read.position, key: names ? nil : read.key,
        changes: (changes[record] ?? []).map { DiffDocument.Change($0) })
    }
    return (deletes, updates, diff.moves.map { reads[$0.from].key })
  }

  /// What NEW gives the document: the inserts, and for each move (in
  /// `diff.moves`' order) the key it comes `after`, read in one walk
  /// over NEW. An insert and a move come after the record before them
  /// in NEW.
  private func newEntries() -> (
    inserts: [DiffDocument.Insert], moveAnchors: [DiffDocument.Reference?]
  ) {
    let names = identity == .memberName
    let anchored = ordered && identity != .wholeValue
    let anchors = anchored ? (diff.inserts + diff.moves.map(\.to)).filter { $0 > 0 } : []
    let reads = DocumentReads(
      of: new, diff.inserts + anchors.map { $0 - 1 }, values: Set(diff.inserts),
      identity: identity)
    func after(_ newRecord: Int) -> DiffDocument.Reference? {
      guard anchored else { return nil }
      guard newRecord > 0, let key = reads[newRecord - 1].key else { return .null }
      return .key(key)
    }
    let inserts = diff.inserts.map { record in
      let read = reads[record]
      return DiffDocument.Insert(
        position: read.position, key: names ? nil : read.key, after: after(record),
        value: read.value!)
    }
    return (inserts, diff.moves.map { after($0.to) })
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
