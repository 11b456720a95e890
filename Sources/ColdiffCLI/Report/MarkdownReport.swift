import ColdiffEngine

/// The report for CI step summaries and review comments (SPEC §8.5), in
/// GitHub-flavoured Markdown: a title, a table of counts, a table of the
/// changed fields with how many records each changed, then the changes as
/// one table per kind (deleted, inserted, updated with one row per changed
/// field as `old → new`, moved), at most `limit` changes, then
/// `… and N more changes`. Every value is escaped (``MarkdownText``) so
/// that it renders as text, and long values are cut keeping their
/// difference visible (`ReportText.shorten`, as in the text report).
struct MarkdownReport {
  /// The most changes to show (an updated record counts once).
  let limit: Int
  /// What was compared, for the title (`old.json → new.json`).
  let title: String

  /// The characters a field's value keeps in a cell.
  static let valueBudget = 100
  /// The characters an inserted or deleted record keeps in a cell.
  static let recordBudget = 200

  /// The report for `report`, whose changes may stop at `limit`.
  func render(_ report: ReportChanges) -> String {
    var out = "### coldiff: \(MarkdownText.cell(title))\n\n"
    out += "| change | records |\n|---|---:|\n"
    for kind in [ReportChange.Kind.insert, .delete, .update, .move] {
      out += "| \(kind.title.lowercased()) | \(report.counts[kind.rawValue]) |\n"
    }
    guard report.total > 0 else { return out + "\nNo differences.\n" }
    if !report.fieldCounts.isEmpty {
      out += "\n#### Changed fields\n\n| field | records |\n|---|---:|\n"
      for (field, records) in report.fieldCounts {
        out += "| \(Self.fieldCell(field)) | \(records) |\n"
      }
    }
    var shown = 0
    var rest = report.changes[...]
    for kind in ReportChange.Kind.allCases {
      let rows = rest.prefix { $0.kind == kind }.prefix(max(limit - shown, 0))
      rest = rest.drop { $0.kind == kind }
      guard !rows.isEmpty else { continue }
      shown += rows.count
      let notes = kind == .move && rows.contains { !$0.note.isEmpty }
      out += "\n#### \(kind.title) (\(report.counts[kind.rawValue]))\n\n"
      out += Self.header(kind, notes: notes)
      for change in rows { out += Self.rows(change, notes: notes) }
    }
    if shown < report.total {
      let more = report.total - shown
      out += "\n… and \(more) more change\(more == 1 ? "" : "s") (`--limit` shows more)\n"
    }
    return out
  }

  /// The header of a kind's table; moves have a note column when any
  /// shown move has a note (a tree's new parent).
  private static func header(_ kind: ReportChange.Kind, notes: Bool) -> String {
    switch kind {
    case .delete, .insert: "| key | position | record |\n|---|---|---|\n"
    case .update: "| key | position | field | old → new |\n|---|---|---|---|\n"
    case .move:
      notes ? "| key | from → to | note |\n|---|---|---|\n" : "| key | from → to |\n|---|---|\n"
    }
  }

  /// The rows of one change: one for an insert, a delete or a move, one
  /// per changed field for an update.
  private static func rows(_ change: ReportChange, notes: Bool) -> String {
    let name = MarkdownText.cell(change.name)
    let position = MarkdownText.cell(change.position)
    switch change.kind {
    case .delete, .insert:
      var record = MarkdownText.cell(ReportText.shorten(change.record, to: recordBudget))
      if !change.note.isEmpty { record += " *(\(MarkdownText.cell(change.note)))*" }
      return "| \(name) | \(position) | \(record) |\n"
    case .move:
      return "| \(name) | \(position) |" + (notes ? " \(MarkdownText.cell(change.note)) |\n" : "\n")
    case .update:
      return change.fields.map {
        "| \(name) | \(position) | \(fieldCell($0.field)) | \(values($0)) |\n"
      }.joined()
    }
  }

  /// A field's name; a record that changed whole has none.
  private static func fieldCell(_ field: String) -> String {
    field.isEmpty ? "*(whole record)*" : MarkdownText.cell(field)
  }

  /// `old → new`, `*(absent)*` standing for the missing side of an added
  /// or removed field.
  private static func values(_ field: ReportField) -> String {
    let (old, new) = ReportText.shorten(field.old, field.new, to: valueBudget)
    let absent = "*(absent)*"
    return "\(old.map(MarkdownText.cell) ?? absent) → \(new.map(MarkdownText.cell) ?? absent)"
  }
}
