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
  /// The comparison rules (`--ignore`, `--compare`, `--array-key`).
  let rules: ComparisonRules
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
    rules: ComparisonRules
  ) {
    self.ours = ours
    self.theirs = theirs
    self.oursKeys = oursKeys
    self.theirsKeys = theirsKeys
    self.rules = rules
    var oursInserts: [[UInt8]: Int] = [:]
    for index in ours.comparison.diff.inserts { oursInserts[Array(oursKeys.key(index))] = index }
    self.oursInserts = oursInserts
    deleted = [Bool](repeating: false, count: ours.comparison.old.count)
  }

  private var base: Snapshot { ours.comparison.old }
  private var names: Bool { ours.comparison.identity == .memberName }

  /// THEIRS's changes to apply to OURS, with the conflicts noted; the
  /// document carries the rules, so applying it checks OURS's values and
  /// finds keyed array elements by them.
  ///
  /// - Throws: `InputError` for a keyed array element without its key, or
  ///   a key twice in one array, in a record both sides inserted.
  mutating func document() throws -> DiffDocument {
    let comparison = theirs.comparison
    let deletes = comparison.diff.deletes.compactMap { delete($0) }
    let updates = comparison.diff.updates.compactMap { update($0) }
    // Inserts and moves are placed after deletes are known: an anchor
    // must stay in the merged snapshot.
    let inserts = try comparison.diff.inserts.compactMap { try insert($0) }
    let moves = comparison.diff.moves.compactMap { move($0) }
    var document = DiffDocument(
      kind: comparison.ordered ? .ordered : .unordered, key: comparison.identity.documentKey,
      inserts: inserts, deletes: deletes, updates: updates, moves: moves)
    document.rules = rules.documentValue
    return document
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
      value: MergePlan.applied(ours.snapshot, oursIndex))
  }

  /// THEIRS's update of the BASE record `baseIndex`, without the fields
  /// OURS changed the same way; a conflict for each field OURS changed
  /// differently, and for the record when OURS deleted it (see
  /// ``RecordMerge``).
  private mutating func update(_ baseIndex: Int) -> DiffDocument.Update? {
    let theirsIndex = theirs.position(ofBase: baseIndex)
    guard let oursIndex = ours.position(ofBase: baseIndex) else {
      note(
        baseIndex,
        MergeConflict(
          kind: .delete, record: record(ofBase: baseIndex), path: nil,
          base: base.value(of: baseIndex), ours: nil,
          theirs: theirsIndex.map { theirs.snapshot.value(of: $0) }))
      return nil
    }
    guard let theirsIndex else { preconditionFailure("an updated record is on THEIRS's side") }
    guard let oursChanges = ours.changes(ofBase: baseIndex) else {
      // OURS has the record as BASE has it (under the rules): THEIRS's
      // changes apply as they are, found and checked by the document's
      // rules, each added member after the one it follows in THEIRS.
      return DiffDocument.Update(
        position: position(ofBase: baseIndex), key: key(ofBase: baseIndex),
        changes: (theirs.changes(ofBase: baseIndex) ?? []).map(DiffDocument.Change.init))
    }
    let merge = RecordMerge(
      theirs: theirs.changes(ofBase: baseIndex) ?? [], ours: oursChanges,
      versions: RecordMerge.Versions(
        base: base.value(of: baseIndex), ours: ours.snapshot.value(of: oursIndex),
        theirs: theirs.snapshot.value(of: theirsIndex)),
      record: record(ofBase: baseIndex), rules: rules)
    for conflict in merge.conflicts { note(baseIndex, conflict) }
    guard !merge.kept.isEmpty else { return nil }
    return DiffDocument.Update(
      position: position(ofBase: baseIndex), key: key(ofBase: baseIndex), changes: merge.kept)
  }

  /// THEIRS's insert of its record `theirsIndex`: dropped when OURS
  /// inserted an equal record with the same key, a conflict when OURS's
  /// differs.
  private mutating func insert(_ theirsIndex: Int) throws -> DiffDocument.Insert? {
    let snapshot = theirs.snapshot
    if let oursIndex = oursInserts[Array(theirsKeys.key(theirsIndex))] {
      let differences: [FieldChange]
      do throws(ArrayKeyError) {
        differences = try ours.snapshot.fieldChanges(
          oursIndex, to: snapshot, theirsIndex, rules: rules)
      } catch {
        let (side, index) = error.inNew ? (snapshot, theirsIndex) : (ours.snapshot, oursIndex)
        let key = side.keyValue(of: index, identity: identity).map(ReportText.key)
        throw side.error(
          "record #\(index)\(key.map { " (key \($0))" } ?? ""): \(error.message)", at: index)
      }
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
      after: anchor(theirsIndex), value: MergePlan.applied(snapshot, theirsIndex))
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

  /// A record as the merged document carries it to OURS: a JSON record's
  /// bytes (applied without a parse), a CSV row's value (a table takes
  /// values, so its object text would only be parsed again).
  private static func applied(_ snapshot: Snapshot, _ record: Int) -> DocumentValue {
    guard case .table = snapshot.storage else { return snapshot.documentValue(of: record) }
    return .value(snapshot.value(of: record))
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
