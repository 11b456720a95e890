import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// NEW's tree laid out by its validating scan with OLD's nodes taken whole
/// (as `coldiff --tree` reads it) is the tree NEW makes read alone, its
/// shared subtrees are known only to the OLD they came from, and its
/// comparison with OLD (which takes the shared nodes as equal without
/// reading them) is the comparison of the tree read alone.
@Suite struct TreeSharedSubtreesTests {
  private static let key = Array("id".utf8)
  private static let names = JSONTreeNames(children: Array("children".utf8), key: key)

  private func read(
    _ text: String, _ name: String, chunking: ScanChunking, reference: Snapshot? = nil,
    nodes: JSONKnownNodes? = nil
  ) throws -> Snapshot {
    try Snapshot(
      InputFile(name: name, bytes: Array(text.utf8)), override: nil, keyName: Self.key,
      chunking: chunking, reference: reference, knownNodes: nodes, tree: Self.names)
  }

  private func tree(_ snapshot: Snapshot) throws -> TreeSnapshot {
    try TreeSnapshot(snapshot, field: JSONPointer(field: "children"), keyName: Self.key)
  }

  private func compared(_ old: TreeSnapshot, _ new: TreeSnapshot) throws -> TreeComparison {
    try TreeComparison(
      old: old, new: new, keys: [JSONPointer(["id"])], rules: ComparisonRules())
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
  func sharedSubtreesGiveWhatTheTreeReadAloneGives(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed + 700)
    var ids = 0
    let oldForest = RandomForest.make(count: 80, ids: &ids, using: &generator)
    let newForest = oldForest.edited(10, ids: &ids, using: &generator)
    // A line feed after the bracket lets the chunked scans cut the array.
    let (oldText, newText) = (
      "[\n" + oldForest.json.dropFirst(), "[\n" + newForest.json.dropFirst()
    )
    var sharedNodes = 0
    for chunking in [ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 300)] {
      let old = try read(oldText, "old.json", chunking: chunking)
      // OLD's tree made beside NEW's read with its nodes is the tree read
      // alone; NEW is read with those nodes.
      let (made, new) = try TreeSnapshot.withKnownNodes(
        of: old, field: JSONPointer(field: "children"), keyName: Self.key
      ) { nodes in
        try read(newText, "new.json", chunking: chunking, reference: old, nodes: nodes)
      }
      let oldTree = try made.get()
      let oldAlone = try tree(old)
      #expect(oldTree.ranges == oldAlone.ranges)
      #expect(oldTree.parents == oldAlone.parents)
      #expect(oldTree.siblingIndex == oldAlone.siblingIndex)
      #expect(oldTree.childrenRanges == oldAlone.childrenRanges)
      #expect(oldTree.capturedKeys == oldAlone.capturedKeys)
      #expect(oldTree.keyTable(for: [JSONPointer(["id"])]) != nil)
      let newTree = try tree(new)
      let alone = try tree(read(newText, "new.json", chunking: .whole))
      #expect(newTree.ranges == alone.ranges)
      #expect(newTree.parents == alone.parents)
      #expect(newTree.siblingIndex == alone.siblingIndex)
      #expect(newTree.childrenRanges == alone.childrenRanges)
      #expect(newTree.keyRanges == alone.keyRanges)
      #expect(newTree.capturedKeys == alone.capturedKeys)
      #expect(newTree.capturedKeyStarts == alone.capturedKeyStarts)
      // Known only to the OLD they came from.
      #expect(alone.subtrees(sharedWith: oldTree).isEmpty)
      #expect(try newTree.subtrees(sharedWith: tree(old)).isEmpty)
      // The matching's known partners: the shared nodes' sources, none
      // for the other nodes, and none at all for a tree read alone.
      let known = newTree.knownPartners(in: oldTree)
      #expect(alone.knownPartners(in: oldTree) == nil)
      var partnered = Set<Int>()
      for shared in newTree.subtrees(sharedWith: oldTree) {
        for offset in 0..<Int(shared.count) {
          let (node, source) = (Int(shared.first) + offset, Int(shared.source) + offset)
          #expect(
            new.bytes.copy(newTree.ranges[node]) == old.bytes.copy(oldTree.ranges[source]))
          #expect(known?.partner(of: node) == source)
          partnered.insert(node)
        }
        sharedNodes += Int(shared.count)
      }
      for node in 0..<newTree.count where !partnered.contains(node) {
        #expect(known?.partner(of: node) == nil)
      }
      #expect(alone.ownMemberSources(in: oldTree).isEmpty)
      let comparison = try compared(oldTree, newTree)
      let reference = try compared(oldTree, alone)
      #expect(comparison.document().bytes == reference.document().bytes)
      #expect(comparison.changes == reference.changes)
      #expect(comparison.newToOld == reference.newToOld)
    }
    // Not vacuous: many nodes were taken whole.
    #expect(sharedNodes > 40)
  }

  @Test func aRecordWhoseChildrenChangedKeepsItsOwnMembersFromOLD() throws {
    // NEW's scan takes b's own members from OLD (c changed, and c's
    // sibling was added): the comparison finds b equal without a look,
    // and gives what the trees read alone give.
    let b = #"{"id": "b", "name": "long enough to be found", "children": ["#
    let old = #"[{"id": "a", "children": [\#(b){"id": "c", "v": 1}]}]}]"# + "\n"
    let new = #"[{"id": "a", "children": [\#(b){"id": "c", "v": 2}, {"id": "d"}]}]}]"# + "\n"
    let oldSnapshot = try read(old, "old.json", chunking: .whole)
    let (made, newSnapshot) = try TreeSnapshot.withKnownNodes(
      of: oldSnapshot, field: JSONPointer(field: "children"), keyName: Self.key
    ) { nodes in
      try read(new, "new.json", chunking: .whole, reference: oldSnapshot, nodes: nodes)
    }
    let oldTree = try made.get()
    let newTree = try tree(newSnapshot)
    #expect(newTree.ownMemberSources(in: oldTree) == [-1, 1, -1, -1])
    let comparison = try compared(oldTree, newTree)
    let reference = try compared(oldTree, tree(read(new, "new.json", chunking: .whole)))
    #expect(comparison.changes.keys.sorted() == [2])
    #expect(comparison.changes == reference.changes)
    #expect(comparison.document().bytes == reference.document().bytes)
  }

  @Test func aMemberAddedNextToTheChildrenIsPlacedAsWithoutThem() throws {
    // The own texts compared as bytes hold `"children": []`; the change
    // names the member before it in the record without its children.
    let old = #"[{"id": "a", "children": [{"id": "b"}], "z": 1}]"#
    let new = #"[{"id": "a", "children": [{"id": "b"}], "y": 0, "z": 2}]"#
    let oldTree = try tree(read(old, "old.json", chunking: .whole))
    let newTree = try tree(read(new, "new.json", chunking: .whole))
    let changes = try #require(try compared(oldTree, newTree).changes[0])
    let children = [[Array("children".utf8)]]
    #expect(
      changes
        == FieldChange.between(
          oldTree.content(of: 0).removing(paths: children),
          newTree.content(of: 0).removing(paths: children)))
    let added = try #require(changes.first { $0.old == nil })
    guard case .key(.string(let name)) = added.after else {
      Issue.record("an added member names the member before it")
      return
    }
    #expect(name.value == Array("id".utf8))
    #expect(changes.count == 2)
  }
}
