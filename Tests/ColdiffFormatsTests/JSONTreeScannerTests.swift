import ColdiffFormats
import Testing

/// `JSONTreeScanner`: records nested in a children member, in preorder,
/// with their parents, sibling indices, children arrays and keys.
@Suite struct JSONTreeScannerTests {
  private static func scan(_ text: String, roots: [Range<Int>]? = nil) throws(JSONTreeScanner
    .Failure)
    -> JSONTreeScanner.Layout
  {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer throws(JSONTreeScanner.Failure) in
      try JSONTreeScanner.scan(
        buffer, roots: roots ?? [0..<bytes.count], children: Array("kids".utf8),
        key: Array("id".utf8))
    }
  }

  private static func text(_ text: String, _ range: Range<Int>?) -> String? {
    range.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
  }

  @Test func nestedRecordsInPreorder() throws {
    let text =
      #"{"id": 1, "kids": [ {"kids": [{"id": 3}], "id": 2}, 7 , {"id": "x\"}"} ], "z": [1]}"#
    let layout = try Self.scan(text)
    #expect(layout.parents == [-1, 0, 1, 0, 0])
    #expect(layout.siblingIndex == [0, 0, 0, 1, 2])
    #expect(
      layout.ranges.map { Self.text(text, $0) } == [
        text, #"{"kids": [{"id": 3}], "id": 2}"#, #"{"id": 3}"#, "7", #"{"id": "x\"}"}"#,
      ])
    #expect(layout.keyRanges.map { Self.text(text, $0) } == ["1", "2", "3", nil, #""x\"}""#])
    #expect(Self.text(text, layout.childrenRanges[1]) == #"[{"id": 3}]"#)
    #expect(layout.childrenRanges[2] == nil)
  }

  @Test func severalRootsAndEmptyChildren() throws {
    let text = #"{"id": 1, "kids": []}{"id": 2}"#
    let layout = try Self.scan(text, roots: [0..<21, 21..<30])
    #expect(layout.parents == [-1, -1])
    #expect(layout.siblingIndex == [0, 1])
    #expect(Self.text(text, layout.childrenRanges[0]) == "[]")
  }

  @Test func childrenThatAreNotAnArrayNameTheRecord() {
    let text = #"[{"id": 1, "kids": [{"id": 2, "kids": {"id": 3}}]}]"#
    #expect {
      _ = try Self.scan(text, roots: [1..<(text.utf8.count - 1)])
    } throws: { error in
      guard let failure = error as? JSONTreeScanner.Failure else { return false }
      return failure.path == [0, 0] && failure.offset == 20
    }
  }

  @Test func twoChildrenMembersAreRefused() {
    #expect(throws: JSONTreeScanner.Failure.self) {
      _ = try Self.scan(#"{"kids": [], "kids": []}"#)
    }
  }
}
