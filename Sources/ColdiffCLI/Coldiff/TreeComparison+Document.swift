import ColdiffCore
import ColdiffFormats

extension TreeComparison {
  /// The tree diff document (SPEC §4.2, §7.1): index paths, the nodes'
  /// keys, each insert and move with the key of its preceding sibling
  /// (`after`) and of its parent (`parent`, `null` for a root) in NEW, the
  /// children member as `tree`. An insert carries its inserted subtree and
  /// a delete its deleted one (matched descendants are moves of their
  /// own).
  func document() -> DiffDocument {
    func after(_ newNode: Int) -> DiffDocument.Reference {
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
          position: .path(path.components), key: key(new: node), after: after(node),
          parent: parent(node), value: unmatchedSubtree(of: node, in: new, matches: newToOld))
      },
      deletes: diff.deletes.map { path in
        let node = old.node(at: path)
        return DiffDocument.Delete(
          position: .path(path.components), key: key(old: node),
          value: unmatchedSubtree(of: node, in: old, matches: oldToNew))
      },
      updates: diff.updates.map { path in
        let node = old.node(at: path)
        return DiffDocument.Update(
          position: .path(path.components), key: key(old: node),
          changes: (changes[node] ?? []).map {
            DiffDocument.Change(path: JSONPointer(tokens: $0.path), old: $0.old, new: $0.new)
          })
      },
      moves: diff.moves.map { move in
        let node = new.node(at: move.to)
        return DiffDocument.Move(
          from: .path(move.from.components), to: .path(move.to.components), key: key(new: node),
          after: after(node), parent: parent(node))
      })
  }
}
