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
  /// In a JSON object map the roots are the members, found by their names
  /// (a root's key); a record placed at the top becomes the member named
  /// by its key, which must then be a string.
  ///
  /// - Throws: `PatchConflicts` listing every record it names that is
  ///   not there or does not hold what it expects, and for a target that cannot hold the tree (a table, a
  ///   children member that is not an array) (exit 1); `InputError` when
  ///   the document lacks `tree` or `key` or moves or deletes one record
  ///   twice (exit 2).
  /// - Complexity: O(size of the target + d log w) expected for d changes
  ///   and sibling lists of width w (plus the size of each deleted subtree,
  ///   which is compared, and the depth of each index path).
  package mutating func applyTree(_ document: DiffDocument) throws {
    guard let field = document.tree, let keys = document.key else {
      throw InputError("a tree diff document needs \"tree\" and \"key\"", file: snapshot.name)
    }
    // A target that cannot hold this tree does not fit (exit 1).
    guard case .json = snapshot.storage else {
      throw PatchConflicts(
        "\(snapshot.name): a tree diff document applies to a JSON array, a JSON object or "
          + "JSON Lines", failedGuard: true)
    }
    let rules = try ComparisonRules(document: document.rules)
    var forest: TreeForest
    do {
      forest = try TreeForest(target: self, field: field, keys: keys)
    } catch let error as InputError {
      throw PatchConflicts(error.description, failedGuard: true)
    }
    var log = PatchConflicts()
    func find(_ key: JSONValue?) -> Int? {
      guard let key, let node = forest.node(withKey: key), forest.isAttached(node) else {
        log.add(
          "key \(key.map(ReportText.key) ?? "?"): no such record in the target", failedGuard: true)
        return nil
      }
      return node
    }
    let deleted = document.deletes.map { find($0.key) }
    let updated = document.updates.map { find($0.key) }
    let moved = document.moves.map { find($0.key) }
    try PatchTarget.checkTakenOnce(document, moved: moved, deleted: deleted)
    for (entry, node) in zip(document.updates, updated) {
      guard let node else { continue }
      do {
        try PatchTarget.update(node, in: &forest, with: entry, field: field, rules: rules)
        log.held()
      } catch {
        log.add("\(error)", failedGuard: true)
      }
    }
    for node in moved.compactMap({ $0 }) {
      forest.detach(node)
      log.held()
    }
    for (entry, node) in zip(document.deletes, deleted) {
      guard let node else { continue }
      guard case .value(let expected) = entry.value, expected == forest.value(of: node) else {
        log.add(
          "key \(entry.key.map(ReportText.key) ?? "?"): the record differs from the one the diff "
            + "deletes", failedGuard: true)
        continue
      }
      forest.detach(node)
      forest.unindex(node)
      log.held()
    }
    // Every record the document names must fit before any is placed.
    guard log.isEmpty else { throw log }
    // Place inserts and moves in NEW preorder, so parents and preceding
    // siblings are in place first.
    var placements: [TreePlacement] = []
    for entry in document.inserts {
      guard case .value(let value) = entry.value else {
        preconditionFailure("read documents hold values")
      }
      let member = try topMemberName(of: entry)
      let node = try forest.addInserted(value, name: snapshot.name, member: member)
      placements.append((entry.position, node, entry.parent, entry.after, entry.key))
    }
    for (entry, node) in zip(document.moves, moved) {
      guard let node else { continue }
      placements.append((entry.to, node, entry.parent, entry.after, entry.key))
    }
    placements.sort { $0.path.precedes($1.path) }
    for placement in placements {
      try place(placement, in: &forest)
    }
    forest.write(into: &self)
  }

  /// Applies an update's changes to the content of `node`, those in
  /// keyed arrays (`--array-key`) by key; a change of the children member
  /// `field` only says whether the member is there.
  ///
  /// - Throws: `PatchConflict` when a change does not fit.
  private static func update(
    _ node: Int, in forest: inout TreeForest, with entry: DiffDocument.Update,
    field: JSONPointer, rules: ComparisonRules
  ) throws {
    var record = forest.content(of: node)
    var member = forest.hasChildrenMember(node)
    let name = "key \(entry.key.map(ReportText.key) ?? "?")"
    var changes: [DiffDocument.Change] = []
    for change in entry.changes {
      if change.path == field {
        member = change.new != nil
      } else {
        changes.append(change)
      }
    }
    if rules.arrayKeys.isEmpty {
      for change in changes { try PatchTarget.apply(change, to: &record, name: name, rules: rules) }
    } else {
      try PatchTarget.applyKeyed(changes, to: &record, name: { name }, rules: rules)
    }
    forest.setContent(record, hasMember: member, of: node)
  }

  /// Refuses a document that moves or deletes one record twice.
  ///
  /// - Throws: `InputError` naming the record's key.
  private static func checkTakenOnce(
    _ document: DiffDocument, moved: [Int?], deleted: [Int?]
  ) throws {
    var taken = Set<Int>()
    for (key, node) in zip(document.moves.map(\.key) + document.deletes.map(\.key), moved + deleted)
    where node.map({ !taken.insert($0).inserted }) == true {
      throw InputError(
        "key \(key.map(ReportText.key) ?? "?"): the document moves or deletes it more than once")
    }
  }

  /// A record to place: an insert or a move.
  private typealias TreePlacement = (
    path: DiffDocument.Position, node: Int, parent: DiffDocument.Reference?,
    after: DiffDocument.Reference?, key: JSONValue?
  )

  /// Attaches a placed record under the record `parent` names, right
  /// after the sibling `after` names, or at its NEW index path.
  ///
  /// - Throws: `PatchConflict` when that place is not in the target.
  private func place(_ placement: TreePlacement, in forest: inout TreeForest) throws {
    let name = "key \(placement.key.map(ReportText.key) ?? "?")"
    let parent: Int
    let position: Int
    if let reference = placement.parent {
      parent = try placedParent(reference, in: forest, name: name)
      position = try placedPosition(
        after: placement.after, under: parent, in: forest, name: name)
    } else {
      // By position: the parent at the path's prefix, the index its last
      // component (the top of an object map, for a name alone).
      guard let (found, last) = placedSlot(placement.path, in: forest),
        last <= forest.childCount(of: found)
      else {
        throw PatchConflict(
          description: "\(name): no place \(placement.path.text) in the target")
      }
      parent = found
      position = last
    }
    do {
      try forest.attach(placement.node, under: parent, at: position, key: placement.key)
    } catch let error as InputError {
      throw PatchConflict(description: "\(snapshot.name): \(error.message)")
    }
  }

  /// The member name of an insert bound for the top of an object map: its
  /// key (or, without one, the name its position starts with); `nil` for
  /// any other insert.
  ///
  /// - Throws: `PatchConflict` for a key that is not a string.
  private func topMemberName(of entry: DiffDocument.Insert) throws -> JSONString? {
    guard isObjectMap else { return nil }
    let top: Bool
    switch (entry.parent, entry.position) {
    case (.null?, _), (nil, .namedPath(_, [])): top = true
    default: top = false
    }
    guard top else { return nil }
    switch (entry.key, entry.position) {
    case (.string(let name)?, _), (nil, .namedPath(let name, _)): return name
    case (let key, _):
      throw PatchConflict(
        description: "\(snapshot.name): key \(key.map(ReportText.key) ?? "?"): a record placed "
          + "at the top of a JSON object becomes the member named by its key, which must be "
          + "a string")
    }
  }

  /// The parent (-1: the top) and index a position names in the forest as
  /// it stands, or `nil` when there is no such place.
  private func placedSlot(_ position: DiffDocument.Position, in forest: TreeForest) -> (
    Int, Int
  )? {
    switch position {
    case .path(let path):
      guard let last = path.last else { return nil }
      let prefix = Array(path.dropLast())
      guard let parent = prefix.isEmpty ? -1 : forest.node(at: .path(prefix)) else { return nil }
      return (parent, last)
    case .namedPath(let root, let path):
      guard let last = path.last else { return (-1, forest.childCount(of: -1)) }
      guard let parent = forest.node(at: .namedPath(root, Array(path.dropLast()))) else {
        return nil
      }
      return (parent, last)
    case .index, .name: return nil
    }
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

  /// The position right after the sibling `after` names among the
  /// children of `parent` (0 for `null`).
  private func placedPosition(
    after reference: DiffDocument.Reference?, under parent: Int, in forest: TreeForest,
    name: String
  ) throws -> Int {
    guard case .key(let key)? = reference else { return 0 }
    guard let node = forest.node(withKey: key), forest.parent(of: node) == parent else {
      throw PatchConflict(
        description: "\(name): the record before it (key \(ReportText.key(key))) is not "
          + "among its siblings in the target")
    }
    return forest.position(of: node) + 1
  }
}
