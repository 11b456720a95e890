import ColdiffCore
import ColdiffFormats

extension TreeComparison {
  /// The tree diff document (SPEC §4.2, §7.1): index paths, the nodes'
  /// keys, each insert and move with the key of its preceding sibling
  /// (`after`) and of its parent (`parent`, `null` for a root) in NEW, the
  /// children member as `tree`. An insert carries its inserted subtree and
  /// a delete its deleted one (matched descendants are moves of their
  /// own). In the tree of a JSON object map, positions start with the
  /// root's member name and a record placed at the top has no `after` (a
  /// map has no order).
  package func document() -> DiffDocument {
    func after(_ newNode: Int) -> DiffDocument.Reference? {
      if new.isNamedRoot(newNode) { return nil }
      let index = Int(new.siblingIndex[newNode])
      guard index > 0 else { return .null }
      let siblings = new.children(of: Int(new.parents[newNode]))
      return .key(key(new: Int(siblings[siblings.startIndex + index - 1])))
    }
    func parent(_ newNode: Int) -> DiffDocument.Reference {
      let parent = Int(new.parents[newNode])
      return parent < 0 ? .null : .key(key(new: parent))
    }
    return DiffDocument(
      kind: .tree, key: keys, tree: old.field,
      inserts: diff.inserts.map { path in
        let node = new.node(at: path)
        return DiffDocument.Insert(
          position: new.position(of: path), key: key(new: node), after: after(node),
          parent: parent(node), value: unmatchedSubtree(of: node, in: new, matches: newToOld))
      },
      deletes: diff.deletes.map { path in
        let node = old.node(at: path)
        return DiffDocument.Delete(
          position: old.position(of: path), key: key(old: node),
          value: unmatchedSubtree(of: node, in: old, matches: oldToNew))
      },
      updates: diff.updates.map { path in
        let node = old.node(at: path)
        return DiffDocument.Update(
          position: old.position(of: path), key: key(old: node),
          changes: (changes[node] ?? []).map {
            DiffDocument.Change(
              path: JSONPointer(tokens: $0.path), old: $0.old, new: $0.new, after: $0.after)
          })
      },
      moves: diff.moves.map { move in
        let node = new.node(at: move.to)
        return DiffDocument.Move(
          from: old.position(of: move.from), to: new.position(of: move.to), key: key(new: node),
          after: after(node), parent: parent(node))
      })
  }
}
