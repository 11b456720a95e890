import ColdiffCore
import ColdiffFormats

extension TreeComparison {
  /// The sequential tree patch (SPEC §4.3, §7.19): RFC 6902 operations at
  /// pointers such as `/0/children/2`, in the order of the core's
  /// `TreePatchStep`s (inserts and moves in NEW preorder, then deleted
  /// subtrees from the back, then updates at their NEW paths), guarded as
  /// the flat patch is (a `test` of the key of each node touched, of the
  /// old value before each `remove` and `replace`).
  ///
  /// A node that moves into the subtree of its following sibling, which
  /// RFC 6902 forbids as a `move`, is written as a `remove` and an `add`
  /// of its subtree as it stands then; so is a node that moves to the
  /// place of one of its ancestors, whose reverse would be such a move. A children member that a node
  /// lacks is added (`[]`) before a record is placed in it, and the
  /// member's presence is made that of NEW at the end.
  ///
  /// In the tree of a JSON object map a root is the member named by its
  /// key (`/electronics/children/0`, a root `/electronics`): the patch
  /// keeps track of which root stands at each root index as the steps
  /// run. A root is guarded by its name (in the path); one that moves
  /// under another record is guarded by a `test` of its whole value, so
  /// that the move can be reversed.
  ///
  /// - Parameter guards: whether to write the `test` guards.
  /// - Returns: the patch's bytes.
  /// - Complexity: O(n + d·h·log w) for n nodes, d changes, height h and
  ///   sibling lists of width w, plus the replay of the forest's values
  ///   when a move must be written as a remove and an add.
  package func patch(guards: Bool) -> [UInt8] {
    var writing = TreePatchWriting(comparison: self, guards: guards)
    let steps = diff.patchSteps(oldShape: old.shape, newShape: new.shape)
    for (number, step) in steps.enumerated() {
      switch step {
      case .delete(let at, let oldNode): writing.delete(oldNode, at: at)
      case .insert(let at, let newNode):
        writing.ensureChildrenMember(of: newNode, placedAt: at)
        writing.insert(newNode, at: at, step: number)
      case .move(let from, let to, let oldNode, let newNode):
        writing.ensureChildrenMember(of: newNode, placedAt: to, removing: from)
        writing.move(oldNode, from: from, to: to, steps: steps, step: number)
      case .update(let at, let oldNode, let newNode): writing.update(oldNode, newNode, at: at)
      }
      writing.track(step)
    }
    writing.matchChildrenMembers()
    return writing.writer.finish()
  }

  /// The value of an inserted or deleted subtree (see
  /// `unmatchedSubtree(of:in:matches:)`), as a value tree.
  fileprivate func subtreeValue(of node: Int, in tree: TreeSnapshot, matches: [Int32]) -> JSONValue
  {
    switch unmatchedSubtree(of: node, in: tree, matches: matches) {
    case .value(let value): return value
    case .raw: return tree.value(of: node)
    }
  }
}

/// The tree patch being written.
private struct TreePatchWriting {
  let comparison: TreeComparison
  let guards: Bool
  var writer = JSONPatchWriter()
  /// For each OLD node, whether it has its children member now.
  private var hasMember: [Bool]
  /// The structural changes written so far, for a replay (see `model`).
  private var log: [Logged] = []
  /// The forest as it stands after the first `replayed` entries of `log`,
  /// built only when a move has to be written as a remove and an add.
  private var model: JSONValue?
  private var replayed = 0

  /// For an object map: the member names of the roots as the patch has
  /// left them so far, as indices into `rootNames`.
  private var roots: RecordSequence?
  /// The member names `roots` refers to: OLD's, then the names of the
  /// records placed at the top.
  private var rootNames: [JSONString]

  private enum Logged {
    /// An empty children member added to the record at this path.
    case addMember(TreeIndexPath)
    case step(TreePatchStep)
  }

  init(comparison: TreeComparison, guards: Bool) {
    self.comparison = comparison
    self.guards = guards
    hasMember = comparison.old.childrenRanges.map { $0 != nil }
    rootNames = comparison.old.rootNames ?? []
    if comparison.old.isObjectMap { roots = RecordSequence(identityOf: rootNames.count) }
  }

  private var old: TreeSnapshot { comparison.old }
  private var new: TreeSnapshot { comparison.new }

  /// The RFC 6902 pointer of a tree path in the forest as the patch has
  /// left it so far (an object map's root by its member name).
  func pointer(_ path: TreeIndexPath) -> JSONPointer {
    guard let roots, let first = path.components.first else { return indexPointer(path) }
    return named(rootNames[Int(roots[first])].value, path)
  }

