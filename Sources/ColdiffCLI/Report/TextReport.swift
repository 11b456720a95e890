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

  /// The report for `comparison` (the text of the changes made on both
  /// cores, `changeText`).
  func render(_ comparison: Comparison) -> String {
    var head = ""
    if let columns = columnChange(comparison) { head = style.paint(columns, .dim) + "\n" }
    let count = comparison.diff.count
    guard count > 0 || !head.isEmpty else { return "" }
    let shown = min(count, style.limit ?? count)
    return head + changeText(comparison, shown: shown)
      + style.closing(more: count - shown, summary: ReportStyle.summary(comparison.diff))
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
