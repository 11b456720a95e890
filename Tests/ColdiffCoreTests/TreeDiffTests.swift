import ColdiffCore
import TestSupport
import Testing

@Suite struct TreeDiffTests {
  typealias Diff = OrderedCollectionDiff<TreeIndexPath>

  static func diff(_ old: [TreeItem], _ new: [TreeItem]) -> Diff {
    Diff(from: old, to: new, identifiedBy: \.id, isEqual: TreeItem.sameContent)
  }

  @Test func siblingsSwapIsOneMove() {
    let old = [TreeItem(id: 1, children: [.init(id: 2), .init(id: 3)])]
    let new = [TreeItem(id: 1, children: [.init(id: 3), .init(id: 2)])]
    #expect(Self.diff(old, new) == Diff(moves: [.init(from: [0, 1], to: [0, 0])]))
  }

  @Test func reparentingIsAMove() {
    let old = [TreeItem(id: 1, children: [.init(id: 2)]), TreeItem(id: 3)]
    let new = [TreeItem(id: 1), TreeItem(id: 3, value: 9, children: [.init(id: 2)])]
    let diff = Self.diff(old, new)
    #expect(diff == Diff(updates: [[1]], moves: [.init(from: [0, 0], to: [1, 0])]))
  }

  @Test func deletedSubtreeIsOneDeleteAndItsSurvivorMovesOut() {
    let old = [TreeItem(id: 1, children: [.init(id: 2, children: [.init(id: 3), .init(id: 4)])])]
    let new = [TreeItem(id: 1, children: [.init(id: 3)])]
    let diff = Self.diff(old, new)
    #expect(diff == Diff(deletes: [[0, 0]], moves: [.init(from: [0, 0, 0], to: [0, 0])]))
    let steps = diff.patchSteps(oldShape: TreeShape(of: old), newShape: TreeShape(of: new))
    #expect(
      steps == [
        .move(from: [0, 0, 0], to: [0, 0], old: 2, new: 1),
        .delete(at: [0, 1], old: 1),
      ])
    let patch = diff.patch(from: old, to: new)
    #expect(patch.last == .delete(TreeItem(id: 2, children: [.init(id: 4)]), at: [0, 1]))
  }

  @Test func insertedSubtreeIsOneInsert() {
    let old = [TreeItem(id: 1)]
    let new = [TreeItem(id: 5, children: [.init(id: 6)]), TreeItem(id: 1)]
    let diff = Self.diff(old, new)
    #expect(diff == Diff(inserts: [[0]]))
    #expect(diff.patch(from: old, to: new) == [.insert(new[0], at: [0])])
  }

  @Test func movingIntoTheFollowingSiblingHasFromAsPrefixOfTo() {
    let old = [TreeItem(id: 1), TreeItem(id: 2)]
    let new = [TreeItem(id: 2, children: [.init(id: 1)])]
    let diff = Self.diff(old, new)
    #expect(diff == Diff(moves: [.init(from: [0], to: [0, 0])]))
    #expect(
      diff.patchSteps(oldShape: TreeShape(of: old), newShape: TreeShape(of: new))
        == [.move(from: [0], to: [0, 0], old: 0, new: 1)])
  }

  @Test func insertedParentReceivesAMovedChild() {
    let old = [TreeItem(id: 1), TreeItem(id: 2)]
    let new = [TreeItem(id: 2), TreeItem(id: 7, children: [.init(id: 1), .init(id: 8)])]
    let diff = Self.diff(old, new)
    #expect(diff == Diff(inserts: [[1]], moves: [.init(from: [0], to: [1, 0])]))
    var forest = old
    forest.apply(diff.patch(from: old, to: new))
    #expect(forest == new)
  }

  @Test func patchRoundTripsInvertsAndMovesAreMinimal() {
    var generator = SeededGenerator(seed: 41)
    for _ in 0..<400 {
      let (old, new) = FlatForest.randomPair(using: &generator)
      let diff = Self.diff(old, new)
      let patch = diff.patch(from: old, to: new)
      var forest = old
      forest.apply(patch)
      #expect(forest == new)
      forest.apply(patch.inverted())
      #expect(forest == old)
      #expect(patch.count == diff.count)
      // The element-free steps agree with the operations and invert.
      let steps = diff.patchSteps(oldShape: TreeShape(of: old), newShape: TreeShape(of: new))
      #expect(steps.map(\.inverse.inverse) == steps)
      #expect(steps.count == patch.count)
      #expect(diff.moves.count == Self.minimalMoveCount(old, new))
      #expect(diff.deletes == diff.deletes.sorted())
      #expect(diff.inserts == diff.inserts.sorted())
      #expect(diff.updates == diff.updates.sorted())
      #expect(diff.moves.map(\.from) == diff.moves.map(\.from).sorted())
      let changeset = TreeChangeset(
        from: old, to: new, identifiedBy: \.id, isEqual: TreeItem.sameContent)
      #expect(changeset.diff == diff && changeset.patch == patch)
    }
  }

  @Test func flatForestAgreesWithTheOrderedDiff() {
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      let (old, new) = RandomEdits.records(using: &generator)
      let ordered = OrderedCollectionDiff(from: old, to: new)
      let tree = Self.diff(
        old.map { TreeItem(id: $0.id, value: $0.value) },
        new.map { TreeItem(id: $0.id, value: $0.value) })
      #expect(tree.inserts == ordered.inserts.map { [$0] })
      #expect(tree.deletes == ordered.deletes.map { [$0] })
      #expect(tree.updates == ordered.updates.map { [$0] })
      #expect(tree.moves == ordered.moves.map { .init(from: [$0.from], to: [$0.to]) })
    }
  }

  @Test func equalityIsAskedOncePerMatchedPair() {
    var generator = SeededGenerator(seed: 43)
    for _ in 0..<100 {
      let (old, new) = FlatForest.randomPair(using: &generator)
      var asked: [Int: Int] = [:]
      _ = Diff(
        from: old, to: new, identifiedBy: \.id,
        isEqual: { a, b in
          asked[a.id, default: 0] += 1
          return TreeItem.sameContent(a, b)
        })
      let oldIds = Set(Self.preorder(old).map(\.id))
      let matched = Self.preorder(new).filter { oldIds.contains($0.id) }.count
      #expect(asked.count == matched && asked.values.allSatisfy { $0 == 1 })
    }
  }

  @Test func matchingEntryOnShapesAgreesWithTheGenericEntry() {
    var generator = SeededGenerator(seed: 44)
    for _ in 0..<200 {
      let pair = MatchedForests(using: &generator)
      let (oldNodes, newNodes, oldShape) = (pair.oldNodes, pair.newNodes, pair.oldShape)
      #expect(TreeShape(parents: oldShape.parents) == oldShape)
      let diff = Diff(
        oldShape: oldShape, newShape: pair.newShape, newToOld: pair.newToOld,
        isEqual: { TreeItem.sameContent(oldNodes[$0], newNodes[$1]) })
      #expect(diff == Self.diff(pair.old, pair.new))
    }
  }

  @Test func positionsWithTheUnequalNodesAsUpdatesAreTheDiff() {
    var generator = SeededGenerator(seed: 45)
    var updates = 0
    for _ in 0..<200 {
      let pair = MatchedForests(using: &generator)
      let (old, new, oldNodes, newNodes) = (pair.old, pair.new, pair.oldNodes, pair.newNodes)
      let (oldShape, newShape, newToOld) = (pair.oldShape, pair.newShape, pair.newToOld)
      let unequal = newNodes.indices.compactMap { newNode -> Int? in
        let oldNode = Int(newToOld[newNode])
        guard oldNode >= 0, !TreeItem.sameContent(oldNodes[oldNode], newNodes[newNode]) else {
          return nil
        }
        return oldNode
      }
      let positions = Diff(
        oldShape: oldShape, newShape: newShape, newToOld: newToOld, isEqual: { _, _ in true })
      #expect(positions.updates.isEmpty)
      // In any order: the updates come out in depth-first order.
      let updated = positions.updating(oldNodes: unequal.reversed(), in: oldShape)
      #expect(updated == Self.diff(old, new))
      updates += unequal.count
    }
    #expect(updates > 100)
  }

  /// The diff's nodes (`TreeDiffNodes`) are the nodes its paths name, in
  /// its lists' order.
  @Test func theNodesAreThoseThePathsName() {
    var generator = SeededGenerator(seed: 46)
    for _ in 0..<200 {
      let pair = MatchedForests(using: &generator)
      let (oldNodes, newNodes) = (pair.oldNodes, pair.newNodes)
      let (oldShape, newShape, newToOld) = (pair.oldShape, pair.newShape, pair.newToOld)
      var nodes = TreeDiffNodes()
      let diff = Diff(
        oldShape: oldShape, newShape: newShape, newToOld: newToOld,
        oldToNew: invertMatching(oldCount: oldShape.count, newToOld: newToOld), nodes: &nodes,
        isEqual: { TreeItem.sameContent(oldNodes[$0], newNodes[$1]) })
      #expect(diff == Self.diff(pair.old, pair.new))
      let (oldPath, newPath) = (
        { Self.path(of: $0, in: oldShape) }, { Self.path(of: $0, in: newShape) }
      )
      #expect(nodes.inserts.map(newPath) == diff.inserts)
      #expect(nodes.deletes.map(oldPath) == diff.deletes)
      #expect(nodes.updates.map(oldPath) == diff.updates)
      #expect(nodes.moves.map(oldPath) == diff.moves.map(\.from))
      #expect(
        nodes.moves.map { newPath(Int32(newToOld.firstIndex(of: $0)!)) } == diff.moves.map(\.to))
    }
  }

  /// The updates' nodes (`TreeDiffNodes`), in any order given, come out
  /// sorted, and the updates' paths are theirs, in a random forest and in
  /// one with a chain 300 nodes deep.
  @Test func updatesHaveTheirNodesPaths() {
    var generator = SeededGenerator(seed: 47)
    // Each node's parent is a root's -1, the node before it or one of
    // that node's ancestors: preorder.
    var parents: [Int32] = []
    for node in 0..<400 {
      var candidates: [Int32] = [-1]
      var above = Int32(node - 1)
      while above >= 0 {
        candidates.append(above)
        above = parents[Int(above)]
      }
      parents.append(candidates.randomElement(using: &generator)!)
    }
    // Nodes 300 and on hang off the chain, higher and higher.
    let chain: [Int32] = (0..<400).map { node in Int32(node < 300 ? node - 1 : 599 - node) }
    let positions = Diff(inserts: [], deletes: [], updates: [], moves: [])
    for shape in [TreeShape(parents: parents), TreeShape(parents: chain)] {
      for count in [0, 1, 3, 50, 400] {
        let updated = Array((0..<400).shuffled(using: &generator).prefix(count))
        var nodes = TreeDiffNodes()
        let diff = positions.updating(oldNodes: updated, in: shape, nodes: &nodes)
        #expect(nodes.updates == updated.sorted().map { Int32($0) })
        #expect(
          diff.updates == nodes.updates.map { Self.path(of: $0, in: shape) }, "\(count) nodes")
      }
    }
  }

  /// A random pair of forests (`FlatForest.randomPair`), their nodes in
  /// preorder, their shapes, and each new node's match by id.
  struct MatchedForests {
    let old: [TreeItem]
    let new: [TreeItem]
    let oldNodes: [TreeItem]
    let newNodes: [TreeItem]
    let oldShape: TreeShape
    let newShape: TreeShape
    let newToOld: [Int32]

    init(using generator: inout SeededGenerator) {
      (old, new) = FlatForest.randomPair(using: &generator)
      (oldNodes, newNodes) = (TreeDiffTests.preorder(old), TreeDiffTests.preorder(new))
      (oldShape, newShape) = (TreeShape(of: old), TreeShape(of: new))
      let oldNodes = oldNodes
      newToOld = newNodes.map { node in Int32(oldNodes.firstIndex { $0.id == node.id } ?? -1) }
    }
  }

  /// The path of `node`, walked up its parents.
  static func path(of node: Int32, in shape: TreeShape) -> TreeIndexPath {
    var components: [Int] = []
    var current = Int(node)
    while current >= 0 {
      components.insert(Int(shape.siblingIndices[current]), at: 0)
      current = Int(shape.parents[current])
    }
    return TreeIndexPath(components)
  }

  static func preorder(_ forest: [TreeItem]) -> [TreeItem] {
    forest.flatMap { [$0] + preorder($0.children) }
  }

  /// Matched nodes whose parent changed, plus per parent the kept
  /// siblings that fall outside a longest increasing subsequence.
  static func minimalMoveCount(_ old: [TreeItem], _ new: [TreeItem]) -> Int {
    func parents(_ forest: [TreeItem], _ parent: Int, into map: inout [Int: (Int, Int)]) {
      for (index, node) in forest.enumerated() {
        map[node.id] = (parent, index)
        parents(node.children, node.id, into: &map)
      }
    }
    var oldPlace: [Int: (Int, Int)] = [:]
    var newPlace: [Int: (Int, Int)] = [:]
    parents(old, -1, into: &oldPlace)
    parents(new, -1, into: &newPlace)
    var moves = 0
    var sequences: [Int: [(Int, Int32)]] = [:]
    for (id, (newParent, newIndex)) in newPlace {
      guard let (oldParent, oldIndex) = oldPlace[id] else { continue }
      if oldParent != newParent {
        moves += 1
      } else {
        sequences[newParent, default: []].append((newIndex, Int32(oldIndex)))
      }
    }
    for sequence in sequences.values {
      let ordered = sequence.sorted { $0.0 < $1.0 }.map(\.1)
      moves += ordered.count - Oracles.longestIncreasingLength(ordered)
    }
    return moves
  }
}
