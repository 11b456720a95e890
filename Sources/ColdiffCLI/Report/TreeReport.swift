import ColdiffCore
import ColdiffEngine
import ColdiffFormats

/// The report for people on two trees (SPEC §4.1 with `--tree`): one line
/// per change, each node named by the keys on its way from the root
/// (`Electronics › Phones › X`, the root of an object map by its member
/// name) and its index path as the diff document writes it; a deleted or inserted
/// subtree is one line for its root with its other records indented
/// under it; a move shows both paths and, when the parent changed, the
/// new parent. At most `limit` changes (a subtree's lines count as one).
/// Nothing when nothing changed.
struct TreeReport {
  /// Colors, width and the most changes to show.
  let style: ReportStyle

  /// The report's lines for `comparison`.
  func render(_ comparison: TreeComparison) -> String {
    let diff = comparison.diff
    var lines: [[String]] = []
    for path in diff.deletes {
      let node = comparison.old.node(at: path)
      lines.append(
        subtree(
          "-", node, in: comparison.old, matches: comparison.oldToNew, comparison, .red))
    }
    for path in diff.inserts {
      let node = comparison.new.node(at: path)
      lines.append(
        subtree(
          "+", node, in: comparison.new, matches: comparison.newToOld, comparison, .green))
    }
    for path in diff.updates {
      let node = comparison.old.node(at: path)
      let fields = (comparison.changes[node] ?? []).map(style.describe).joined(separator: "; ")
      lines.append([
        style.line(
          "~", name(node, in: comparison.old, comparison),
          "\(comparison.old.position(of: path).text)  \(fields)", .yellow)
      ])
    }
    for move in diff.moves {
      let oldNode = comparison.old.node(at: move.from)
      let newNode = comparison.new.node(at: move.to)
      var detail =
        "\(comparison.old.position(of: move.from).text) → \(comparison.new.position(of: move.to).text)"
      let oldParent = Int(comparison.old.parents[oldNode])
      let newParent = Int(comparison.new.parents[newNode])
      if oldParent < 0 ? newParent >= 0 : Int(comparison.oldToNew[oldParent]) != newParent {
        detail +=
          newParent < 0
          ? "  (now a root)" : "  (now under \(name(newParent, in: comparison.new, comparison)))"
      }
      lines.append([style.line("↕", name(oldNode, in: comparison.old, comparison), detail, .cyan)])
    }
    guard !lines.isEmpty else { return "" }
    return style.finish(head: [], changes: lines, summary: ReportStyle.summary(diff))
  }

  /// The root line of an inserted or deleted subtree, with its path and
  /// content, then one indented line per other record of the subtree.
  private func subtree(
    _ sigil: String, _ node: Int, in tree: TreeSnapshot, matches: [Int32],
    _ comparison: TreeComparison, _ tone: ReportStyle.Tone
  ) -> [String] {
    let content = ReportText.value(tree.ownFields(of: node))
    var lines = [
      style.line(
        sigil, name(node, in: tree, comparison), "\(tree.position(of: node).text)  \(content)", tone
      )
    ]
    for (descendant, depth) in comparison.unmatchedDescendants(of: node, in: tree, matches: matches)
    {
      let indent = String(repeating: "  ", count: depth)
      let key = ReportText.key(parts: tree.keyFields(of: descendant, pointers: comparison.keys))
      let text = "\(indent)\(sigil) \(key)  \(ReportText.value(tree.ownFields(of: descendant)))"
      lines.append(ReportText.shorten(text, to: style.width))
    }
    return lines
  }

  /// The keys from the root down to `node`, joined by ` › `.
  private func name(_ node: Int, in tree: TreeSnapshot, _ comparison: TreeComparison) -> String {
    RecordNames.name(of: node, in: tree, keys: comparison.keys)
  }
}
