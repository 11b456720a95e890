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
    func name(old record: Int) -> String {
      RecordNames.name(of: record, in: comparison.old, identity: comparison.identity)
    }
    func name(new record: Int) -> String {
      RecordNames.name(of: record, in: comparison.new, identity: comparison.identity)
    }
    let most = limit ?? Int.max
    var changes: [ReportChange] = []
    // The inputs' pages go now and then as the records are read.
    var reads = SparseReads(comparison.old, comparison.new)
    for old in diff.deletes.prefix(most) {
      reads.note()
      var change = ReportChange(
        kind: .delete, name: name(old: old), position: placed ? "\(old)" : "")
      change.record = ReportText.value(comparison.old.value(of: old))
      changes.append(change)
    }
    for new in diff.inserts.prefix(most - changes.count) {
      reads.note()
      var change = ReportChange(
        kind: .insert, name: name(new: new), position: placed ? "\(new)" : "")
      change.record = ReportText.value(comparison.new.value(of: new))
      changes.append(change)
    }
    for old in diff.updates.prefix(most - changes.count) {
      reads.note()
      var change = ReportChange(
        kind: .update, name: name(old: old), position: placed ? "\(old)" : "")
      change.fields = (comparison.changes[old] ?? []).map(ReportField.init)
      changes.append(change)
    }
    for move in diff.moves.prefix(most - changes.count) {
      reads.note()
      changes.append(
        ReportChange(kind: .move, name: name(old: move.from), position: "\(move.from) → \(move.to)")
      )
    }
    self.init(changes: changes, counts: Self.counts(diff), updates: comparison.changes.values)
  }
}

extension ReportField {
  /// A field change spelled for people.
  init(_ change: FieldChange) {
    self.init(
      field: ReportText.field(change.path), old: change.old.map(ReportText.value),
      new: change.new.map(ReportText.value))
  }
}
