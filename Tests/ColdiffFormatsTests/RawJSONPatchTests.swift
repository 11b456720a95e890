import ColdiffFormats
import Testing

@Suite struct RawJSONPatchTests {
  @Test func readsThePlainFormLikeTheFullReader() throws {
    let text = """
      [
        {"op": "test", "path": "/0/id", "value": 7},
        {"op": "remove", "path": "/0", "unused": [1, {"a": null}]},
        {"path": "/1", "op": "add", "value": {"id": 8, "tags": ["x"]}},
        {"op": "replace", "path": "/1/name", "value": "Zoë"},
        {"op": "move", "from": "/2", "path": "/0"},
        {"op": "copy", "from": "/0", "path": "/-"}
      ]
      """
    let bytes = Array(text.utf8)
    let raw = try #require(RawJSONPatch(bytes: bytes))
    let full = try JSONPatch(bytes: bytes)
    #expect(raw.operations.map { $0.built() } == full.operations)
    #expect(raw.operations.map(\.name) == full.operations.map(\.name))
  }

  @Test(arguments: [
    #"[{"op": "test", "path": "/0", "value": 1},]"#,
    #"[{"op": "test", "op": "test", "path": "/0", "value": 1}]"#,
    #"[{"\u006fp": "remove", "path": "/0"}]"#,
    #"[{"op": "re\u006dove", "path": "/0"}]"#,
    #"[{"op": "remove", "path": "0"}]"#,
    #"[{"op": "add", "path": "/0"}]"#,
    #"[{"op": "move", "from": "/a", "path": "/a/b"}]"#,
    #"[{"op": "add", "path": "/0", "value": tru}]"#,
    #"[] []"#,
    #"{"op": "remove"}"#,
  ])
  func anythingElseIsLeftToTheFullReader(text: String) {
    #expect(RawJSONPatch(bytes: Array(text.utf8)) == nil)
  }

  /// Patches read in chunks of a few bytes, their cuts guessed at every
  /// place (inside values and strings that look like an operation's
  /// start too), against the same patches read in one pass.
  @Test(arguments: [
    """
    [
      {"op": "test", "path": "/0/id", "value": {"a": [{"b": 1}, {"c": "},{"}]}},
      {"op": "remove", "path": "/0", "unused": [1, {"a": null}, {"}, {": 2}]},
      {"path": "/1", "op": "add", "value": {"id": 8, "tags": ["x", "}, {\"op\": 1}"]}},
      {"op": "replace", "path": "/1/name", "value": "Zoë"},
      {"op": "move", "from": "/2", "path": "/0"},
      {"op": "copy", "from": "/0", "path": "/-"}
    ]
    """,
    #"[{"op":"remove","path":"/3"},{"op":"add","path":"/0","value":{"x":[{},{}]}}]"#,
    "\u{FEFF} [ {\"op\": \"remove\", \"path\": \"/1\"} ,\r\n\t{\"op\": \"remove\", \"path\": \"/0\"} ] \n",
    #"[{"op": "remove", "path": "/0"}, {"op": "remove", "path": "/0"},]"#,
    #"[{"op": "remove", "path": "/0"}, {"op": "remove", "path": "/0"}] x"#,
    #"[{"op": "remove", "path": "/0"}, {"op": "remove", "path": "/0"}"#,
    #"[{"op": "remove", "path": "/0"}, {"op": "remove", "path": "0"}]"#,
    #"[{"op": "remove", "path": "/0"}, {"op": "re\u006dove", "path": "/0"}]"#,
  ])
  func readsInChunksAsInOnePass(text: String) {
    let bytes = Array(text.utf8)
    let whole = RawJSONPatch(bytes: bytes, chunking: .whole)
    for size in 1...24 {
      let chunked = RawJSONPatch(
        bytes: bytes, chunking: ScanChunking(threshold: 0, chunkSize: size))
      #expect((chunked == nil) == (whole == nil), "chunks of \(size)")
      guard let chunked, let whole else { continue }
      #expect(chunked.operations == whole.operations, "chunks of \(size)")
      let ranges = { (patch: RawJSONPatch) in
        patch.operations.filter(\.kind.hasValue).map { patch.valueRange(of: $0) }
      }
      #expect(ranges(chunked) == ranges(whole), "chunks of \(size)")
    }
  }

  @Test func findsTheLastMemberOfAName() {
    let bytes = Array(#"{"a": 1, "b" : [2, {"a": 3}], "a":"x\"y", "\u0063": true}"#.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      let whole = 0..<buffer.count
      let a = JSONText.memberValue(named: Array("a".utf8), in: buffer, object: whole)
      #expect(a.map { Array(buffer[$0]) } == Array(#""x\"y""#.utf8))
      let c = JSONText.memberValue(named: Array("c".utf8), in: buffer, object: whole)
      #expect(c.map { Array(buffer[$0]) } == Array("true".utf8))
      #expect(JSONText.memberValue(named: Array("z".utf8), in: buffer, object: whole) == nil)
      #expect(JSONText.members(in: buffer, object: whole)?.count == 4)
      #expect(JSONText.members(in: buffer, object: 6..<7) == nil)
    }
  }
}
