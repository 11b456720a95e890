import ColdiffFormats

extension PatchTarget {
  /// Applies a tree diff document (SPEC §5, §7.1) by key across the whole
  /// tree: deletes, updates and moves find their record by key anywhere
  /// in the tree; an update checks the old values it carries, a delete
  /// the whole subtree it removes (after the moves have taken their
  /// records out of it); inserts and moves are placed, in NEW preorder,
  /// under the record `parent` names (or at the top) right after the
  /// sibling `after` names (or first). A document without `parent` (a
  /// reversed one) places them by their NEW index paths.
  ///
  /// - Throws: `PatchConflict` naming the first record that does not fit
  ///   (exit 1); `InputError` when the document cannot apply to this kind
  ///   of target (exit 2).
  /// - Complexity: O(size of the target + d·w) for d changes and sibling
  ///   lists of width w.
  mutating func applyTree(_ document: DiffDocument) throws {
    guard let field = document.tree, let keys = document.key else {
      throw InputError("a tree diff document needs \"tree\" and \"key\"", file: snapshot.name)
    }
    guard !isObjectMap, case .json = snapshot.storage else {
      throw InputError(
        "a tree diff document applies to a JSON array or JSON Lines", file: snapshot.name)
    }
    var forest = try TreeForest(target: self, field: field, keys: keys)
    func find(_ key: JSONValue?) throws -> Int {
      guard let key, let node = forest.node(withKey: key), forest.isAttached(node) else {
        throw PatchConflict(
          description: "key \(key.map(ReportText.key) ?? "?"): no such record in the target")
      }
      return node
    }
    let deleted = try document.deletes.map { try find($0.key) }
    let updated = try document.updates.map { try find($0.key) }
    let moved = try document.moves.map { try find($0.key) }
    for (entry, node) in zip(document.updates, updated) {
      var record = forest.content(of: node)
      var member = forest.hasChildrenMember(node)
      let name = "key \(entry.key.map(ReportText.key) ?? "?")"
      for change in entry.changes {
        if change.path == field {
          member = change.new != nil
          continue
        }
        try PatchTarget.apply(change, to: &record, name: name)
      }
      forest.setContent(record, hasMember: member, of: node)
    }
    for node in moved { forest.detach(node) }
    for (entry, node) in zip(document.deletes, deleted) {
      guard case .value(let expected) = entry.value, expected == forest.value(of: node) else {
        throw PatchConflict(
          description: "key \(entry.key.map(ReportText.key) ?? "?"): the record differs from "
            + "the one the diff deletes")
      }
      forest.detach(node)
      forest.unindex(node)
    }
    // Place inserts and moves in NEW preorder, so parents and preceding
    // siblings are in place first.
    var placements:
      [(
        path: [Int], node: Int, parent: DiffDocument.Reference?,
        after: DiffDocument.Reference?, key: JSONValue?
      )] = []
    for entry in document.inserts {
      guard case .value(let value) = entry.value else {
        preconditionFailure("read documents hold values")
      }
      let node = try forest.addInserted(value, name: snapshot.name)
      placements.append((entry.position.treePath, node, entry.parent, entry.after, entry.key))
    }
    for (entry, node) in zip(document.moves, moved) {
      placements.append((entry.to.treePath, node, entry.parent, entry.after, entry.key))
    }
    placements.sort { $0.path.lexicographicallyPrecedes($1.path) }
    for placement in placements {
      let name = "key \(placement.key.map(ReportText.key) ?? "?")"
      let parent: Int
      let position: Int
      if let reference = placement.parent {
        parent = try placedParent(reference, in: forest, name: name)
        position = try placedPosition(
          after: placement.after, among: forest.childList(of: parent), in: forest, name: name)
      } else {
        // By position: the parent at the path's prefix, the index its last component.
        let prefix = Array(placement.path.dropLast())
        guard let last = placement.path.last,
          let found = prefix.isEmpty ? -1 : forest.node(at: prefix),
          last <= forest.childList(of: found).count
        else {
          throw PatchConflict(
            description: "\(name): no place \(placement.path) in the target")
        }
        parent = found
        position = last
      }
      forest.attach(placement.node, under: parent, at: position)
    }
    forest.write(into: &self)
  }

  /// The node a `parent` reference names (-1 for the top level).
  private func placedParent(
    _ reference: DiffDocument.Reference, in forest: TreeForest, name: String
  ) throws -> Int {
    guard case .key(let key) = reference else { return -1 }
    guard let node = forest.node(withKey: key), forest.isAttached(node) else {
      throw PatchConflict(
        description: "\(name): its parent (key \(ReportText.key(key))) is not in the target")
    }
    return node
  }

  /// The position right after the sibling `after` names (0 for `null`).
  private func placedPosition(
    after reference: DiffDocument.Reference?, among siblings: [Int], in forest: TreeForest,
    name: String
  ) throws -> Int {
    guard case .key(let key)? = reference else { return 0 }
    guard let node = forest.node(withKey: key), let index = siblings.firstIndex(of: node) else {
      throw PatchConflict(
        description: "\(name): the record before it (key \(ReportText.key(key))) is not "
          + "among its siblings in the target")
    }
    return index + 1
  }
}

extension DiffDocument.Position {
  /// The components of an index path (empty for the other positions).
  fileprivate var treePath: [Int] {
    if case .path(let path) = self { return path }
    return []
  }
}
