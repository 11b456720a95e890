extension ColdiffRun {
  /// The report in the chosen format for people: `text` (the given
  /// one), `markdown` or `html`, titled `OLD → NEW`.
  ///
  /// - Parameters:
  ///   - text: the text report, made only when that is the format.
  ///   - changes: the changes, gathered only for Markdown and HTML (at
  ///     most the given number of them, or all for `nil`).
  ///   - title: what was compared.
  /// - Returns: the report's bytes, or `nil` for a format that is not a
  ///   report for people.
  func peopleReport(
    text: () -> String, changes: (Int?) -> ReportChanges, title: String
  ) -> [UInt8]? {
    switch options.outputFormat {
    case .text: Array(text().utf8)
    case .markdown:
      Array(
        MarkdownReport(limit: options.limit ?? 100, title: title).render(
          changes(options.limit ?? 100)
        ).utf8)
    case .html: HTMLReport(title: title).render(changes(nil))
    case .json, .patch, .stat: nil
    }
  }
}
