import ColdiffCore

/// What the Markdown and HTML reports show of one comparison: the counts,
/// the changed fields with how many records each changed, and every
/// change, grouped by kind (deleted, inserted, updated, moved), each group
/// in its index order. Read from the engine's result, flat or tree.
struct ReportChanges {
  /// The number of changes of each kind, by `ReportChange.Kind`'s raw
  /// value.
  let counts: [Int]
  /// Each changed field with the number of updated records in which it
  /// changed, most first (ties by name).
  let fieldCounts: [(field: String, records: Int)]
  /// Every change, grouped by kind in `Kind`'s order.
  let changes: [ReportChange]

  /// Gathers the changes and counts their fields.
  ///
  /// - Parameters:
  ///   - changes: every change, grouped by kind.
  ///   - counts: the number of each kind (the diff's counts).
  init(changes: [ReportChange], counts: [Int]) {
    self.changes = changes
    self.counts = counts
    var records: [String: Int] = [:]
    for change in changes where change.kind == .update {
      for field in change.fields { records[field.field, default: 0] += 1 }
    }
    fieldCounts = records.map { (field: $0.key, records: $0.value) }.sorted {
      $0.records != $1.records ? $0.records > $1.records : $0.field < $1.field
    }
  }

  /// The counts of a diff in `Kind`'s order.
  static func counts<Index>(_ diff: OrderedCollectionDiff<Index>) -> [Int] {
    [diff.deletes.count, diff.inserts.count, diff.updates.count, diff.moves.count]
  }

  /// The total number of changes.
  var total: Int { counts.reduce(0, +) }

  /// `N inserted, N deleted, N updated, N moved`, as the text report's
  /// summary line says it.
  var summary: String {
    "\(counts[1]) inserted, \(counts[0]) deleted, \(counts[2]) updated, \(counts[3]) moved"
  }
}
