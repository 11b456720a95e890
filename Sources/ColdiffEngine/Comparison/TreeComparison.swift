import ColdiffCore
import ColdiffFormats

/// Two trees of records matched node by node across the whole forest (a
/// node may change its parent), compared by their own content (a node
/// without its children member), and their diff in index paths.
package struct TreeComparison {
  /// The tree compared from.
  package let old: TreeSnapshot
  /// The tree compared to.
  package let new: TreeSnapshot
  /// The identity fields.
  package let keys: [JSONPointer]
  /// For each new node, its partner in `old`, or -1.
  package let newToOld: [Int32]
  /// For each old node, its partner in `new`, or -1.
  package let oldToNew: [Int32]
  /// The diff: deletes, updates and move sources as OLD paths, inserts
  /// and move targets as NEW paths.
  package let diff: OrderedCollectionDiff<TreeIndexPath>
  /// The nodes the diff's paths name, in its lists' order.
  package let diffNodes: TreeDiffNodes
  /// The changed fields of each updated node, by OLD node.
  package let changes: [Int: [FieldChange]]
  /// The rules the nodes were compared by.
  package let rules: ComparisonRules

  /// Matches and compares two trees.
  ///
  /// - Parameters:
  ///   - old: the tree compared from.
  ///   - new: the tree compared to.
  ///   - keys: the identity fields.
  ///   - rules: the comparison rules (`--ignore`, `--compare`).
  /// - Throws: `InputError` for a missing key or a key that occurs twice
  ///   in one tree (naming both places).
  /// - Complexity: O(n log n + c·h); equal nodes cost a byte comparison,
  ///   changed ones a parse of both.
  package init(old: TreeSnapshot, new: TreeSnapshot, keys: [JSONPointer], rules: ComparisonRules)
    throws
  {
    self.old = old
    self.new = new
    self.keys = keys
    self.rules = rules
    let (newToOld, known) = try TreeComparison.match(old: old, new: new, keys: keys)
    self.newToOld = newToOld
    // Compare matched nodes on both cores: a node of a subtree NEW's scan
    // took whole from OLD and matched to the node it has the bytes of is
    // equal without a look, and so is one whose own members the scan
    // took from the node it is matched to; equal bytes around the
    // children arrays mean equal content; only the others are parsed.
    // The arrays are taken out of the snapshots so that no call copies a
    // snapshot.
    let (oldRanges, oldChildren) = (old.ranges, old.childrenRanges)
    let (newRanges, newChildren) = (new.ranges, new.childrenRanges)
    let ownSources = new.ownMemberSources(in: old)
    func compare(_ newNodes: Range<Int>) throws -> [(Int, [FieldChange])] {
      var found: [(Int, [FieldChange])] = []
      try old.base.bytes.withUnsafeBufferPointer { oldBytes in
        try new.base.bytes.withUnsafeBufferPointer { newBytes in
          for newNode in newNodes where newToOld[newNode] >= 0 {
            let oldNode = Int(newToOld[newNode])
            if known?.partner(of: newNode) == oldNode { continue }
            if !ownSources.isEmpty && Int(ownSources[newNode]) == oldNode { continue }
            if TreeComparison.sameContentBytes(
              oldBytes, oldRanges[oldNode], oldChildren[oldNode], newBytes, newRanges[newNode],
              newChildren[newNode])
            {
              continue
            }
            let fields: [FieldChange]
            do throws(ArrayKeyError) {
              fields = try rules.filter(
                TreeComparison.ownChanges(old: old, oldNode, new: new, newNode))
            } catch {
              let (tree, node) = error.inNew ? (new, newNode) : (old, oldNode)
              let key = ReportText.key(tree.keyValue(of: node, pointers: keys))
              throw tree.error("key \(key): \(error.message)", at: node)
            }
            if !fields.isEmpty { found.append((oldNode, fields)) }
          }
        }
      }
      return found
    }
    // NEW's nodes in pieces, each taken by whichever core is free, while
    // one core first inverts the matching and works out the diff's
    // positions (which read no node); its updates are then the nodes
    // found changed.
    let (changes, changed, (positions, positionNodes, oldToNew)) = try ComparisonPieces.compare(
      count: new.count, piece: Comparison.recordsPerPiece,
      { nodes, found in found += try compare(nodes) },
      alongside: {
        let oldToNew = invertMatching(oldCount: old.count, newToOld: newToOld)
        var nodes = TreeDiffNodes()
        let diff = OrderedCollectionDiff(
          oldShape: old.shape, newShape: new.shape, newToOld: newToOld, oldToNew: oldToNew,
          nodes: &nodes, isEqual: { _, _ in true })
        return (diff, nodes, oldToNew)
      })
    self.oldToNew = oldToNew
    var diffNodes = positionNodes
    diff = positions.updating(oldNodes: changed, in: old.shape, nodes: &diffNodes)
    self.diffNodes = diffNodes
    self.changes = changes
  }

  /// NEW's nodes matched to OLD's by key: OLD's table of keys is built
  /// while NEW's keys are hashed, unless OLD's snapshot built it (a
  /// duplicate in OLD leaves it to the matching to report); the nodes
  /// NEW's scan took whole from OLD's have those as partners at once.
  ///
  /// - Returns: for each NEW node, its OLD node, or -1; and the nodes
  ///   NEW's scan took whole from OLD's, with the OLD node of each
  ///   (`TreeSnapshot.knownPartners(in:)`).
  /// - Throws: `InputError` for a missing key or a key that occurs twice
  ///   in one tree.
  private static func match(old: TreeSnapshot, new: TreeSnapshot, keys: [JSONPointer]) throws
    -> (newToOld: [Int32], known: KnownMatches?)
  {
    // NEW's nodes that its scan took whole from OLD's are matched to
    // those without their keys being compared or looked up: their list is
    // made beside OLD's table.
    let ((oldKeys, oldTable), (newKeys, known)) = try Parallel.both(
      {
        let arena = try old.keyArena(for: keys)
        return (arena, old.keyTable(for: keys) ?? (try? KeyTable(arena)))
      }, { (try new.keyArena(for: keys), new.knownPartners(in: old)) })
    do {
      let newToOld = try KeyTable.matchUnique(
        old: oldKeys, new: newKeys, table: oldTable, known: known, inParallel: Parallel.parts)
      return (newToOld, known)
    } catch {
      throw TreeComparison.duplicateError(error, of: error.inNew ? new : old, keys: keys)
    }
  }

  /// The key of an OLD node.
  package func key(old node: Int) -> JSONValue { old.keyValue(of: node, pointers: keys) }

  /// The key of a NEW node.
  package func key(new node: Int) -> JSONValue { new.keyValue(of: node, pointers: keys) }

  /// `node` of `tree` with its children pruned to those `matches` leaves
  /// unmatched, recursively: what an insert adds or a delete removes
  /// (matched descendants move on their own). The node's bytes when no
  /// descendant is matched.
  ///
  /// - Complexity: O(size of the subtree).
  package func unmatchedSubtree(of node: Int, in tree: TreeSnapshot, matches: [Int32])
    -> DocumentValue
  {
    guard subtreeHasMatch(node, in: tree, matches: matches) else {
      return .raw(tree.base.bytes.copy(tree.ranges[node])[...])
    }
    return .value(prunedValue(of: node, in: tree, matches: matches))
  }

  /// Appends the text of `unmatchedSubtree(of:in:matches:)` as the
  /// document writes it: the node's bytes as they are when no descendant
  /// is matched, without a copy of them first.
  package func appendUnmatchedSubtree(
    of node: Int, in tree: TreeSnapshot, matches: [Int32], to out: inout [UInt8]
  ) {
    guard subtreeHasMatch(node, in: tree, matches: matches) else {
      let range = tree.ranges[node]
      tree.base.bytes.withUnsafeBufferPointer {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range]))
      }
      return
    }
    prunedValue(of: node, in: tree, matches: matches).writeInline(to: &out)
  }

  /// The unmatched descendants of `node`, in preorder, with their depth
  /// below it (1 for a child).
  package func unmatchedDescendants(of node: Int, in tree: TreeSnapshot, matches: [Int32]) -> [(
    node: Int, depth: Int
  )] {
    var found: [(node: Int, depth: Int)] = []
    var stack: [(node: Int, depth: Int)] = tree.children(of: node).reversed().map {
      (Int($0), 1)
    }
    while let (next, depth) = stack.popLast() {
      guard matches[next] < 0 else { continue }
      found.append((next, depth))
      stack += tree.children(of: next).reversed().map { (Int($0), depth + 1) }
    }
    return found
  }

  private func subtreeHasMatch(_ node: Int, in tree: TreeSnapshot, matches: [Int32]) -> Bool {
    var stack = Array(tree.children(of: node))
    while let next = stack.popLast() {
      if matches[Int(next)] >= 0 { return true }
      stack += tree.children(of: Int(next))
    }
    return false
  }

  private func prunedValue(of node: Int, in tree: TreeSnapshot, matches: [Int32]) -> JSONValue {
    var value = tree.value(of: node)
    guard subtreeHasMatch(node, in: tree, matches: matches) else { return value }
    let kept = tree.children(of: node).filter { matches[Int($0)] < 0 }.map {
      prunedValue(of: Int($0), in: tree, matches: matches)
    }
    do {
      try value.replace(at: tree.field, with: .array(kept))
    } catch {
      preconditionFailure("a node with children has no children member: \(error)")
    }
    return value
  }

  /// The changes between the own content of two nodes (`content(of:)`),
  /// the children member left out where both have children (where both
  /// have, the children imply it; where one side has none, whether the
  /// member is there counts).
  ///
  /// The nodes' own texts are compared member by member, parsing only
  /// the members whose bytes differ (`FieldChange.between` on bytes).
  /// Where both have children, their own texts both hold the member as
  /// `[]`, unchanged, which changes nothing but the `after` of a member
  /// added or removed next to it: such changes are made again from the
  /// values without the member.
  private static func ownChanges(
    old: TreeSnapshot, _ oldNode: Int, new: TreeSnapshot, _ newNode: Int
  ) -> [FieldChange] {
    let leaf = old.shape.childCount(of: oldNode) == 0 || new.shape.childCount(of: newNode) == 0
    // NEW's text is taken out first: the closure holds it, not a copy of
    // the snapshot.
    let newText = new.ownText(of: newNode)
    let fromText = old.withOwnText(of: oldNode) { oldText, oldRange in
      newText.with { newText, newRange in
        FieldChange.between(oldText, oldRange, newText, newRange)
      }
    }
    if let changes = fromText ?? nil,
      leaf || !changes.contains(where: { $0.path.count == 1 && ($0.old == nil || $0.new == nil) })
    {
      return changes
    }
    let paths = leaf ? [] : [old.field.tokens]
    return FieldChange.between(
      old.content(of: oldNode).removing(paths: paths),
      new.content(of: newNode).removing(paths: paths))
  }

  /// Whether two nodes have the same bytes on either side of their
  /// children arrays (the whole node when it has none).
  private static func sameContentBytes(
    _ oldBytes: UnsafeBufferPointer<UInt8>, _ oldRange: Range<Int>, _ oldChildren: Range<Int>?,
    _ newBytes: UnsafeBufferPointer<UInt8>, _ newRange: Range<Int>, _ newChildren: Range<Int>?
  ) -> Bool {
    let oldHead = oldRange.lowerBound..<(oldChildren?.lowerBound ?? oldRange.upperBound)
    let newHead = newRange.lowerBound..<(newChildren?.lowerBound ?? newRange.upperBound)
    let oldTail = (oldChildren?.upperBound ?? oldRange.upperBound)..<oldRange.upperBound
    let newTail = (newChildren?.upperBound ?? newRange.upperBound)..<newRange.upperBound
    return oldBytes.sameBytes(oldHead, as: newBytes, newHead)
      && oldBytes.sameBytes(oldTail, as: newBytes, newTail)
  }

  /// The error for a key that occurs twice in one tree, naming both
  /// nodes.
  private static func duplicateError(
    _ error: KeyTable.Duplicate, of tree: TreeSnapshot, keys: [JSONPointer]
  ) -> InputError {
    let key = ReportText.key(parts: tree.keyFields(of: error.second, pointers: keys))
    let first = tree.textPosition(of: error.first)
    return tree.error(
      "duplicate key \(key): record \(tree.position(of: error.second).text) has the same key as "
        + "record \(tree.position(of: error.first).text) (line \(first.line)); a key must be "
        + "unique across "
        + "the whole tree",
      at: error.second)
  }
}
