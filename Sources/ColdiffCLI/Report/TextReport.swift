import ColdiffCore
import ColdiffEngine
import ColdiffFormats

/// The report for people (SPEC §4.1): one line per change, grouped by kind
/// (`-` deleted, `+` inserted, `~` updated with `field: old → new`, `↕`
/// moved with `from → to`), records named by their key, long values
/// shortened to the width, at most `limit` changes, and a closing summary
/// line. Nothing at all when nothing changed, like `diff(1)`.
struct TextReport {
  /// Colors, width and the most changes to show.
  let style: ReportStyle

  /// The report's lines for `comparison`.
  func render(_ comparison: Comparison) -> String {
    let diff = comparison.diff
    var head: [String] = []
    if let columns = columnChange(comparison) { head.append(style.paint(columns, .dim)) }
    var lines: [String] = []
    // The inputs' pages go now and then as the records are read.
    var reads = SparseReads(comparison.old, comparison.new)
    for old in diff.deletes {
      reads.note()
      let value = ReportText.value(comparison.old.value(of: old))
      lines.append(style.line("-", name(comparison, old: old), value, .red))
    }
    for new in diff.inserts {
      reads.note()
      let value = ReportText.value(comparison.new.value(of: new))
      lines.append(style.line("+", name(comparison, new: new), value, .green))
    }
    for old in diff.updates {
      reads.note()
      let fields = (comparison.changes[old] ?? []).map(style.describe).joined(separator: "; ")
      lines.append(style.line("~", name(comparison, old: old), fields, .yellow))
    }
    for move in diff.moves {
      reads.note()
      lines.append(
        style.line("↕", name(comparison, old: move.from), "\(move.from) → \(move.to)", .cyan))
    }
    guard !lines.isEmpty || !head.isEmpty else { return "" }
    return style.finish(head: head, changes: lines.map { [$0] }, summary: ReportStyle.summary(diff))
  }

  private func name(_ comparison: Comparison, old record: Int) -> String {
    RecordNames.name(of: record, in: comparison.old, identity: comparison.identity)
  }

  private func name(_ comparison: Comparison, new record: Int) -> String {
    RecordNames.name(of: record, in: comparison.new, identity: comparison.identity)
  }

  /// The columns line of two tables whose headers differ: `columns: +d,
  /// -b` when columns were added or removed and the others kept their
  /// order, else both headers, `columns: a, c → c, a` (SPEC §8.1.3).
  private func columnChange(_ comparison: Comparison) -> String? {
    guard let (old, new) = comparison.columnChange else { return nil }
    func text(_ name: [UInt8]) -> String { String(decoding: name, as: UTF8.self) }
    let added = new.filter { !old.contains($0) }
    let removed = old.filter { !new.contains($0) }
    let sameOrder = old.filter { new.contains($0) } == new.filter { old.contains($0) }
    guard sameOrder else {
      return "columns: " + old.map(text).joined(separator: ", ") + " → "
        + new.map(text).joined(separator: ", ")
    }
    let names = added.map { "+" + text($0) } + removed.map { "-" + text($0) }
    return "columns: " + names.joined(separator: ", ")
  }
}
