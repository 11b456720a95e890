import ColdiffEngine
import ColdiffFormats

extension ReportChanges {
  /// The changes of a tree comparison, counted as the diff counts them: a
  /// deleted or inserted subtree is one change, of its root, whose record
  /// is the root's own fields and whose note tells how many records below
  /// it go or come with it; a node is named by the keys from its root;
  /// positions are index paths; a move whose parent changed notes the new
  /// parent.
  ///
  /// - Parameters:
  ///   - comparison: the engine's result.
  ///   - limit: the most changes to gather (the counts and the changed
  ///     fields are always whole), or `nil` for all.
  /// - Complexity: O(changed fields + the records of the gathered inserted
  ///   and deleted subtrees).
  init(_ comparison: TreeComparison, limit: Int? = nil) {
    let diff = comparison.diff
    let (old, new, keys) = (comparison.old, comparison.new, comparison.keys)
    let most = limit ?? Int.max
    var changes: [ReportChange] = []
    for path in diff.deletes.prefix(most) {
      changes.append(
        Self.subtree(.delete, old.node(at: path), old, comparison.oldToNew, comparison))
    }
    for path in diff.inserts.prefix(most - changes.count) {
      changes.append(
        Self.subtree(.insert, new.node(at: path), new, comparison.newToOld, comparison))
    }
    for path in diff.updates.prefix(most - changes.count) {
      let node = old.node(at: path)
      var change = ReportChange(
        kind: .update, name: RecordNames.name(of: node, in: old, keys: keys),
        position: old.position(of: path).text)
      change.fields = (comparison.changes[node] ?? []).map(ReportField.init)
      changes.append(change)
    }
    for move in diff.moves.prefix(most - changes.count) {
      let (oldNode, newNode) = (old.node(at: move.from), new.node(at: move.to))
      var change = ReportChange(
        kind: .move, name: RecordNames.name(of: oldNode, in: old, keys: keys),
        position: "\(old.position(of: move.from).text) → \(new.position(of: move.to).text)")
      let (oldParent, newParent) = (Int(old.parents[oldNode]), Int(new.parents[newNode]))
      if oldParent < 0 ? newParent >= 0 : Int(comparison.oldToNew[oldParent]) != newParent {
        change.note =
          newParent < 0
          ? "now a root" : "now under \(RecordNames.name(of: newParent, in: new, keys: keys))"
      }
      changes.append(change)
    }
    self.init(changes: changes, counts: Self.counts(diff), updates: comparison.changes.values)
  }

  /// The change for an inserted or deleted subtree rooted at `node`.
  private static func subtree(
    _ kind: ReportChange.Kind, _ node: Int, _ tree: TreeSnapshot, _ matches: [Int32],
    _ comparison: TreeComparison
  ) -> ReportChange {
    var change = ReportChange(
      kind: kind, name: RecordNames.name(of: node, in: tree, keys: comparison.keys),
      position: tree.position(of: node).text)
    change.record = ReportText.value(tree.ownFields(of: node))
    let below = comparison.unmatchedDescendants(of: node, in: tree, matches: matches).count
    if below > 0 {
      change.note = "with \(below) record\(below == 1 ? "" : "s") below it"
    }
    return change
  }
}
