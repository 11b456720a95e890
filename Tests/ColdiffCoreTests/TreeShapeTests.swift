import ColdiffCore
import TestSupport
import Testing

/// A shape's children lists and sibling indices (made once from the
/// parents, and shared by the diff, its patch and the command line's
/// trees) are those of the forest it was made from.
@Suite struct TreeShapeTests {
  @Test func childrenListsAndSiblingIndicesAreTheForests() {
    var generator = SeededGenerator(seed: 57)
    for _ in 0..<200 {
      let (forest, _) = FlatForest.randomPair(using: &generator)
      // Each node's number in preorder, its children's numbers and its
      // index among its siblings, read off the nested forest.
      var numbers: [[Int32]] = []
      var siblings: [Int32] = []
      func walk(_ nodes: [TreeItem]) -> [Int32] {
        var mine: [Int32] = []
        for (index, node) in nodes.enumerated() {
          let number = numbers.count
          mine.append(Int32(number))
          numbers.append([])
          siblings.append(Int32(index))
          numbers[number] = walk(node.children)
        }
        return mine
      }
      let roots = walk(forest)
      let shape = TreeShape(of: forest)
      #expect(shape.count == numbers.count)
      #expect(Array(shape.children(of: -1)) == roots)
      for node in numbers.indices {
        #expect(Array(shape.children(of: node)) == numbers[node])
        // One child at a time, as the lists are read without a slice.
        #expect(shape.childCount(of: node) == numbers[node].count)
        let children = numbers[node].indices.map { shape.child($0, of: node) }
        #expect(children == numbers[node].map(Int.init))
      }
      #expect(shape.childCount(of: -1) == roots.count)
      #expect(roots.indices.map { shape.child($0, of: -1) } == roots.map(Int.init))
      #expect(shape.siblingIndices == siblings)
      // Made again from its parents alone, it is the same shape.
      let again = TreeShape(parents: shape.parents)
      #expect(again == shape && again.hashValue == shape.hashValue)
      #expect(again.siblingIndices == siblings)
      #expect(numbers.indices.allSatisfy { again.children(of: $0) == shape.children(of: $0) })
      // Made from its parents and the sibling indices a tree scan lays
      // out, it is the same shape too.
      let laidOut = TreeShape(parents: shape.parents, siblingIndices: siblings)
      #expect(laidOut == shape && laidOut.siblingIndices == siblings)
      #expect(numbers.indices.allSatisfy { laidOut.children(of: $0) == shape.children(of: $0) })
    }
  }

  @Test func shapesWithOtherParentsDiffer() {
    // Two roots, or one root with a child: same size, other shapes.
    #expect(TreeShape(parents: [-1, -1]) != TreeShape(parents: [-1, 0]))
    #expect(Array(TreeShape(parents: [-1, -1]).children(of: -1)) == [0, 1])
    #expect(Array(TreeShape(parents: [-1, 0]).children(of: 0)) == [1])
    #expect(TreeShape(parents: []).children(of: -1).isEmpty)
  }
}
