import ColdiffCore
import ColdiffFormats

/// THEIRS's changes sorted against OURS's (SPEC §8.4): what THEIRS
/// changed and OURS did not becomes a diff document to apply to OURS;
/// what both changed the same way is dropped (OURS holds it already); what
/// both changed differently is a conflict, and OURS's side stays.
struct MergePlan {
  let ours: MergeSide
  let theirs: MergeSide
  let oursKeys: KeyArena
  let theirsKeys: KeyArena
  /// The `--ignore` paths.
  let ignored: [[[UInt8]]]
  /// The conflicts found so far, each with where it is reported: BASE's
  /// records in BASE's order, then records inserted on both sides.
  private var found: [(order: Int, conflict: MergeConflict)] = []

  /// The conflicts in the order reported: those on BASE's records in
  /// BASE's order, then those on keys both sides inserted, in THEIRS's
  /// order; a record's field conflicts in THEIRS's field order.
  var conflicts: [MergeConflict] {
    found.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
      .map(\.element.conflict)
  }
  /// The position in OURS of each record OURS inserted, by canonical key.
  let oursInserts: [[UInt8]: Int]
  /// For each BASE record, whether the merge deletes it from OURS.
  private(set) var deleted: [Bool]

  init(
    ours: MergeSide, theirs: MergeSide, oursKeys: KeyArena, theirsKeys: KeyArena,
    ignored: [[[UInt8]]]
  ) {
    self.ours = ours
    self.theirs = theirs
    self.oursKeys = oursKeys
    self.theirsKeys = theirsKeys
    self.ignored = ignored
    var oursInserts: [[UInt8]: Int] = [:]
    for index in ours.comparison.diff.inserts { oursInserts[Array(oursKeys.key(index))] = index }
    self.oursInserts = oursInserts
    deleted = [Bool](repeating: false, count: ours.comparison.old.count)
  }

  private var base: Snapshot { ours.comparison.old }
  private var names: Bool { ours.comparison.identity == .memberName }

  /// THEIRS's changes to apply to OURS, with the conflicts noted.
  mutating func document() -> DiffDocument {
    let comparison = theirs.comparison
    let deletes = comparison.diff.deletes.compactMap { delete($0) }
    let updates = comparison.diff.updates.compactMap { update($0) }
    // Inserts and moves are placed after deletes are known: an anchor
    // must stay in the merged snapshot.
    let inserts = comparison.diff.inserts.compactMap { insert($0) }
    let moves = comparison.diff.moves.compactMap { move($0) }
    return DiffDocument(
      kind: comparison.ordered ? .ordered : .unordered, key: comparison.identity.documentKey,
      inserts: inserts, deletes: deletes, updates: updates, moves: moves)
  }

  /// THEIRS's delete of the BASE record `baseIndex`: dropped when OURS
  /// deleted it too, a conflict when OURS changed it.
  private mutating func delete(_ baseIndex: Int) -> DiffDocument.Delete? {
    guard let oursIndex = ours.position(ofBase: baseIndex) else { return nil }
    if ours.changes(ofBase: baseIndex) != nil {
      note(
        baseIndex,
        MergeConflict(
          kind: .delete, record: record(ofBase: baseIndex), path: nil,
          base: base.value(of: baseIndex), ours: ours.snapshot.value(of: oursIndex), theirs: nil))
      return nil
    }
    deleted[baseIndex] = true
    // The record as OURS has it (equal to BASE's under the comparison's
    // rules), so applying finds what it expects.
    return DiffDocument.Delete(
      position: position(ofBase: baseIndex), key: key(ofBase: baseIndex),
      value: ours.snapshot.documentValue(of: oursIndex))
  }

