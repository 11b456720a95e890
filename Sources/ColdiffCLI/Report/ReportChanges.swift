import ColdiffCore
import ColdiffEngine
import ColdiffFormats

/// What the Markdown and HTML reports show of one comparison: the counts,
/// the changed fields with how many records each changed, and the changes
/// (all of them, or the first few a report shows), grouped by kind
/// (deleted, inserted, updated, moved), each group in its index order.
/// Read from the engine's result, flat or tree.
struct ReportChanges {
  /// The number of changes of each kind, by `ReportChange.Kind`'s raw
  /// value.
  let counts: [Int]
  /// Each changed field with the number of updated records in which it
  /// changed, most first (ties by name).
  let fieldCounts: [(field: String, records: Int)]
  /// The changes, grouped by kind in `Kind`'s order: all of them, or the
  /// first `limit` given when they were gathered.
  let changes: [ReportChange]

  /// Gathers the changes and counts the changed fields of every update.
  ///
  /// - Parameters:
  ///   - changes: the changes, grouped by kind.
  ///   - counts: the number of each kind (the diff's counts).
  ///   - updates: the changed fields of every updated record.
  /// - Complexity: O(changed fields), plus sorting the distinct fields.
  init(changes: [ReportChange], counts: [Int], updates: some Sequence<[FieldChange]>) {
    self.changes = changes
    self.counts = counts
    var records: [String: Int] = [:]
    for fields in updates {
      for field in fields {
        records[ReportText.field(field.path, element: field.element), default: 0] += 1
      }
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
