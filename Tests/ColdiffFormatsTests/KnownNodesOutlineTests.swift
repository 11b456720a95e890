import TestSupport
import Testing

@testable import ColdiffFormats

/// The outline of a tree in preorder (`JSONKnownNodes.outline(of:)`): where
/// each node's subtree ends, its depth and the roots, against the
/// forest's own numbers.
@Suite struct KnownNodesOutlineTests {
  @Test func theOutlineIsTheForestsSubtreesDepthsAndRoots() {
    var random = SeededGenerator(seed: 35)
    for _ in 0..<200 {
      // A random forest, numbered in preorder as it is made.
      var (parents, ends, levels, roots) = ([Int32](), [Int32](), [Int32](), [Int32]())
      func node(parent: Int32, depth: Int32) {
        let number = parents.count
        parents.append(parent)
        levels.append(depth)
        ends.append(0)
        if parent < 0 { roots.append(Int32(number)) }
        if depth < 6 {
          for _ in 0..<Int.random(in: 0...3, using: &random) {
            node(parent: Int32(number), depth: depth + 1)
          }
        }
        ends[number] = Int32(parents.count)
      }
      for _ in 0..<Int.random(in: 0...4, using: &random) { node(parent: -1, depth: 0) }
      let outline = JSONKnownNodes.outline(of: parents)
      #expect(outline.ends == ends, "parents \(parents)")
      #expect(outline.levels == levels, "parents \(parents)")
      #expect(outline.roots == roots, "parents \(parents)")
    }
  }
}
