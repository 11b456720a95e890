import ColdiffCore
import ColdiffEngine
import ColdiffFormats

/// How the lines of a report for people look: colored or plain, fitted to
/// a width or kept whole. Shared by the flat and the tree report.
struct ReportStyle {
  /// Whether to color the lines (ANSI escapes).
  let color: Bool
  /// The width to fit lines into, or `nil` to keep them whole.
  let width: Int?
  /// The most changes to show (`--limit`), or `nil` for all.
  var limit: Int? = nil

  /// The colors of the kinds of change.
  enum Tone: String {
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
    case bold = "1"
    case dim = "2"
  }

  /// `text` in `tone`, when coloring.
  func paint(_ text: String, _ tone: Tone) -> String {
    color ? "\u{1B}[\(tone.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// One change: its sigil and record name (colored), then the detail,
  /// the whole cut to the width.
  func line(_ sigil: String, _ name: String, _ detail: String, _ tone: Tone) -> String {
    let text = ReportText.shorten("\(sigil) \(name)  \(detail)", to: width)
    let head = "\(sigil) \(name)"
    guard color, text.hasPrefix(head) else { return text }
    return paint(head, tone) + text.dropFirst(head.count)
  }

  /// A changed field: `field: old → new`, `+field: new` when added,
  /// `-field: old` when removed, each value cut to a third of the width (keeping where old and new
  /// first differ in view).
  func describe(_ change: FieldChange) -> String {
    let field = ReportText.field(change.path, element: change.element)
    if let from = change.element?.from {
      // A moved element of a keyed array: its OLD and NEW index.
      let depth = change.element?.depth ?? 0
      return "\(field): \(String(decoding: from[depth], as: UTF8.self)) → "
        + String(decoding: change.path[depth], as: UTF8.self)
    }
    let budget = width.map { max(12, $0 / 3) }
    let (old, new) = ReportText.shorten(
      change.old.map(ReportText.value), change.new.map(ReportText.value), to: budget)
    switch (old, new) {
    // A record that is not an object changed as a whole: no field to name.
    case (let old?, let new?) where change.path.isEmpty: return "\(old) → \(new)"
    case (let old?, let new?): return "\(field): \(old) → \(new)"
    case (nil, let new?): return "+\(field): \(new)"
    case (let old?, nil): return "-\(field): \(old)"
    case (nil, nil): return field
    }
  }

  /// The whole report: the `head` lines, the lines of each change (at
  /// most `limit` changes, then `… and N more changes`), and the summary
  /// line in bold.
  func finish(head: [String], changes: [[String]], summary: String) -> String {
    var lines = head
    let shown = min(changes.count, limit ?? changes.count)
    for change in changes[..<shown] { lines += change }
    let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    return text + closing(more: changes.count - shown, summary: summary)
  }

  /// The report's last lines: `… and N more changes` when `more`
  /// changes are not shown, and the summary line in bold.
  func closing(more: Int, summary: String) -> String {
    let more =
      more > 0 ? paint("… and \(more) more change\(more == 1 ? "" : "s")", .dim) + "\n" : ""
    return more + paint(summary, .bold) + "\n"
  }

  /// The closing line: `N inserted, N deleted, N updated, N moved` (also
  /// all of `--format stat`).
  static func summary<Index>(_ diff: OrderedCollectionDiff<Index>) -> String {
    "\(diff.inserts.count) inserted, \(diff.deletes.count) deleted, "
      + "\(diff.updates.count) updated, \(diff.moves.count) moved"
  }
}
