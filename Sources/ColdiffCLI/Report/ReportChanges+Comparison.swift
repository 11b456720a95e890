import ColdiffEngine
import ColdiffFormats

extension ReportChanges {
  /// The changes of a flat comparison: records named by their key,
  /// positions as the diff document gives them (none for a JSON object's
  /// members, whose names are their places).
  ///
  /// - Parameters:
  ///   - comparison: the engine's result.
  ///   - limit: the most changes to gather (the counts and the changed
  ///     fields are always whole), or `nil` for all.
  /// - Complexity: O(changed fields), plus decoding each gathered inserted
  ///   or deleted record.
  init(_ comparison: Comparison, limit: Int? = nil) {
    let diff = comparison.diff
    let placed = comparison.identity != .memberName
    let most = limit ?? Int.max
    var changes: [ReportChange] = []
    // The inputs' pages go now and then as the records are read.
    var reads = SparseReads(comparison.old, comparison.new)
    /// Gathers one kind of change, up to the limit, made by `make` from
    /// the record's name and position.
    func gather(
      _ kind: ReportChange.Kind, _ records: [Int], in snapshot: Snapshot,
      _ make: (inout ReportChange, Int) -> Void
    ) {
      for record in records.prefix(most - changes.count) {
        reads.note()
        var change = ReportChange(
          kind: kind,
          name: RecordNames.name(of: record, in: snapshot, identity: comparison.identity),
          position: placed ? "\(record)" : "")
        make(&change, record)
        changes.append(change)
      }
    }
    gather(.delete, diff.deletes, in: comparison.old) {
      $0.record = ReportText.value(comparison.old.value(of: $1))
    }
    gather(.insert, diff.inserts, in: comparison.new) {
      $0.record = ReportText.value(comparison.new.value(of: $1))
    }
    gather(.update, diff.updates, in: comparison.old) {
      $0.fields = (comparison.changes[$1] ?? []).map(ReportField.init)
    }
    for move in diff.moves.prefix(most - changes.count) {
      reads.note()
      let name = RecordNames.name(of: move.from, in: comparison.old, identity: comparison.identity)
      changes.append(
        ReportChange(kind: .move, name: name, position: "\(move.from) → \(move.to)"))
    }
    self.init(changes: changes, counts: Self.counts(diff), updates: comparison.changes.values)
  }
}

extension ReportField {
  /// A field change spelled for people: an element of a keyed array
  /// named by its key (`lines[A-7].qty`), a moved element's old and new
  /// index as its values.
  init(_ change: FieldChange) {
    let field = ReportText.field(change.path, element: change.element)
    if let element = change.element, let from = element.from {
      self.init(
        field: field, old: String(decoding: from[element.depth], as: UTF8.self),
        new: String(decoding: change.path[element.depth], as: UTF8.self))
    } else {
      self.init(
        field: field, old: change.old.map(ReportText.value), new: change.new.map(ReportText.value))
    }
  }
}
