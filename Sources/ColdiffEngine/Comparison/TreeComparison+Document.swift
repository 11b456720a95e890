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
  ///
  /// - Complexity: O(c·h) for c changes and height h, plus the subtrees
  ///   and keys written, on both cores.
  package func document() -> DiffDocument {
    func after(_ newNode: Int) -> DiffDocument.Reference? {
      afterNode(of: newNode).map { $0 < 0 ? .null : .key(key(new: $0)) }
    }
    func parent(_ newNode: Int) -> DiffDocument.Reference {
      let parent = Int(new.parents[newNode])
      return parent < 0 ? .null : .key(key(new: parent))
    }
    func inserts() -> [DiffDocument.Insert] {
      diff.inserts.map { path in
        let node = new.node(at: path)
        return DiffDocument.Insert(
          position: new.position(of: path), key: key(new: node), after: after(node),
          parent: parent(node), value: unmatchedSubtree(of: node, in: new, matches: newToOld))
      }
    }
    func deletes() -> [DiffDocument.Delete] {
      diff.deletes.map { path in
        let node = old.node(at: path)
        return DiffDocument.Delete(
          position: old.position(of: path), key: key(old: node),
          value: unmatchedSubtree(of: node, in: old, matches: oldToNew))
      }
    }
    func updates() -> [DiffDocument.Update] {
      diff.updates.map { path in
        let node = old.node(at: path)
        return DiffDocument.Update(
          position: old.position(of: path), key: key(old: node),
          changes: (changes[node] ?? []).map { DiffDocument.Change($0) })
      }
    }
    func moves() -> [DiffDocument.Move] {
      diff.moves.map { move in
        let node = new.node(at: move.to)
        return DiffDocument.Move(
          from: old.position(of: move.from), to: new.position(of: move.to), key: key(new: node),
          after: after(node), parent: parent(node))
      }
    }
    // The lists made on both cores (each reads the trees only): the
    // moves, the most (three keys each), on one; the others on the other.
    let (moved, (inserted, deleted, updated)) = Parallel.both(
      { moves() }, { (inserts(), deletes(), updates()) })
    var document = documentHead
    (document.inserts, document.deletes, document.updates, document.moves) = (
      inserted, deleted, updated, moved
    )
    return document
  }

  /// The NEW node whose key is the `after` of NEW node `node` in the
  /// document: `nil` for none (a root of an object map, which has no
  /// order), -1 for `null` (a first child or root), else the sibling
  /// before it.
  func afterNode(of node: Int) -> Int? {
    if new.isNamedRoot(node) { return nil }
    let index = Int(new.siblingIndex[node])
    guard index > 0 else { return -1 }
    return new.shape.child(index - 1, of: Int(new.parents[node]))
  }

  /// The document's members before its lists (`kind`, `key`, `tree`,
  /// `rules`), with empty lists.
  var documentHead: DiffDocument {
    var document = DiffDocument(
      kind: .tree, key: keys, tree: old.field, inserts: [], deletes: [], updates: [], moves: [])
    document.rules = rules.documentValue
    return document
  }
}
