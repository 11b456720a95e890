import ColdiffCore
import ColdiffEngine
import ColdiffFormats

/// The report for people (SPEC §4.1): one line per change, grouped by kind
/// (`-` deleted, `+` inserted, `~` updated with `field: old → new`, `↕`
/// moved with `from → to`), records named by their key, long values
/// shortened to the width, and a closing summary line. Nothing at all
/// when nothing changed, like `diff(1)`.
struct TextReport {
  /// Whether to color the lines (ANSI escapes).
  let color: Bool
  /// The width to fit lines into, or `nil` to keep them whole.
  let width: Int?

  private var style: ReportStyle { ReportStyle(color: color, width: width) }

  /// The report's lines for `comparison`.
  func render(_ comparison: Comparison) -> String {
    let diff = comparison.diff
    var lines: [String] = []
    if let columns = columnChange(comparison) { lines.append(style.paint(columns, .dim)) }
    for old in diff.deletes {
      let value = ReportText.value(comparison.old.value(of: old))
      lines.append(style.line("-", name(comparison, old: old), value, .red))
    }
    for new in diff.inserts {
      let value = ReportText.value(comparison.new.value(of: new))
      lines.append(style.line("+", name(comparison, new: new), value, .green))
    }
    for old in diff.updates {
      let fields = (comparison.changes[old] ?? []).map(style.describe).joined(separator: "; ")
      lines.append(style.line("~", name(comparison, old: old), fields, .yellow))
    }
    for move in diff.moves {
      lines.append(
        style.line("↕", name(comparison, old: move.from), "\(move.from) → \(move.to)", .cyan))
    }
    guard !lines.isEmpty else { return "" }
    let summary = ReportStyle.summary(diff)
    return (lines + [style.paint(summary, .bold)]).joined(separator: "\n") + "\n"
  }

  private func name(_ comparison: Comparison, old record: Int) -> String {
    name(of: record, in: comparison.old, identity: comparison.identity)
  }

  private func name(_ comparison: Comparison, new record: Int) -> String {
    name(of: record, in: comparison.new, identity: comparison.identity)
  }

  /// A record named by its key (an array-valued key field stays an
  /// array; only a composite key is parenthesised), or `#position`
  /// under whole-value identity.
  private func name(of record: Int, in snapshot: Snapshot, identity: Identity) -> String {
    switch identity {
    case .wholeValue: "#\(record)"
    case .memberName: ReportText.key(.string(snapshot.memberName(of: record)))
    case .fields: ReportText.key(parts: snapshot.keyFields(of: record, identity: identity))
    }
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
