import ColdiffEngine

extension TextReport {
  /// The line of each change: deletes, inserts, updates, then moves.
  ///
  /// They are made on both cores: each takes one half of each kind's
  /// changes (so both do about as much of each), walking its records in
  /// order with page releases of its own (`SparseReads`), and the halves
  /// are put back in order; the lines are those one core would make.
  func changeLines(_ comparison: Comparison) -> [String] {
    let (first, second) = Parallel.both(
      { lines(comparison, half: 0) }, { lines(comparison, half: 1) })
    var all: [String] = []
    all.reserveCapacity(comparison.diff.count)
    for kind in first.indices { all += first[kind] + second[kind] }
    return all
  }

  /// The lines of the first (`half` 0) or second (1) half of each
  /// kind's changes, one list a kind.
  private func lines(_ comparison: Comparison, half: Int) -> [[String]] {
    func part<Element>(_ all: [Element]) -> ArraySlice<Element> {
      half == 0 ? all[..<(all.count / 2)] : all[(all.count / 2)...]
    }
    let (diff, old, new) = (comparison.diff, comparison.old, comparison.new)
    func name(_ record: Int, in snapshot: Snapshot) -> String {
      RecordNames.name(of: record, in: snapshot, identity: comparison.identity)
    }
    // The inputs' pages go now and then as the records are read.
    var reads = SparseReads(old, new)
    let deletes = part(diff.deletes).map { record in
      reads.note()
      let value = ReportText.value(old.value(of: record))
      return style.line("-", name(record, in: old), value, .red)
    }
    let inserts = part(diff.inserts).map { record in
      reads.note()
      let value = ReportText.value(new.value(of: record))
      return style.line("+", name(record, in: new), value, .green)
    }
    let updates = part(diff.updates).map { record in
      reads.note()
      let fields = (comparison.changes[record] ?? []).map(style.describe).joined(separator: "; ")
      return style.line("~", name(record, in: old), fields, .yellow)
    }
    let moves = part(diff.moves).map { move in
      reads.note()
      return style.line("↕", name(move.from, in: old), "\(move.from) → \(move.to)", .cyan)
    }
    return [deletes, inserts, updates, moves]
  }
}
