import TestSupport
import Testing

@testable import ColdiffEngine

@Suite struct SiblingListsTests {
  /// Random placements and removals agree with plain arrays of children:
  /// each node's parent and position, each list's nodes in order.
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func agreesWithArraysOfChildren(seed: UInt64) {
    var generator = SeededGenerator(seed: seed + 40)
    var lists = SiblingLists()
    // The model: the children of parent p at `model[p + 1]`.
    var model: [[Int]] = [[]]
    var parentOf: [Int] = []
    let initial = Int.random(in: 0..<20, using: &generator)
    for _ in 0..<initial {
      _ = lists.addNode()
      model.append([])
      parentOf.append(-1)
    }
    lists.setChildren(Array(0..<initial), of: -1)
    model[0] = Array(0..<initial)
    for _ in 0..<400 {
      let placed = parentOf.indices.filter { parentOf[$0] != -2 }
      if Int.random(in: 0..<3, using: &generator) == 0,
        let node = placed.randomElement(
          using: &generator)
      {
        lists.remove(node)
        model[parentOf[node] + 1].removeAll { $0 == node }
        // Its children stay its children, as in a detached subtree.
        parentOf[node] = -2
        continue
      }
      let node = lists.addNode()
      model.append([])
      parentOf.append(-2)
      let parent = placed.randomElement(using: &generator) ?? -1
      let position = Int.random(in: 0...model[parent + 1].count, using: &generator)
      lists.insert(node, under: parent, at: position)
      model[parent + 1].insert(node, at: position)
      parentOf[node] = parent
    }
    for parent in -1..<(model.count - 1) {
      #expect(lists.children(of: parent) == model[parent + 1])
      #expect(lists.count(under: parent) == model[parent + 1].count)
      for (position, node) in model[parent + 1].enumerated() {
        #expect(lists.position(of: node) == position)
        #expect(lists.node(at: position, under: parent) == node)
        #expect(lists.parent(of: node) == parent)
      }
    }
  }
}
