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

  /// Each node's canonical key bytes, as the layout gives them.
  private static func canonicalKeys(_ layout: JSONTreeScanner.Layout) -> [[UInt8]] {
    (0..<layout.ranges.count).map {
      Array(
        layout.canonicalKeys[
          Int(layout.canonicalKeyStarts[$0])..<Int(layout.canonicalKeyStarts[$0 + 1])])
    }
  }

  /// The canonical bytes of the value at `range` of `text`, or none.
  private static func canonicalKey(_ text: String, _ range: Range<Int>?) -> [UInt8] {
    guard let range else { return [] }
    var out: [UInt8] = []
    Array(text.utf8).withUnsafeBufferPointer {
      JSONCanonicalKey.append($0, range: range, to: &out)
    }
    return out
  }

  @Test func canonicalKeysAreInRecordOrderWhenAKeyFollowsTheChildren() throws {
    let text = #"{"kids": [{"id": "b"}, {"kids": [{"id": 3.0}], "id": [1, {"a": 2}]}, 5], "id": 1}"#
    let layout = try Self.scan(text)
    #expect(
      layout.keyRanges.map { Self.text(text, $0) } == ["1", #""b""#, #"[1, {"a": 2}]"#, "3.0", nil])
    #expect(Self.canonicalKeys(layout) == layout.keyRanges.map { Self.canonicalKey(text, $0) })
    #expect(layout.canonicalKeyStarts.count == layout.ranges.count + 1)
  }

  @Test func keysInPreorderAreInRecordOrder() throws {
    // Each key before its record's children, one record without a key.
    let text = #"{"id": 1, "kids": [{"id": "b"}, {"x": 0, "kids": [{"id": 3.0}]}, {"id": [2]}]}"#
    let layout = try Self.scan(text)
    #expect(layout.keyRanges.map { Self.text(text, $0) } == ["1", #""b""#, nil, "3.0", "[2]"])
    #expect(Self.canonicalKeys(layout) == layout.keyRanges.map { Self.canonicalKey(text, $0) })
    #expect(layout.canonicalKeyStarts.count == layout.ranges.count + 1)
  }

  @Test(arguments: [false, true])
  func everyKindOfKeyHasItsCanonicalBytes(keyAfterChildren: Bool) throws {
    // Short plain strings (written a block at a time) among the keys that
    // are not (an escape, seventeen bytes, numbers, an array), more key
    // bytes than the buffer first holds, in preorder or after the
    // children; the last keys within sixteen bytes of the end.
    let keys = [
      #""k""#, #""""#, #""sixteen bytes 16""#, #""seventeen bytes17""#, #""a\"b""#, #""día""#,
      "12.50", "[1, {\"a\": 2}]",
    ]
    let children = (0..<600).map { node in
      let key = #""id": \#(keys[node % keys.count])"#
      return keyAfterChildren ? #"{"kids": [], \#(key)}"# : #"{\#(key), "kids": []}"#
    }
    let kids = #""kids": ["# + children.joined(separator: ", ") + "]"
    // The root's key after its children: its record's bytes out of
    // preorder, and within sixteen bytes of the end.
    let text = keyAfterChildren ? #"{\#(kids), "id": "root"}"# : #"{"id": "root", \#(kids)}"#
    let layout = try Self.scan(text)
    #expect(layout.ranges.count == 601)
    #expect(Self.canonicalKeys(layout) == layout.keyRanges.map { Self.canonicalKey(text, $0) })
  }

  @Test func theLastOfTwoKeyMembersCounts() throws {
    let text = #"{"id": 1, "kids": [{"id": 2, "id": "two"}], "id": 9}"#
    let layout = try Self.scan(text)
    #expect(layout.keyRanges.map { Self.text(text, $0) } == ["9", #""two""#])
    #expect(Self.canonicalKeys(layout) == layout.keyRanges.map { Self.canonicalKey(text, $0) })
  }

  @Test func stringsAndNestedValuesDoNotLookLikeMembers() throws {
    // Brackets, quotes, colons and member names inside strings, a `kids`
    // member inside a nested object, an escaped name that decodes to
    // `kids`, names longer than a machine word, and whitespace everywhere.
    let text = #"""
      { "note" : "\\\"kids\": [ {\"id\": 0} ]" ,"meta":{"kids":[{"id":-1}],"x":[[],{}]},
        "a very long member name, longer than eight bytes" : true ,
        "k\u0069ds" :
          [ { "id" : "é\u00e9 \"]}" , "kidsx" : [ { "id" : 4 } ] } , null ] , "id" : 1e2 }
      """#
    let layout = try Self.scan(text)
    #expect(layout.parents == [-1, 0, 0])
    #expect(
      layout.keyRanges.map { Self.text(text, $0) } == ["1e2", #""é\u00e9 \"]}""#, nil])
    #expect(Self.text(text, layout.ranges[2]) == "null")
    #expect(
      Self.text(text, layout.childrenRanges[0])
        == #"[ { "id" : "é\u00e9 \"]}" , "kidsx" : [ { "id" : 4 } ] } , null ]"#)
    #expect(layout.childrenRanges[1] == nil)
    #expect(Self.text(text, layout.ranges[0]) == text)
  }

  @Test func aScalarAtTheEndOfTheInputIsANode() throws {
    let text = #"{"id": 1}"# + "\n" + "17"
    let layout = try Self.scan(text, roots: [0..<9, 10..<12])
    #expect(layout.ranges.map { Self.text(text, $0) } == [#"{"id": 1}"#, "17"])
    #expect(Self.canonicalKeys(layout)[1] == [])
  }

  @Test func twoChildrenMembersAreRefused() {
    #expect(throws: JSONTreeScanner.Failure.self) {
      _ = try Self.scan(#"{"kids": [], "kids": []}"#)
    }
  }
}
