import ColdiffFormats
import TestSupport
import Testing

/// A tree scanned in parts on every core, its parts' layouts joined
/// (`JSONTreeScanner.Layout(joining:)`, each array copied into place
/// part by part), is the layout of the scan on one thread, field by
/// field: node numbers, parents, sibling indices, ranges, keys and the
/// subtrees taken whole from OLD's nodes.
@Suite struct TreeLayoutJoinTests {
  private static let children = Array("kids".utf8)

  @Test(arguments: [InputForm.jsonLines, .jsonArray])
  func aTreeScannedInPartsIsTheScanOnOneThread(form: InputForm) throws {
    var random = SeededGenerator(seed: 523 + RandomCollection.seed(form))
    var (partsWithShared, sharedNodes) = (0, 0)
    for _ in 0..<60 {
      // Several forests one after another: more roots, so more parts.
      let forest = (0..<3).flatMap { _ in RandomForest.make(using: &random) }
      let (old, new) = RandomForest.renderedPair(forest, form, using: &random)
      for keyName in [nil, Array("id".utf8)] {
        let oldLayout = try Self.layout(old, form, keyName, known: nil, partSize: nil)
        try old.withUnsafeBufferPointer { oldBuffer in
          let origin = TreeOrigin()
          // Every node in the table of prefixes, so that a part's scan,
          // which starts afresh, takes the nodes the scan on one thread
          // takes (with every fourth it may validate its first ones).
          let nodes = JSONKnownNodes(
            prefixes: JSONKnownNodes.prefixes(of: oldLayout, in: oldBuffer, sampling: 1),
            outline: JSONKnownNodes.outline(of: oldLayout.parents), form: form,
            layout: oldLayout, children: Self.children, key: keyName, origin: origin)
          for known in [nil, nodes] {
            let whole = try Self.layout(new, form, keyName, known: known, partSize: nil)
            for partSize in [1, 40, 200] {
              let parts = try Self.layout(new, form, keyName, known: known, partSize: partSize)
              #expect(parts == whole, "\(String(decoding: new, as: UTF8.self))")
              if partSize == 1 && parts.sharedOrigin === origin { partsWithShared += 1 }
            }
            sharedNodes += whole.sharedSubtrees.reduce(0) { $0 + Int($1.count) }
          }
        }
      }
    }
    // Not vacuous: parts were joined, with subtrees taken whole in them.
    #expect(partsWithShared > 0 && sharedNodes > 200)
  }

  /// The tree scan of `text`'s records, in parts of `partSize` bytes or
  /// more (`nil`: on one thread).
  private static func layout(
    _ text: [UInt8], _ form: InputForm, _ keyName: [UInt8]?, known: JSONKnownNodes?,
    partSize: Int?
  ) throws -> JSONTreeScanner.Layout {
    let index = try JSONCollectionScanner.scan(text, as: form, keyName: keyName)
    return try text.withUnsafeBufferPointer { buffer in
      try JSONTreeScanner.scan(
        buffer, roots: (0..<index.count).map(index.recordRange), children: children,
        key: keyName, known: known, partSize: partSize)
    }
  }
}