  /// The pointer where NEW node `node` is placed at `path` (counted after
  /// the removal at `removed`, for a move): the member named by the
  /// node's NEW name when it is placed at the top of an object map.
  private func placement(
    _ path: TreeIndexPath, of node: Int, removing removed: TreeIndexPath? = nil
  ) -> JSONPointer {
    guard roots != nil, let names = new.rootNames else { return pointer(path) }
    guard path.components.count > 1 else {
      return named(names[Int(new.siblingIndex[node])].value, path)
    }
    // The root index before the removal of a root that leaves the top.
    var components = path.components
    if let removed, removed.components.count == 1, components[0] >= removed.components[0] {
      components[0] += 1
    }
    return pointer(TreeIndexPath(components))
  }

  /// The RFC 6902 pointer of a path in NEW, once the forest is NEW's.
  func newPointer(_ path: TreeIndexPath) -> JSONPointer {
    guard let names = new.rootNames, let first = path.components.first else {
      return indexPointer(path)
    }
    return named(names[first].value, path)
  }

  /// The pointer of a tree path with indices only, the roots as an array
  /// (how `currentValue(at:)` models the forest).
  private func indexPointer(_ path: TreeIndexPath) -> JSONPointer {
    var tokens: [[UInt8]] = []
    for (depth, index) in path.components.enumerated() {
      if depth > 0 { tokens += old.field.tokens }
      tokens.append(Array(String(index).utf8))
    }
    return JSONPointer(tokens: tokens)
  }

  /// The pointer of `path` whose root is the member `name`.
  private func named(_ name: [UInt8], _ path: TreeIndexPath) -> JSONPointer {
    var tokens = [name]
    for index in path.components.dropFirst() {
      tokens += old.field.tokens
      tokens.append(Array(String(index).utf8))
    }
    return JSONPointer(tokens: tokens)
  }

  /// Follows a step's changes to the roots of an object map, after its
  /// operations are written.
  mutating func track(_ step: TreePatchStep) {
    guard roots != nil else { return }
    func place(_ newNode: Int, at path: TreeIndexPath) {
      guard path.components.count == 1, let names = new.rootNames else { return }
      rootNames.append(names[Int(new.siblingIndex[newNode])])
      roots?.insert(Int32(rootNames.count - 1), at: path.components[0])
    }
    switch step {
    case .delete(let at, _):
      if at.components.count == 1 { roots?.remove(at: at.components[0]) }
    case .insert(let at, let newNode): place(newNode, at: at)
    case .move(let from, let to, _, let newNode):
      if from.components.count == 1 { roots?.remove(at: from.components[0]) }
      place(newNode, at: to)
    case .update: break
    }
  }

  /// Adds an empty children member to the NEW parent of `node` when it is
  /// an OLD node that has none yet.
  ///
  /// - Parameters:
  ///   - node: the NEW node about to be placed.
  ///   - path: where it is placed (in the forest as it stands).
  ///   - removed: for a move, where the record is taken from: `path` is
  ///     then counted after its removal, and the member is added before.
  mutating func ensureChildrenMember(
    of node: Int, placedAt path: TreeIndexPath, removing removed: TreeIndexPath? = nil
  ) {
    let newParent = Int(new.parents[node])
    guard newParent >= 0, let parentPath = path.parent else { return }
    let oldParent = Int(comparison.newToOld[newParent])
    guard oldParent >= 0, !hasMember[oldParent] else { return }
    hasMember[oldParent] = true
    // The parent's path before the removal: one further on where the removed record was before it.
    var current = parentPath.components
    if let removed, let last = removed.last, current.count >= removed.components.count,
      current.starts(with: removed.components.dropLast()),
      current[removed.components.count - 1] >= last
    {
      current[removed.components.count - 1] += 1
    }
    let member = JSONPointer(tokens: pointer(TreeIndexPath(current)).tokens + old.field.tokens)
    writer.append(.add(path: member, value: .array([])))
    log.append(.addMember(TreeIndexPath(current)))
  }

  /// The `test`s of the key of `node` below `path`; none for a record at
  /// the top of an object map (its name, in the path, is its key), nor
  /// for one of OLD's roots there (its key is its name, not a field).
  private mutating func testKey(old node: Int, at path: JSONPointer, top: TreeIndexPath) {
    guard guards, roots == nil || (top.components.count > 1 && !old.isNamedRoot(node)) else {
      return
    }
    for (field, value) in zip(comparison.keys, old.keyFields(of: node, pointers: comparison.keys)) {
      writer.append(.test(path: JSONPointer(tokens: path.tokens + field.tokens), value: value))
    }
  }

