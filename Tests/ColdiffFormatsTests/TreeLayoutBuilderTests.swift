import Testing

@testable import ColdiffFormats

/// `TreeLayoutBuilder`: subtrees copied from another tree's layout come
/// out as the same nodes scanned one by one would, moved to where they
/// are, whether the layout is narrow or wide, alone or appended after
/// the nodes of the chunks before it (`finish(appendingTo:rootsBefore:)`).
@Suite struct TreeLayoutBuilderTests {
  /// A node as a scan meets it: its range, its children array's, and its
  /// parent's position in the list (-1: a root).
  private struct Node {
    let range: Range<Int>
    let children: Range<Int>?
    let parent: Int
  }

  /// Two roots, the first with a child that has children of its own.
  private static let nodes = [
    Node(range: 0..<100, children: 10..<90, parent: -1),
    Node(range: 12..<40, children: nil, parent: 0),
    Node(range: 42..<88, children: 50..<86, parent: 0),
    Node(range: 52..<70, children: nil, parent: 2),
    Node(range: 71..<84, children: 75..<76, parent: 2),
    Node(range: 101..<120, children: nil, parent: -1),
  ]
  /// Where each node's subtree ends in preorder.
  private static let subtreeEnds: [Int32] = [5, 2, 5, 4, 5, 6]
  /// An offset past what a narrow list holds.
  private static let far = 1 << 33

  /// The layout of every node scanned, moved by `shift`.
  private static func scanned(movedBy shift: Int) -> JSONTreeScanner.Layout {
    var builder = TreeLayoutBuilder(estimate: 4, keyed: false)
    var rows: [Int] = []
    var siblings: [Int: Int] = [:]
    for node in nodes {
      let sibling = siblings[node.parent, default: 0]
      siblings[node.parent] = sibling + 1
      let parent = node.parent < 0 ? -1 : rows[node.parent]
      let row = builder.begin(at: node.range.lowerBound + shift, parent: parent, sibling: sibling)
      rows.append(row)
      if let children = node.children {
        builder.setChildrenRange(row, (children.lowerBound + shift)..<(children.upperBound + shift))
      }
      builder.setRange(row, (node.range.lowerBound + shift)..<(node.range.upperBound + shift))
    }
    return builder.finish()
  }

  /// The layout of the same nodes moved by `shift`, the first root
  /// scanned and its children's subtrees copied from `old`, the second
  /// root copied whole; appended to `target` after `roots` roots.
  private static func copied(
    from old: JSONTreeScanner.Layout, movedBy shift: Int, into target: inout JSONTreeScanner.Layout,
    afterRoots roots: Int
  ) {
    var source = CopySource()
    (source.layout, source.subtreeEnds) = (old, subtreeEnds)
    var builder = TreeLayoutBuilder(estimate: 4, keyed: false, source: source, samples: false)
    let root = builder.begin(at: shift, parent: -1, sibling: 0)
    builder.setChildrenRange(root, (10 + shift)..<(90 + shift))
    #expect(builder.copy(1, from: source, at: 12 + shift, parent: root, sibling: 0) == 40 + shift)
    #expect(builder.copy(2, from: source, at: 42 + shift, parent: root, sibling: 1) == 88 + shift)
    builder.setRange(root, shift..<(100 + shift))
    #expect(builder.copy(5, from: source, at: 101 + shift, parent: -1, sibling: 1) == 120 + shift)
    builder.finish(appendingTo: &target, rootsBefore: roots)
  }

  /// `layout`'s node arrays after `before`'s, as a join makes them: its
  /// nodes numbered after those, its roots' sibling indices after `roots`.
  private static func joined(
    _ before: JSONTreeScanner.Layout, _ layout: JSONTreeScanner.Layout, afterRoots roots: Int
  ) -> JSONTreeScanner.Layout {
    var joined = before
    let first = Int32(before.ranges.count)
    for node in layout.ranges.indices {
      joined.ranges.append(layout.ranges[node])
      joined.childrenRanges.append(layout.childrenRanges[node])
      joined.keyRanges.append(layout.keyRanges[node])
      let parent = layout.parents[node]
      joined.parents.append(parent < 0 ? parent : parent + first)
      joined.siblingIndex.append(layout.siblingIndex[node] + (parent < 0 ? Int32(roots) : 0))
    }
    return joined
  }

  /// Whether two layouts have the same nodes.
  private static func sameNodes(_ lhs: JSONTreeScanner.Layout, _ rhs: JSONTreeScanner.Layout)
    -> Bool
  {
    lhs.ranges == rhs.ranges && lhs.childrenRanges == rhs.childrenRanges
      && lhs.keyRanges == rhs.keyRanges && lhs.parents == rhs.parents
      && lhs.siblingIndex == rhs.siblingIndex
  }

  @Test(arguments: [0, 7, far])
  func copiedSubtreesComeOutAsTheNodesScanned(shift: Int) {
    let old = Self.scanned(movedBy: 0)
    #expect(old.parents == [-1, 0, 0, 2, 2, -1] && old.siblingIndex == [0, 0, 1, 0, 1, 1])
    var layout = JSONTreeScanner.Layout()
    Self.copied(from: old, movedBy: shift, into: &layout, afterRoots: 0)
    #expect(Self.sameNodes(layout, Self.scanned(movedBy: shift)))
    #expect(layout.ranges.bounds.isWide == (shift == Self.far))
    let shared = layout.sharedSubtrees
    #expect(shared.map(\.first) == [1, 2, 5] && shared.map(\.count) == [1, 3, 1])
    #expect(shared.map(\.source) == [1, 2, 5])
  }

  @Test(arguments: [0, far], [0, far])
  func copiedSubtreesAppendAfterTheNodesOfAnotherLayout(before: Int, shift: Int) {
    let old = Self.scanned(movedBy: 0)
    // A first chunk's layout, narrow or wide, its two roots before ours.
    let target = Self.scanned(movedBy: before)
    var layout = target
    Self.copied(from: old, movedBy: shift + 1000, into: &layout, afterRoots: 2)
    let expected = Self.joined(target, Self.scanned(movedBy: shift + 1000), afterRoots: 2)
    #expect(Self.sameNodes(layout, expected))
    #expect(layout.sharedSubtrees.map(\.first) == [7, 8, 11])
  }
}
