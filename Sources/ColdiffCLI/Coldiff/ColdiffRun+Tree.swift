import ColdiffCore
import ColdiffEngine
import ColdiffFormats

extension ColdiffRun {
  /// Compares two snapshots as trees of records nested in `field`
  /// (`--tree`) and prints the result in the chosen format.
  ///
  /// - Parameters:
  ///   - old: OLD, read.
  ///   - new: NEW, read.
  ///   - field: the children member, as given.
  ///   - header: printed before the report (git's driver forms).
  ///   - title: what was compared, for the Markdown and HTML reports.
  /// - Returns: 0 no differences, 1 differences, 2 trouble writing.
  /// - Throws: `Diagnostic` with `--unordered`; `InputError` for a form
  ///   that cannot nest records, a children member that is not an array,
  ///   a missing or duplicate key.
  func compareTrees(
    old: Snapshot, new: Snapshot, field: String, header: String?, title: String
  ) throws -> ExitStatus {
    guard !options.unordered else {
      throw Diagnostic(
        "--tree and --unordered do not combine: the children of a record are ordered")
    }
    let pointer = try JSONPointer(field: field)
    // The likely key is noted while scanning: `--key NAME`, or `id`.
    let keys = options.keyFields
    let keyName: [UInt8]? =
      keys.isEmpty
      ? Array("id".utf8) : keys.count == 1 && keys[0].tokens.count == 1 ? keys[0].tokens[0] : nil
    let (oldTree, newTree) = try Parallel.both(
      { try TreeSnapshot(old, field: pointer, keyName: keyName) },
      { try TreeSnapshot(new, field: pointer, keyName: keyName) })
    let identity = try TreeSnapshot.identity(keys: keys, old: oldTree, new: newTree)
    guard case .fields(let pointers) = identity else { preconditionFailure("a tree is keyed") }
    let comparison = try TreeComparison(
      old: oldTree, new: newTree, keys: pointers, rules: options.rules)
    let status: ExitStatus = comparison.diff.isEmpty ? .success : .differences
    guard !options.quiet else { return status }
    var out = Array((header ?? "").utf8)
    switch options.outputFormat {
    case .stat: out += Array((ReportStyle.summary(comparison.diff) + "\n").utf8)
    case .json: comparison.document().write(to: &out)
    case .patch:
      out += RawJSONPatch.prefixing(
        comparison.patch(guards: !options.noTest), with: options.root ?? .root)
    case .text, .markdown, .html:
      let text = TreeReport(color: report.color, width: report.width, limit: options.limit)
      out +=
        peopleReport(
          text: { text.render(comparison) }, changes: { ReportChanges(comparison, limit: $0) },
          title: title)
        ?? []
    }
    return console.output(out) ? status : .trouble
  }
}