  mutating func delete(_ node: Int, at path: TreeIndexPath) {
    let at = pointer(path)
    testKey(old: node, at: at, top: path)
    if guards {
      writer.append(
        .test, path: at,
        value: comparison.unmatchedSubtree(of: node, in: old, matches: comparison.oldToNew))
    }
    writer.append(.remove(path: at))
    log.append(.step(.delete(at: path, old: node)))
  }

  mutating func insert(_ node: Int, at path: TreeIndexPath, step: Int) {
    writer.append(
      .add, path: placement(path, of: node),
      value: comparison.unmatchedSubtree(of: node, in: new, matches: comparison.newToOld))
    log.append(.step(.insert(at: path, new: node)))
  }

  mutating func move(
    _ node: Int, from: TreeIndexPath, to: TreeIndexPath, steps: [TreePatchStep], step: Int
  ) {
    let source = pointer(from)
    testKey(old: node, at: source, top: from)
    let target = placement(to, of: Int(comparison.oldToNew[node]), removing: from)
    if source.isPrefix(of: target) {
      // RFC 6902 forbids moving a value into its own place's subtree
      // (SPEC §7.19).
      let value = currentValue(at: from)
      if guards { writer.append(.test(path: source, value: value)) }
      writer.append(.remove(path: source))
      writer.append(.add(path: target, value: value))
    } else {
      // A root's name is its key: its whole value guards its move. So
      // does it for a move out to an ancestor's place (a record whose
      // parent is deleted), whose reverse is then a remove and an add.
      let outToAncestor = target.isPrefix(of: source)
      if guards && (outToAncestor || old.isNamedRoot(node) && from.components.count == 1) {
        writer.append(.test(path: source, value: currentValue(at: from)))
      }
      writer.append(.move(from: source, path: target))
    }
    log.append(.step(steps[step]))
  }

  /// Writes the changes of the OLD node `node` (NEW node `newNode`) at
  /// its NEW path; changes in keyed arrays (`--array-key`) as positional
  /// element operations.
  mutating func update(_ node: Int, _ newNode: Int, at path: TreeIndexPath) {
    let at = newPointer(path)
    // The children member's presence is settled by `matchChildrenMembers()`.
    let changes = (comparison.changes[node] ?? []).filter { $0.path != old.field.tokens }
    guard !changes.isEmpty else { return }
    testKey(old: node, at: at, top: path)
    guard changes.contains(where: { $0.element != nil }) else {
      writer.appendChanges(changes, at: at, guards: guards)
      return
    }
    writer.appendKeyedChanges(
      changes, at: at, old: old.content(of: node), new: new.content(of: newNode), offset: 0,
      rules: comparison.rules, guards: guards)
  }

  /// Gives each matched node's children member the presence it has in
  /// NEW (an empty `[]` where NEW has one and the node has none, none
  /// where NEW has none: the node's children have all left by then).
  mutating func matchChildrenMembers() {
    for newNode in 0..<new.count {
      let oldNode = Int(comparison.newToOld[newNode])
      guard oldNode >= 0 else { continue }
      let wanted = new.childrenRanges[newNode] != nil
      guard wanted != hasMember[oldNode] else { continue }
      let member = JSONPointer(tokens: newPointer(new.path(of: newNode)).tokens + old.field.tokens)
      if wanted {
        writer.append(.add(path: member, value: .array([])))
      } else {
        if guards { writer.append(.test(path: member, value: .array([]))) }
        writer.append(.remove(path: member))
      }
    }
  }

  /// The value at `path` in the forest as the patch has left it so far,
  /// by replaying the structural changes on OLD's values (the roots as an
  /// array, in OLD's root order).
  private mutating func currentValue(at path: TreeIndexPath) -> JSONValue {
    var forest = model ?? .array((0..<old.base.count).map { old.value(of: old.node(at: [$0])) })
    do {
      while replayed < log.count {
        switch log[replayed] {
        case .addMember(let parent):
          try forest.add(
            .array([]), at: JSONPointer(tokens: indexPointer(parent).tokens + old.field.tokens))
        case .step(.delete(let at, _)): _ = try forest.remove(at: indexPointer(at))
        case .step(.insert(let at, let node)):
          try forest.add(
            comparison.subtreeValue(of: node, in: new, matches: comparison.newToOld),
            at: indexPointer(at))
        case .step(.move(let from, let to, _, _)):
          let value = try forest.remove(at: indexPointer(from))
          try forest.add(value, at: indexPointer(to))
        case .step(.update): break
        }
        replayed += 1
      }
      model = forest
      return try forest.value(at: indexPointer(path))
    } catch {
      preconditionFailure("the tree patch does not replay: \(error.reason)")
    }
  }
}
