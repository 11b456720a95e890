import ColdiffCore
import ColdiffEngine

extension TextReport {
  /// The text of the changes shown, the first `shown` of deletes,
  /// inserts, updates, then moves: a line each, each ending in a newline.
  ///
  /// It is made on both cores: each takes one half of each kind's shown
  /// changes (so both do about as much of each), walking its records in
  /// order with page releases of its own (`SparseReads`), and joins its
  /// lines into one text a kind; the texts are put back in order, the
  /// text one core would make. Changes past `shown` are not read.
  func changeText(_ comparison: Comparison, shown: Int) -> String {
    let diff = comparison.diff
    var left = shown
    func take<Element>(_ all: [Element]) -> ArraySlice<Element> {
      defer { left -= min(left, all.count) }
      return all.prefix(left)
    }
    let kinds = ShownChanges(
      deletes: take(diff.deletes), inserts: take(diff.inserts), updates: take(diff.updates),
      moves: take(diff.moves))
    let (first, second) = Parallel.both(
      { texts(comparison, kinds, half: 0) }, { texts(comparison, kinds, half: 1) })
    var all = ""
    all.reserveCapacity((first + second).reduce(0) { $0 + $1.utf8.count })
    for kind in first.indices {
      all += first[kind]
      all += second[kind]
    }
    return all
  }

  /// The text of the first (`half` 0) or second (1) half of each kind's
  /// shown changes, one text a kind.
  private func texts(_ comparison: Comparison, _ kinds: ShownChanges, half: Int) -> [String] {
    func part<Element>(_ all: ArraySlice<Element>) -> ArraySlice<Element> {
      let middle = all.startIndex + all.count / 2
      return half == 0 ? all[..<middle] : all[middle...]
    }
    let (old, new) = (comparison.old, comparison.new)
    func name(_ record: Int, in snapshot: Snapshot) -> String {
      RecordNames.name(of: record, in: snapshot, identity: comparison.identity)
    }
    // The inputs' pages go now and then as the records are read.
    var reads = SparseReads(old, new)
    func text<Element>(_ changes: ArraySlice<Element>, _ line: (Element) -> String) -> String {
      var text = ""
      for change in part(changes) {
        reads.note()
        text += line(change)
        text += "\n"
      }
      return text
    }
    let deletes = text(kinds.deletes) { record in
      style.line("-", name(record, in: old), ReportText.value(old.value(of: record)), .red)
    }
    let inserts = text(kinds.inserts) { record in
      style.line("+", name(record, in: new), ReportText.value(new.value(of: record)), .green)
    }
    let updates = text(kinds.updates) { record in
      let fields = (comparison.changes[record] ?? []).map(style.describe).joined(separator: "; ")
      return style.line("~", name(record, in: old), fields, .yellow)
    }
    let moves = text(kinds.moves) { move in
      style.line("↕", name(move.from, in: old), "\(move.from) → \(move.to)", .cyan)
    }
    return [deletes, inserts, updates, moves]
  }
}

/// The changes a report shows, of each kind.
private struct ShownChanges {
  let deletes: ArraySlice<Int>
  let inserts: ArraySlice<Int>
  let updates: ArraySlice<Int>
  let moves: ArraySlice<OrderedCollectionDiff<Int>.Move>
}
