import ColdiffFormats
import Testing

@Suite struct DiffDocumentRecordBytesTests {
  /// The document with every record built, to compare with the full
  /// reader's.
  private func built(_ document: DiffDocument) -> DiffDocument {
    var document = document
    for index in document.inserts.indices {
      document.inserts[index].value = .value(document.inserts[index].value.built())
    }
    for index in document.deletes.indices {
      document.deletes[index].value = .value(document.deletes[index].value.built())
    }
    return document
  }

  private func isRaw(_ value: DocumentValue) -> Bool {
    if case .raw = value { return true }
    return false
  }

  @Test(arguments: [
    #"""
    {
      "coldiff": 1,
      "kind": "ordered",
      "key": ["/id"],
      "inserts": [{"index": 3, "key": 77, "after": 42,
                   "value": {"id": 77, "name": "new", "tags": [1, {"a": null}]}}],
      "deletes": [{"index": 1, "key": 13, "value": {"id": 13, "name": "gone\u00e9"}},
                  {"value": [1, 2.50, "x"], "key": 14, "index": 2}],
      "updates": [{"index": 2, "key": 42,
                   "changes": [{"path": "/price", "old": 10, "new": 12},
                               {"path": "/tags", "new": ["sale"]}]}],
      "moves":   [{"from": 4, "to": 0, "key": 5, "after": null}]
    }
    """#,
    #"""
    {"coldiff": 1, "kind": "unordered",
     "inserts": [{"name": "b", "value": {"x": 1}}],
     "deletes": [{"name": "a", "value": 2}], "updates": [], "moves": []}
    """#,
    "\u{FEFF}"
      + #"{"kind": "ordered", "coldiff": 1, "inserts": [], "deletes": [], "updates": [], "moves": []}"#,
  ])
  func readsWhatTheFullReaderReads(text: String) throws {
    let bytes = Array(text.utf8)
    let fast = try #require(DiffDocument(keepingRecordBytes: bytes))
    let full = try DiffDocument(bytes: bytes)
    #expect(built(fast) == full)
    #expect(fast.inserts.allSatisfy { isRaw($0.value) })
    #expect(fast.deletes.allSatisfy { isRaw($0.value) })
  }

  @Test func readsTheDocumentsColdiffWrites() throws {
    let record = try JSONReader.parse(
      Array(#"{"id": "a\"b", "n": -1.5e3, "ok": [true, null]}"#.utf8))
    let written = DiffDocument(
      kind: .ordered, key: [JSONPointer(["id"])],
      inserts: [
        .init(
          position: .index(0), key: .string(JSONString("a\"b")), after: .null, value: .value(record)
        )
      ],
      deletes: [.init(position: .index(4), key: .string(JSONString("z")), value: .value(record))],
      updates: [
        .init(
          position: .index(2), key: .string(JSONString("k")),
          changes: [.init(path: JSONPointer(["n"]), old: .null, new: .bool(true))])
      ],
      moves: [
        .init(from: .index(1), to: .index(3), key: .string(JSONString("m")), after: .null)
      ])
    let bytes = written.bytes
    let fast = try #require(DiffDocument(keepingRecordBytes: bytes))
    #expect(built(fast) == written)
    #expect(built(fast) == (try DiffDocument(bytes: bytes)))
  }

  @Test(arguments: [
    // Refused by the full reader too.
    #"{"coldiff": 2, "kind": "ordered", "inserts": [], "deletes": [], "updates": [], "moves": []}"#,
    #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [], "updates": []}"#,
    #"{"coldiff": 1, "kind": "ordered", "inserts": [{"index": 0}], "deletes": [], "updates": [], "moves": []}"#,
    #"{"coldiff": 1, "kind": "ordered", "inserts": [{"index": 0, "value": 1, "value": 2}], "deletes": [], "updates": [], "moves": []}"#,
    #"{"coldiff": 1, "kind": "ordered", "inserts": [{"index": 0, "value": tru}], "deletes": [], "updates": [], "moves": []}"#,
    #"{"coldiff": 1, "kind": "ordered", "inserts": [], "inserts": [], "deletes": [], "updates": [], "moves": []}"#,
    #"{"coldiff": 1, "kind": "ordered", "inserts": {}, "deletes": [], "updates": [], "moves": []}"#,
    #"{"coldiff": 1, "kind": "ordered", "inserts": [7], "deletes": [], "updates": [], "moves": []}"#,
    #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [], "updates": [], "moves": []} []"#,
    #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [], "updates": [], "moves": [],}"#,
    #"[{"op": "remove", "path": "/0"}]"#,
    // Read by the full reader, not in the plain form.
    #"{"coldiff": 1, "kind": "ordered", "inserts": [{"index": 0, "v\u0061lue": 1}], "deletes": [], "updates": [], "moves": []}"#,
    #"{"coldiff": 1, "kind": "tree", "tree": "/children", "inserts": [], "deletes": [], "updates": [], "moves": []}"#,
  ])
  func leavesAnythingElseToTheFullReader(text: String) {
    #expect(DiffDocument(keepingRecordBytes: Array(text.utf8)) == nil)
  }

  @Test func refusesNestingTheFullReaderRefuses() {
    let deep =
      String(repeating: "[", count: JSONReader.maximumDepth)
      + String(
        repeating: "]", count: JSONReader.maximumDepth)
    let text =
      #"{"coldiff": 1, "kind": "ordered", "key": ["/id"], "inserts": [], "deletes": [{"index": 0, "key": "#
      + deep + #", "value": 1}], "updates": [], "moves": []}"#
    let bytes = Array(text.utf8)
    #expect(throws: InputError.self) { try DiffDocument(bytes: bytes) }
    #expect(DiffDocument(keepingRecordBytes: bytes) == nil)
  }
}
