import ColdiffCore
import ColdiffEngine
import ColdiffFormats

extension ColdiffRun {
  /// Reads two files as trees of records nested in `field` (`--tree`),
  /// compares them and prints the result in the chosen format.
  ///
  /// OLD is read first, its tree laid out while it is validated; NEW's
  /// validation then lays its tree out too, taking the nested records it
  /// shares with OLD whole (`JSONKnownNodes`: their layouts are copied,
  /// and the comparison takes them as equal). Errors come as before:
  /// OLD's input, NEW's input, OLD's tree, NEW's tree.
  ///
  /// - Parameters:
  ///   - oldPath: OLD's file.
  ///   - newPath: NEW's file.
  ///   - detectionNames: the names whose extensions decide the forms.
  ///   - field: the children member, as given.
  ///   - header: printed before the report (git's driver forms).
  ///   - title: what was compared, for the Markdown and HTML reports.
  /// - Returns: 0 no differences, 1 differences, 2 trouble writing.
  /// - Throws: `Diagnostic` with `--unordered`; `InputError` for malformed
  ///   input, a form that cannot nest records, a children member that is
  ///   not an array, a missing or duplicate key.
  func compareTrees(
    _ oldPath: String, _ newPath: String, detectionNames: (old: String?, new: String?),
    field: String, header: String?, title: String
  ) throws -> ExitStatus {
    guard !options.unordered else {
      throw Diagnostic(
        "--tree and --unordered do not combine: the children of a record are ordered")
    }
    let pointer = try JSONPointer(field: field)
    let keys = options.keyFields
    let keyName = Identity.likelyKeyName(keys: keys)
    var trees: (old: Result<TreeSnapshot, any Error>, new: Result<TreeSnapshot, any Error>?)?
    // Each tree is laid out while its input is validated.
    let names =
      pointer.tokens.count == 1 ? JSONTreeNames(children: pointer.tokens[0], key: keyName) : nil
    let (old, new) = try loadSnapshots(
      oldPath, newPath, detectionNames: detectionNames, treeNames: names
    ) { old, loadNew in
      // OLD's nodes first, for NEW's scan; the rest of OLD's tree is made
      // beside it. No nodes for a refused tree.
      let (oldTree, (new, newTree)) = try TreeSnapshot.withKnownNodes(
        of: old, field: pointer, keyName: keyName
      ) { nodes in
        let new = try loadNew(nodes)
        return (
          new,
          new.map { new in
            Result { try TreeSnapshot(new, field: pointer, keyName: keyName, known: nodes) }
          }
        )
      }
      trees = (oldTree, newTree)
      return new
    }
    let oldTree =
      try trees?.old.get()
      ?? TreeSnapshot(
        old, field: pointer, keyName: keyName, tableOfKeys: true)
    let newTree = try trees?.new?.get() ?? TreeSnapshot(new, field: pointer, keyName: keyName)
    let identity = try TreeSnapshot.identity(keys: keys, old: oldTree, new: newTree)
    guard case .fields(let pointers) = identity else { preconditionFailure("a tree is keyed") }
    let comparison = try TreeComparison(
      old: oldTree, new: newTree, keys: pointers, rules: options.rules)
    let text = TreeReport(style: reportStyle)
    let status = emit(
      ComparisonOutput(
        hasDifferences: !comparison.diff.isEmpty, summary: { ReportStyle.summary(comparison.diff) },
        document: comparison.document, patch: comparison.patch(guards:),
        text: { text.render(comparison) }, changes: { ReportChanges(comparison, limit: $0) },
        writeDocument: comparison.writeDocument(to:flushingAt:alongside:_:)),
      header: header, title: title)
    // Both trees, their snapshots and mapped inputs go with the process,
    // not node by node (as a flat comparison's do).
    io.leaveForExit(comparison)
    return status
  }
}
