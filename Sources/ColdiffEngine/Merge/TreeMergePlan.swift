import ColdiffCore
import ColdiffFormats

/// THEIRS's tree changes made to OURS's forest (SPEC §8.4 with `--tree`),
/// in three passes: field updates; inserts and moves, in THEIRS's
/// preorder, each under its THEIRS parent after its nearest preceding
/// THEIRS sibling that is there (and after the records OURS placed right
/// behind it: ours first); then deletes, deepest first. What both sides
/// changed the same way is left as OURS has it; what they changed
/// differently is a conflict, and OURS's side stays.
struct TreeMergePlan {
  let ours: TreeComparison
  let theirs: TreeComparison
  /// The comparison rules (`--ignore`, `--compare`, `--array-key`).
  let rules: ComparisonRules
  /// OURS's records, being changed.
  private(set) var forest: TreeForest
  /// The conflicts found, each with where it is reported: BASE's records
  /// in BASE's preorder, then records inserted on both sides.
  private var found: [(order: Int, conflict: MergeConflict)] = []
  /// The BASE records already reported as a delete conflict.
  private var deleteReported = Set<Int>()
  /// The forest's nodes that OURS inserted or moved.
  private let oursPlaced: Set<Int>
  /// For each BASE record, whether OURS moved it.
  private let oursMoved: [Bool]
  /// For each BASE record, whether THEIRS moved it.
  private let theirsMoved: [Bool]

  /// Reads OURS's records (`target`) into a forest.
  ///
  /// - Throws: `PatchConflict` for a key that occurs twice in OURS.
  init(
    ours: TreeComparison, theirs: TreeComparison, rules: ComparisonRules, target: PatchTarget
  ) throws {
    self.ours = ours
    self.theirs = theirs
    self.rules = rules
    let forest = try TreeForest(target: target, field: ours.old.field, keys: ours.keys)
    func moved(_ comparison: TreeComparison) -> [Bool] {
      var moved = [Bool](repeating: false, count: comparison.old.count)
      for move in comparison.diff.moves { moved[comparison.old.node(at: move.from)] = true }
      return moved
    }
    oursMoved = moved(ours)
    theirsMoved = moved(theirs)
    var placed = Set<Int>()
    for node in 0..<ours.new.count {
      let baseNode = Int(ours.newToOld[node])
      guard baseNode < 0 || oursMoved[baseNode] else { continue }
      if let found = forest.node(withKey: ours.key(new: node)) { placed.insert(found) }
    }
    oursPlaced = placed
    self.forest = forest
  }

  /// The conflicts in the order reported.
  var conflicts: [MergeConflict] {
    found.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
      .map(\.element.conflict)
  }

  /// Makes THEIRS's changes to the forest, noting the conflicts.
  ///
  /// - Throws: `PatchConflict` when a change does not fit the forest (a
  ///   fault of the merge).
  mutating func run() throws {
    for (baseNode, changes) in theirs.changes.sorted(by: { $0.key < $1.key }) {
      try update(baseNode, changes)
    }
    for node in 0..<theirs.new.count { try place(node) }
    for baseNode in (0..<theirs.old.count).reversed() where theirs.oldToNew[baseNode] < 0 {
      delete(baseNode)
    }
  }

  /// The forest's node of a key, when it is in the forest.
  private func attached(_ key: JSONValue) -> Int? {
    guard let node = forest.node(withKey: key), forest.isAttached(node) else { return nil }
    return node
  }

  private var field: [[UInt8]] { ours.old.field.tokens }

  /// THEIRS's field changes to the BASE record `baseNode`, without those
  /// OURS made the same way; a conflict for each field OURS changed
  /// differently (see ``RecordMerge``), and for the record when OURS
  /// deleted it.
  private mutating func update(_ baseNode: Int, _ changes: [FieldChange]) throws {
    guard ours.oldToNew[baseNode] >= 0, let node = attached(ours.key(old: baseNode)) else {
      noteDeleted(byOurs: baseNode)
      return
    }
    let theirsNode = Int(theirs.oldToNew[baseNode])
    precondition(theirsNode >= 0, "an updated record is on THEIRS's side")
    var record = forest.content(of: node)
    var member = forest.hasChildrenMember(node)
    let merge = RecordMerge(
      theirs: changes, ours: ours.changes[baseNode] ?? [],
      versions: RecordMerge.Versions(
        base: ours.old.content(of: baseNode), ours: record,
        theirs: theirs.new.content(of: theirsNode)),
      record: .key(theirs.key(old: baseNode)), rules: rules)
    for conflict in merge.conflicts {
      guard conflict.path?.tokens == field else {
        note(baseNode, conflict)
        continue
      }
      // The children member: OURS's side is its whole value.
      note(
        baseNode,
        MergeConflict(
          kind: .field, record: conflict.record, path: conflict.path, base: conflict.base,
          ours: ours.old.field.resolve(in: forest.value(of: node)), theirs: conflict.theirs))
    }
    var kept: [DiffDocument.Change] = []
    for change in merge.kept {
      if change.path.tokens == field {
        member = change.new != nil
      } else {
        kept.append(change)
      }
    }
    let name = "key \(ReportText.key(theirs.key(old: baseNode)))"
    if rules.arrayKeys.isEmpty {
      for change in kept { try PatchTarget.apply(change, to: &record, name: name, rules: rules) }
    } else {
      try PatchTarget.applyKeyed(kept, to: &record, name: { name }, rules: rules)
    }
    forest.setContent(record, hasMember: member, of: node)
  }

