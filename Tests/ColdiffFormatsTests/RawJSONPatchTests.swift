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

  /// Only the values of `add` operations are built; every operation is
  /// still the one the full reader reads.
  @Test func buildsTheAddedValuesOnly() throws {
    let text = """
      [{"op": "add", "path": "/1", "value": {"id": 8, "tags": ["x"]}},
       {"op": "test", "path": "/1/id", "value": 8},
       {"op": "replace", "path": "/1/tags", "value": []},
       {"op": "add", "path": "/-", "value": 3}]
      """
    let bytes = Array(text.utf8)
    let built = try #require(RawJSONPatch(bytes: bytes)).withAddedValuesBuilt()
    #expect(built.operations.map { $0.built() } == (try JSONPatch(bytes: bytes)).operations)
    let kinds: [String] = built.operations.map {
      if case .value? = $0.heldValue { return "value" } else { return "raw" }
    }
    #expect(kinds == ["value", "raw", "raw", "value"])
  }

  /// Built in parts (here on one thread, the last part first), the
  /// added values are those built in one pass, each at its operation.
  @Test func buildsTheAddedValuesInParts() throws {
    let count = 3 * RawJSONPatch.addedValuesPerPart + 5
    let operations = (0..<count).map { index in
      index % 3 == 0
        ? #"{"op": "test", "path": "/\#(index)/id", "value": \#(index)}"#
        : #"{"op": "add", "path": "/\#(index)", "value": {"id": \#(index), "n": "v\#(index)"}}"#
    }
    let bytes = Array("[\(operations.joined(separator: ",\n"))]".utf8)
    var partsRun: [Int] = []
    let inParts = try #require(RawJSONPatch(bytes: bytes)).withAddedValuesBuilt { parts, body in
      for part in (0..<parts).reversed() {
        partsRun.append(part)
        body(part)
      }
    }
    let inOnePass = try #require(RawJSONPatch(bytes: bytes)).withAddedValuesBuilt()
    #expect(partsRun.count > 1)
    #expect(inParts.operations.map { $0.built() } == inOnePass.operations.map { $0.built() })
    #expect(inParts.operations.map { $0.built() } == (try JSONPatch(bytes: bytes)).operations)
    let built = inParts.operations.filter {
      if case .value? = $0.heldValue { return true } else { return false }
    }
    #expect(built.count == count - (count + 2) / 3)
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
