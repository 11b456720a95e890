import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// Records a plain patch adds to a JSON list are kept as the patch's text
/// and written from it (`PatchTarget.makeRecord(text:)`,
/// `JSONRecordOutput.text`), which gives the bytes and the errors of the
/// same patch applied through the value model.
@Suite struct AddedTextsTests {
  /// JSON targets: an indented array with a duplicate member, and JSON
  /// Lines with spacing of their own.
  static let targets = [
    "t.json": """
    [
      {"id": 1, "name": "Ann", "name": "Annie"},
      {"id": 2, "name": "Bob"}
    ]

    """,
    "t.jsonl": """
    {"id":1,"name":"Ann","name":"Annie"}
    { "id" : 2 , "name" : "Bob" }

    """,
  ]

  /// Patches that add records of every shape and then do things to them.
  static let patches: [String] = [
    // Records of every kind of value, with spacing, escapes, numbers
    // written their own way, a duplicate member; at the end, the start
    // and between.
    """
    [{"op": "add", "path": "/-", "value": { "id" : 3 , "n" : 1.0 , "e" : -2E+3 , "s" : "a\\u00e9\\"b",
       "deep" : { "x" : [ 1 , { "y" : [ ] } , null , true ] } , "empty" : { } , "s" : "again" }},
     {"op": "add", "path": "/0", "value": {"id": 0}},
     {"op": "add", "path": "/2", "value": [1, "two", [3]]},
     {"op": "add", "path": "/-", "value": "text"},
     {"op": "add", "path": "/-", "value": 4.50},
     {"op": "add", "path": "/-", "value": null}]
    """,
    // An added record changed, tested, moved and removed afterwards.
    """
    [{"op": "add", "path": "/1", "value": {"id": 5, "name": "Eve"}},
     {"op": "test", "path": "/1", "value": {"id": 5, "name": "Eve"}},
     {"op": "replace", "path": "/1/name", "value": "Eva"},
     {"op": "test", "path": "/1/name", "value": "Eva"},
     {"op": "add", "path": "/-", "value": {"id": 6}},
     {"op": "move", "from": "/3", "path": "/0"},
     {"op": "add", "path": "/-", "value": {"id": 7}},
     {"op": "remove", "path": "/4"}]
    """,
    // Failures: past the end, not an index, a test of an added record.
    """
    [{"op": "add", "path": "/3", "value": {"id": 3}}]
    """,
    """
    [{"op": "add", "path": "/x", "value": {"id": 3}}]
    """,
    """
    [{"op": "add", "path": "/-", "value": {"id": 3}},
     {"op": "test", "path": "/2/id", "value": 4}]
    """,
  ]

  @Test(arguments: targets.keys.sorted(), patches.indices)
  func addedTextsGiveWhatTheValueModelGives(target: String, index: Int) throws {
    let text = try #require(Self.targets[target])
    let (fast, built) = try PatchOutcomes.of(Self.patches[index], on: text, named: target)
    #expect(fast == built)
    #expect(fast != text)
  }

  /// The fast path is taken: an added record keeps the patch's text, its
  /// value unbuilt, until an operation changes it.
  @Test func addedRecordsAreKeptAsText() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("t.jsonl", try #require(Self.targets["t.jsonl"]))
    var target = PatchTarget(try Snapshot(InputFile(path: path), override: nil))
    let patch =
      #"[{"op": "add", "path": "/-", "value": {"id" : 3}}, "#
      + #"{"op": "add", "path": "/0", "value": [4]}, "#
      + #"{"op": "replace", "path": "/0/0", "value": 5}]"#
    try target.apply(try #require(RawJSONPatch(bytes: Array(patch.utf8))))
    #expect(target.text(of: 2).map { String(decoding: $0, as: UTF8.self) } == #"{"id" : 3}"#)
    #expect(target.hasOwnValue(2))
    #expect(target.text(of: 3) == nil)
    #expect(target.value(of: 3) == .array([.number(JSONNumber(5))]))
  }

  /// The records a patch adds whole are written ahead in the target's
  /// style (`AddedRecordTexts`, beside the operations), and only a slice
  /// of the patch's own text gets one: the same bytes from another array
  /// are written when the collection is.
  @Test(arguments: targets.keys.sorted())
  func addedRecordsAreWrittenAheadInTheTargetsStyle(target name: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(name, try #require(Self.targets[name]))
    let snapshot = try Snapshot(InputFile(path: path), override: nil)
    guard case .json(let index) = snapshot.storage else {
      Issue.record("a JSON target")
      return
    }
    let layout = snapshot.bytes.withUnsafeBufferPointer {
      JSONCollectionLayout(bytes: $0, index: index)
    }
    let patch = try #require(
      RawJSONPatch(
        bytes: Array(
          (#"[{"op": "add", "path": "/-", "value": {"id" : 3, "deep" : [1, {"x" : null}]}}, "#
            + #"{"op": "add", "path": "/0/name", "value": "not a record"}, "#
            + #"{"op": "add", "path": "/0", "value": [4]}]"#).utf8)))
    let texts = AddedRecordTexts(patch, layout: layout)
    for operation in patch.operations {
      let value = patch.valueRange(of: operation)
      let slice = patch.bytes[value]
      var expected: [UInt8] = []
      slice.withUnsafeBufferPointer { layout.writeText($0, to: &expected) }
      let written = texts.written(slice).map(Array.init)
      #expect(written == (operation.path.tokens.count == 1 ? expected : nil))
      // The same bytes at the same indices of another array (a copy of
      // the patch's storage, not a second reference to it).
      let copy = patch.bytes.map { $0 }[value]
      #expect(texts.written(copy) == nil)
    }
  }
}