  /// Places THEIRS's record `node` when THEIRS inserted or moved it: an
  /// insert is dropped when OURS inserted the same key (a conflict when
  /// its content differs), a move when OURS deleted or moved the record
  /// (OURS's place wins) or when it would go into its own subtree; both
  /// when OURS deleted the parent (a conflict on the parent). Two inserts
  /// are compared without their children and the `--ignore` fields.
  private mutating func place(_ node: Int) throws {
    let baseNode = Int(theirs.newToOld[node])
    let key = theirs.key(new: node)
    let placed: Int
    if baseNode < 0 {
      if let existing = forest.node(withKey: key) {
        try noteInsert(node, existing)
        return
      }
      placed = try forest.addInserted(theirs.new.content(of: node), name: ours.new.base.name)
    } else {
      guard theirsMoved[baseNode], !oursMoved[baseNode], let found = attached(key) else { return }
      placed = found
    }
    let theirsParent = Int(theirs.new.parents[node])
    var parent = -1
    if theirsParent >= 0 {
      guard let found = attached(theirs.key(new: theirsParent)) else {
        let baseParent = Int(theirs.newToOld[theirsParent])
        if baseParent >= 0 { noteDeleted(byOurs: baseParent) }
        if baseNode < 0 { forest.unindex(placed) }
        return
      }
      var above = found
      while above >= 0 {
        if above == placed { return }
        above = forest.parent(of: above)
      }
      parent = found
    }
    if baseNode >= 0 { forest.detach(placed) }
    try forest.attach(placed, under: parent, at: position(of: node, under: parent), key: key)
  }

  /// Where THEIRS's record `node` goes among the children of `parent`:
  /// right after its nearest preceding THEIRS sibling that is among them,
  /// then after the records OURS placed right behind that one.
  private func position(of node: Int, under parent: Int) -> Int {
    let siblings = theirs.new.children(of: Int(theirs.new.parents[node]))
    var position = 0
    var index = Int(theirs.new.siblingIndex[node]) - 1
    while index >= 0 {
      let sibling = Int(siblings[siblings.startIndex + index])
      if let found = attached(theirs.key(new: sibling)), forest.parent(of: found) == parent {
        position = forest.position(of: found) + 1
        break
      }
      index -= 1
    }
    while position < forest.childCount(of: parent),
      oursPlaced.contains(forest.child(at: position, of: parent))
    {
      position += 1
    }
    return position
  }

  /// THEIRS's delete of the BASE record `baseNode`: nothing when OURS
  /// deleted it too; a conflict when OURS changed it or placed a record
  /// among its children; kept without one when only records kept by
  /// their own conflicts are left under it.
  private mutating func delete(_ baseNode: Int) {
    guard ours.oldToNew[baseNode] >= 0, let node = attached(ours.key(old: baseNode)) else {
      return
    }
    let children = (0..<forest.childCount(of: node)).map { forest.child(at: $0, of: node) }
    if ours.changes[baseNode] != nil || children.contains(where: oursPlaced.contains) {
      note(
        baseNode,
        MergeConflict(
          kind: .delete, record: .key(ours.key(old: baseNode)), path: nil,
          base: ours.old.value(of: baseNode), ours: forest.value(of: node), theirs: nil))
      return
    }
    guard children.isEmpty else { return }
    forest.detach(node)
    forest.unindex(node)
  }

  /// A conflict on the BASE record `baseNode`, deleted by OURS and
  /// changed by THEIRS (its content, or a record placed under it), once.
  private mutating func noteDeleted(byOurs baseNode: Int) {
    guard deleteReported.insert(baseNode).inserted else { return }
    let theirsNode = Int(theirs.oldToNew[baseNode])
    note(
      baseNode,
      MergeConflict(
        kind: .delete, record: .key(ours.key(old: baseNode)), path: nil,
        base: ours.old.value(of: baseNode), ours: nil,
        theirs: theirsNode >= 0 ? theirs.new.value(of: theirsNode) : nil))
  }

  /// THEIRS's insert of a key OURS inserted too (`existing`): a conflict
  /// when their own contents (without the children) differ under the
  /// rules.
  ///
  /// - Throws: `InputError` for a keyed array element without its key, or
  ///   a key twice in one array.
  private mutating func noteInsert(_ node: Int, _ existing: Int) throws {
    let differences: [FieldChange]
    do throws(ArrayKeyError) {
      differences = try rules.filter(
        FieldChange.between(
          forest.content(of: existing).removing(paths: [field]),
          theirs.new.content(of: node).removing(paths: [field])))
    } catch {
      let tree = error.inNew ? theirs.new : ours.new
      throw InputError(
        "key \(ReportText.key(theirs.key(new: node))): \(error.message)", file: tree.base.name)
    }
    guard !differences.isEmpty else { return }
    note(
      theirs.old.count + node,
      MergeConflict(
        kind: .insert, record: .key(theirs.key(new: node)), path: nil, base: nil,
        ours: forest.value(of: existing), theirs: theirs.new.value(of: node)))
  }

  /// Notes a conflict, reported at `order`.
  private mutating func note(_ order: Int, _ conflict: MergeConflict) {
    found.append((order, conflict))
  }
}