  /// THEIRS's update of the BASE record `baseIndex`, without the fields
  /// OURS changed the same way; a conflict for each field OURS changed
  /// differently, and for the record when OURS deleted it.
  private mutating func update(_ baseIndex: Int) -> DiffDocument.Update? {
    guard let oursIndex = ours.position(ofBase: baseIndex) else {
      let theirsIndex = theirs.position(ofBase: baseIndex)
      note(
        baseIndex,
        MergeConflict(
          kind: .delete, record: record(ofBase: baseIndex), path: nil,
          base: base.value(of: baseIndex), ours: nil,
          theirs: theirsIndex.map { theirs.snapshot.value(of: $0) }))
      return nil
    }
    let theirsChanges = theirs.changes(ofBase: baseIndex) ?? []
    guard let oursChanges = ours.changes(ofBase: baseIndex) else {
      // OURS has the record as BASE has it (under the comparison's rules):
      // THEIRS's changes apply as they are.
      return DiffDocument.Update(
        position: position(ofBase: baseIndex), key: key(ofBase: baseIndex),
        changes: theirsChanges.map {
          DiffDocument.Change(path: JSONPointer(tokens: $0.path), old: $0.old, new: $0.new)
        })
    }
    let oursRecord = ours.snapshot.value(of: oursIndex)
    var kept: [DiffDocument.Change] = []
    for change in theirsChanges {
      let pointer = JSONPointer(tokens: change.path)
      let current = pointer.resolve(in: oursRecord)
      let overlapping = oursChanges.filter {
        $0.path.starts(with: change.path) || change.path.starts(with: $0.path)
      }
      if let same = overlapping.first(where: { $0.path == change.path }), same.new == change.new {
        continue
      }
      guard overlapping.isEmpty else {
        note(
          baseIndex,
          MergeConflict(
            kind: .field, record: record(ofBase: baseIndex), path: pointer, base: change.old,
            ours: current, theirs: change.new))
        continue
      }
      // The old value as OURS has it, so applying finds what it expects.
      guard current != nil || change.new != nil else { continue }
      kept.append(DiffDocument.Change(path: pointer, old: current, new: change.new))
    }
    guard !kept.isEmpty else { return nil }
    return DiffDocument.Update(
      position: position(ofBase: baseIndex), key: key(ofBase: baseIndex), changes: kept)
  }

  /// THEIRS's insert of its record `theirsIndex`: dropped when OURS
  /// inserted an equal record with the same key, a conflict when OURS's
  /// differs.
  private mutating func insert(_ theirsIndex: Int) -> DiffDocument.Insert? {
    let snapshot = theirs.snapshot
    if let oursIndex = oursInserts[Array(theirsKeys.key(theirsIndex))] {
      let differences = ours.snapshot.fieldChanges(
        oursIndex, to: snapshot, theirsIndex, ignoring: ignored)
      if !differences.isEmpty {
        note(
          base.count + theirsIndex,
          MergeConflict(
            kind: .insert, record: record(ofTheirs: theirsIndex), path: nil, base: nil,
            ours: ours.snapshot.value(of: oursIndex), theirs: snapshot.value(of: theirsIndex)))
      }
      return nil
    }
    return DiffDocument.Insert(
      position: names ? .name(snapshot.memberName(of: theirsIndex)) : .index(theirsIndex),
      key: names ? nil : snapshot.keyValue(of: theirsIndex, identity: identity),
      after: anchor(theirsIndex), value: snapshot.documentValue(of: theirsIndex))
  }

  /// THEIRS's move of a BASE record: dropped when OURS deleted or moved
  /// it (OURS's place wins; a move is not a change of content).
  private func move(_ move: OrderedCollectionDiff<Int>.Move) -> DiffDocument.Move? {
    guard ours.position(ofBase: move.from) != nil, !ours.movedBase[move.from] else { return nil }
    return DiffDocument.Move(
      from: .index(move.from), to: .index(move.to), key: key(ofBase: move.from),
      after: anchor(move.to))
  }

  private var identity: Identity { ours.comparison.identity }

  /// Notes a conflict, reported at `order`.
  private mutating func note(_ order: Int, _ conflict: MergeConflict) {
    found.append((order, conflict))
  }

  private func position(ofBase baseIndex: Int) -> DiffDocument.Position {
    names ? .name(base.memberName(of: baseIndex)) : .index(baseIndex)
  }

  private func key(ofBase baseIndex: Int) -> JSONValue? {
    names ? nil : base.keyValue(of: baseIndex, identity: identity)
  }

  private func record(ofBase baseIndex: Int) -> MergeConflict.Record {
    names
      ? .member(base.memberName(of: baseIndex))
      : .key(base.keyValue(of: baseIndex, identity: identity) ?? .null)
  }

  private func record(ofTheirs theirsIndex: Int) -> MergeConflict.Record {
    let snapshot = theirs.snapshot
    return names
      ? .member(snapshot.memberName(of: theirsIndex))
      : .key(snapshot.keyValue(of: theirsIndex, identity: identity) ?? .null)
  }
}
