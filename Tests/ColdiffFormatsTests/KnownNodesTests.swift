import ColdiffFormats
import TestSupport
import Testing

/// Scans of NEW that take the nested records of a tree it shares with OLD
/// whole (`JSONKnownNodes`) give what the full scans give: the validating
/// scan the same index or the same first error with its line and column,
/// the tree scan the same layout or the same failure. And the validating
/// scan that lays a tree out as it goes (OLD's, `JSONTreeCapture`) gives
/// what the tree scan gives, whole or in chunks.
@Suite struct KnownNodesTests {
  private static let chunkings = [
    ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 64),
    ScanChunking(threshold: 0, chunkSize: 700),
  ]
  private static let children = Array("kids".utf8)

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func scansWithKnownNodesGiveTheFullScans(form: InputForm) throws {
    var random = SeededGenerator(seed: 207 + RandomCollection.seed(form))
    for round in 0..<80 {
      let forest = RandomForest.make(using: &random)
      let (old, edited) = RandomForest.renderedPair(forest, form, using: &random)
      var new = edited
      // Damage now and then falls inside a nested record OLD has.
      if round % 2 == 1 { new = RandomCollection.damaged(new, using: &random) }
      for keyName in [nil, Array("id".utf8)] {
        let plain = Self.outcome(new, form, keyName, .whole, old: nil)
        for (part, chunking) in Self.chunkings.enumerated() {
          let outcome = Self.outcome(new, form, keyName, chunking, old: old, partSize: part)
          #expect(outcome == plain, "\(String(decoding: new, as: UTF8.self))")
        }
      }
    }
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func validatingScansLayTheTreeOutAsTheTreeScan(form: InputForm) throws {
    var random = SeededGenerator(seed: 311 + RandomCollection.seed(form))
    for round in 0..<80 {
      let forest = RandomForest.make(using: &random)
      let pretty = form != .jsonLines && Bool.random(using: &random)
      var text = RandomForest.render(forest, form, pretty: pretty)
      // Records the tree scan refuses now and then, damage now and then.
      if round % 3 == 1 { text = RandomForest.refused(text, using: &random) }
      if round % 4 == 3 { text = RandomCollection.damaged(text, using: &random) }
      for keyName in [nil, Array("id".utf8)] {
        let names = JSONTreeNames(children: Self.children, key: keyName)
        let plain = Self.outcome(text, form, keyName, .whole, old: nil)
        for chunking in Self.chunkings {
          let scanned = text.withUnsafeBufferPointer { buffer in
            Result { () throws(InputError) in
              try JSONCollectionScanner.scan(
                buffer, as: form, keyName: keyName, chunking: chunking, tree: names)
            }
          }
          guard case .success(let index) = scanned else {
            #expect(scanned.map(\.count) == .failure(plain.error!))
            continue
          }
          var flat = index
          flat.tree = nil
          #expect(flat == plain.index)
          guard form != .jsonObject else {
            #expect(index.tree == nil)
            continue
          }
          let capture = try #require(index.tree)
          switch capture.result {
          case .success(let layout): #expect(TreeOutcome(layout) == plain.tree)
          case .failure(let failure): #expect(TreeOutcome(failure) == plain.tree)
          }
        }
      }
    }
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func validatingScansWithKnownNodesLayTheTreeOutAsTheTreeScan(form: InputForm) throws {
    var random = SeededGenerator(seed: 419 + RandomCollection.seed(form))
    var (sharedNodes, sharedHeads) = (0, 0)
    for round in 0..<80 {
      let forest = RandomForest.make(using: &random)
      let (old, edited) = RandomForest.renderedPair(forest, form, using: &random)
      var new = edited
      if round % 3 == 1 { new = RandomForest.refused(new, using: &random) }
      if round % 4 == 3 { new = RandomCollection.damaged(new, using: &random) }
      for keyName in [nil, Array("id".utf8)] {
        let plain = Self.outcome(new, form, keyName, .whole, old: nil)
        for chunking in Self.chunkings {
          let (scanned, layouts) = Self.treeScan(new, form, keyName, chunking, old: old)
          guard case .success(let index) = scanned else {
            #expect(scanned.map(\.count) == .failure(plain.error!))
            continue
          }
          var flat = index
          flat.tree = nil
          #expect(flat == plain.index)
          guard form != .jsonObject else {
            #expect(index.tree == nil)
            continue
          }
          guard let capture = index.tree else {
            // An empty array is not scanned.
            #expect(index.count == 0)
            continue
          }
          switch capture.result {
          case .success(let layout):
            #expect(TreeOutcome(layout) == plain.tree)
            sharedNodes += try Self.checkShared(layout, in: new, of: layouts)
            sharedHeads += try Self.checkSharedHeads(layout, in: new, of: layouts)
          case .failure(let failure): #expect(TreeOutcome(failure) == plain.tree)
          }
        }
      }
    }
    // Not vacuous: many nodes were copied, and the heads of many others
    // taken (an object map's tree is not laid out while it is validated).
    #expect(form == .jsonObject || (sharedNodes > 200 && sharedHeads > 20))
  }

  @Test func aSharedHeadMovedDeeperIsCheckedAgainstTheNestingLimit() throws {
    // A node whose own members nest 995 arrays deep is valid as a child
    // of a root, not as a grandchild; its child changed, so that only its
    // head (its bytes before its children) is OLD's.
    let deep = String(repeating: "[", count: 995) + String(repeating: "]", count: 995)
    func node(_ child: String) -> String {
      #"{"id": "a node long enough to be found", "v": \#(deep), "kids": [{"id": "\#(child)"}]}"#
    }
    let old = Array(#"[{"id": "r", "kids": [\#(node("c"))]}]"#.utf8)
    let moved = Array(#"[{"id": "r", "kids": [{"id": "p", "kids": [\#(node("d"))]}]}]"#.utf8)
    let kept = Array(#"[{"id": "r", "kids": [\#(node("d")), {"id": "q"}]}]"#.utf8)
    let names = JSONTreeNames(children: Self.children, key: nil)
    let plain = moved.withUnsafeBufferPointer { buffer in
      Result { () throws(InputError) in
        try JSONCollectionScanner.scan(
          buffer, as: .jsonArray, keyName: nil, chunking: .whole, tree: names)
      }
    }
    guard case .failure(let error) = plain else {
      Issue.record("a node nested too deep is refused")
      return
    }
    #expect(error.message.hasPrefix("nesting deeper than 1000 levels"))
    let withOld = Self.treeScan(moved, .jsonArray, nil, .whole, old: old).0
    #expect(withOld.map(\.count) == .failure(error))
    let layout = try Self.treeScan(kept, .jsonArray, nil, .whole, old: old).0.get().tree?.result
      .get()
    #expect(layout?.sharedHeads == [JSONTreeScanner.SharedHead(node: 1, source: 1)])
    #expect(
      layout.map(TreeOutcome.init) == Self.outcome(kept, .jsonArray, nil, .whole, old: nil).tree)
  }

  @Test func aHeadIsTakenOnlyWithItsKey() throws {
    // The nested record's children changed: its head (its bytes before
    // its children) is OLD's, taken when it holds the key member, not
    // when the key follows the children.
    let key = Array("id".utf8)
    for (first, rest, shared) in [
      (#"{"id": "b", "name": "long enough to be found", "kids": ["#, "]}", true),
      (#"{"name": "long enough to be found", "kids": ["#, #"], "id": "b"}"#, false),
    ] {
      let old = Array(#"[{"id": "a", "kids": [\#(first){"id": "c"}\#(rest)]}]"#.utf8)
      let new = Array(#"[{"id": "a", "kids": [\#(first){"id": "d"}\#(rest)]}]"#.utf8)
      let layout = try Self.treeScan(new, .jsonArray, key, .whole, old: old).0.get().tree?.result
        .get()
      #expect(layout?.sharedHeads.map(\.node) == (shared ? [1] : []))
      #expect(
        layout.map(TreeOutcome.init) == Self.outcome(new, .jsonArray, key, .whole, old: nil).tree)
    }
  }

  @Test func aSharedNodeMovedDeeperIsCheckedAgainstTheNestingLimit() {
    // A node nested 996 arrays deep inside is valid as a child of a root,
    // not as a grandchild: two levels more pass the limit of 1000.
    let deep =
      #"{"id": "a node long enough to be found", "v": "#
      + String(repeating: "[", count: 996) + String(repeating: "]", count: 996) + "}"
    let old = Array(#"[{"id": "r", "kids": [\#(deep)]}]"#.utf8)
    let moved = Array(#"[{"id": "r", "kids": [{"id": "p", "kids": [\#(deep)]}]}]"#.utf8)
    let kept = Array(#"[{"id": "r", "kids": [\#(deep), {"id": "q"}]}]"#.utf8)
    let plain = Self.outcome(moved, .jsonArray, nil, .whole, old: nil)
    #expect(plain.error?.message.hasPrefix("nesting deeper than 1000 levels") == true)
    #expect(Self.outcome(moved, .jsonArray, nil, .whole, old: old) == plain)
    let valid = Self.outcome(kept, .jsonArray, nil, .whole, old: old)
    #expect(valid.error == nil)
    #expect(valid == Self.outcome(kept, .jsonArray, nil, .whole, old: nil))
  }

  @Test func sharedNodesAreTakenWhole() throws {
    // NEW has OLD's bytes for every node but the changed one and the
    // records above it, and those are what the scan finds.
    let shared = #"{"id": "b", "name": "a nested record long enough", "kids": [{"id": "c"}]}"#
    let old = Array(#"[{"id": "a", "kids": [\#(shared)]}]"#.utf8)
    let new = Array(#"[{"id": "a", "note": 1, "kids": [\#(shared)]}]"#.utf8)
    let oldIndex = try JSONCollectionScanner.scan(old, as: .jsonArray)
    let oldLayout = try old.withUnsafeBufferPointer { buffer in
      try JSONTreeScanner.scan(
        buffer, roots: [oldIndex.recordRange(0)], children: Self.children, key: nil)
    }
    old.withUnsafeBufferPointer { oldBuffer in
      new.withUnsafeBufferPointer { newBuffer in
        let known = JSONKnownNodes(
          bytes: oldBuffer, form: .jsonArray, layout: oldLayout, children: Self.children, key: nil)
        var hint = -1
        let start = new.firstIndex(of: UInt8(ascii: "b"))! - 8
        #expect(known.find(in: newBuffer, at: start, hint: &hint) == 1)
        #expect(hint == 2)
        #expect(known.find(in: newBuffer, at: 1, hint: &hint) == nil)
      }
    }
  }

  // MARK: - Outcomes

  private struct Outcome: Equatable {
    var index: JSONCollectionIndex?
    var error: InputError?
    var tree: TreeOutcome?
  }

  /// A tree layout or failure, compared field by field.
  private struct TreeOutcome: Equatable {
    var ranges: [Range<Int>] = []
    var parents: [Int32] = []
    var siblingIndex: [Int32] = []
    var childrenRanges: [Range<Int>?] = []
    var keyRanges: [Range<Int>?] = []
    var canonicalKeys: [UInt8] = []
    var canonicalKeyStarts: [UInt32] = []
    var failure: String?

    init(_ layout: JSONTreeScanner.Layout) {
      ranges = Array(layout.ranges)
      parents = layout.parents
      siblingIndex = layout.siblingIndex
      childrenRanges = Array(layout.childrenRanges)
      keyRanges = Array(layout.keyRanges)
      canonicalKeys = layout.canonicalKeys
      canonicalKeyStarts = layout.canonicalKeyStarts
    }

    init(_ failure: JSONTreeScanner.Failure) {
      self.failure = "\(failure.path) \(failure.offset) \(failure.reason)"
    }
  }

  /// NEW scanned by the validating scan that lays its tree out, with
  /// OLD's records and nodes known (scanned with the same names), and
  /// OLD's bytes and layout.
  private static func treeScan(
    _ new: [UInt8], _ form: InputForm, _ keyName: [UInt8]?, _ chunking: ScanChunking,
    old: [UInt8]
  ) -> (Result<JSONCollectionIndex, InputError>, (old: [UInt8], layout: JSONTreeScanner.Layout)?) {
    old.withUnsafeBufferPointer { oldBuffer in
      let oldIndex = try? JSONCollectionScanner.scan(old, as: form, keyName: keyName)
      let layout = oldIndex.flatMap { index in
        try? JSONTreeScanner.scan(
          oldBuffer, roots: (0..<index.count).map(index.recordRange), children: children,
          key: keyName)
      }
      var nodes: JSONKnownNodes?
      if let oldIndex, let layout {
        nodes = JSONKnownNodes(
          bytes: oldBuffer, form: oldIndex.form, layout: layout, children: children, key: keyName)
      }
      let records = oldIndex.map { JSONKnownRecords(bytes: oldBuffer, index: $0) }
      let names = JSONTreeNames(children: children, key: keyName)
      let scanned = new.withUnsafeBufferPointer { buffer in
        Result { () throws(InputError) in
          try JSONCollectionScanner.scan(
            buffer, as: form, keyName: keyName, chunking: chunking, known: records, nodes: nodes,
            tree: names)
        }
      }
      return (scanned, layout.map { (old, $0) })
    }
  }

  /// Checks that each subtree a layout notes as shared has the bytes and
  /// the shape of OLD's subtree it names.
  ///
  /// - Returns: how many nodes the shared subtrees hold.
  private static func checkShared(
    _ layout: JSONTreeScanner.Layout, in new: [UInt8],
    of old: (old: [UInt8], layout: JSONTreeScanner.Layout)?
  ) throws -> Int {
    guard !layout.sharedSubtrees.isEmpty else { return 0 }
    let old = try #require(old)
    var count = 0
    for shared in layout.sharedSubtrees {
      for offset in 0..<Int(shared.count) {
        let node = Int(shared.first) + offset
        let source = Int(shared.source) + offset
        #expect(
          new[layout.ranges[node]].elementsEqual(old.old[old.layout.ranges[source]]))
        #expect(layout.ranges[node].count == old.layout.ranges[source].count)
        if offset > 0 {
          #expect(
            layout.parents[node] - shared.first == old.layout.parents[source] - shared.source)
        }
      }
      count += Int(shared.count)
    }
    return count
  }

  /// Checks that each node a layout notes as having the own members of
  /// a node of OLD has that node's bytes before its children array and
  /// after it.
  ///
  /// - Returns: how many nodes it notes.
  private static func checkSharedHeads(
    _ layout: JSONTreeScanner.Layout, in new: [UInt8],
    of old: (old: [UInt8], layout: JSONTreeScanner.Layout)?
  ) throws -> Int {
    guard !layout.sharedHeads.isEmpty else { return 0 }
    let old = try #require(old)
    for head in layout.sharedHeads {
      let (node, source) = (Int(head.node), Int(head.source))
      let (range, children) = (layout.ranges[node], try #require(layout.childrenRanges[node]))
      let oldRange = old.layout.ranges[source]
      let oldChildren = try #require(old.layout.childrenRanges[source])
      #expect(
        new[range.lowerBound..<children.lowerBound]
          .elementsEqual(old.old[oldRange.lowerBound..<oldChildren.lowerBound]))
      #expect(
        new[children.upperBound..<range.upperBound]
          .elementsEqual(old.old[oldChildren.upperBound..<oldRange.upperBound]))
    }
    return layout.sharedHeads.count
  }

  /// NEW scanned, then scanned as a tree; with OLD's nodes (and records)
  /// known when `old` is given, its tree scan in parts of `partSize`
  /// bytes or more (0: on one thread).
  private static func outcome(
    _ new: [UInt8], _ form: InputForm, _ keyName: [UInt8]?, _ chunking: ScanChunking,
    old: [UInt8]?, partSize: Int = 0
  ) -> Outcome {
    let oldText = old ?? []
    return oldText.withUnsafeBufferPointer { oldBuffer in
      let oldIndex = old.flatMap { try? JSONCollectionScanner.scan($0, as: form, keyName: keyName) }
      let nodes = oldIndex.flatMap { index -> JSONKnownNodes? in
        guard
          let layout = try? JSONTreeScanner.scan(
            oldBuffer, roots: (0..<index.count).map(index.recordRange), children: children,
            key: keyName)
        else { return nil }
        return JSONKnownNodes(
          bytes: oldBuffer, form: index.form, layout: layout, children: children, key: keyName)
      }
      let records = oldIndex.map { JSONKnownRecords(bytes: oldBuffer, index: $0) }
      return new.withUnsafeBufferPointer { buffer in
        let index: JSONCollectionIndex
        do throws(InputError) {
          index = try JSONCollectionScanner.scan(
            buffer, as: form, keyName: keyName, chunking: chunking, known: records, nodes: nodes)
        } catch {
          return Outcome(error: error)
        }
        let roots = (0..<index.count).map(index.recordRange)
        do throws(JSONTreeScanner.Failure) {
          let layout = try JSONTreeScanner.scan(
            buffer, roots: roots, children: children, key: keyName, known: nodes,
            partSize: partSize == 0 ? nil : partSize)
          return Outcome(index: index, tree: TreeOutcome(layout))
        } catch {
          return Outcome(index: index, tree: TreeOutcome(error))
        }
      }
    }
  }
}
