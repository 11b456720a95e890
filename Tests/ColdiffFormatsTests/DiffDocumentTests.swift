import ColdiffFormats
import Testing

@Suite struct DiffDocumentTests {
  private func json(_ text: String) throws -> JSONValue { try JSONReader.parse(Array(text.utf8)) }

  private func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

  private func read(_ text: String) throws(InputError) -> DiffDocument {
    try DiffDocument(bytes: Array(text.utf8))
  }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  private static let specExample = #"""
    {
      "coldiff": 1,
      "kind": "ordered",
      "key": ["/id"],
      "inserts": [{"index": 3, "key": 77, "after": 42,
                   "value": {"id": 77, "name": "new"}}],
      "deletes": [{"index": 1, "key": 13, "value": {"id": 13, "name": "gone"}}],
      "updates": [{"index": 2, "key": 42,
                   "changes": [{"path": "/price", "old": 10, "new": 12},
                               {"path": "/tags", "new": ["sale"]}]}],
      "moves":   [{"from": 4, "to": 0, "key": 5, "after": null}]
    }
    """#

  private func specModel() throws -> DiffDocument {
    DiffDocument(
      kind: .ordered, key: [JSONPointer(["id"])],
      inserts: [
        .init(
          position: .index(3), key: number(77), after: .key(number(42)),
          value: .value(try json(#"{"id": 77, "name": "new"}"#)))
      ],
      deletes: [
        .init(
          position: .index(1), key: number(13),
          value: .value(try json(#"{"id": 13, "name": "gone"}"#)))
      ],
      updates: [
        .init(
          position: .index(2), key: number(42),
          changes: [
            .init(path: JSONPointer(["price"]), old: number(10), new: number(12)),
            .init(path: JSONPointer(["tags"]), new: try json(#"["sale"]"#)),
          ])
      ],
      moves: [.init(from: .index(4), to: .index(0), key: number(5), after: .null)])
  }

  @Test func readsTheExampleOfTheSpec() throws {
    #expect(try read(Self.specExample) == specModel())
  }

  @Test func writesTheExampleOfTheSpecDeterministically() throws {
    let expected = #"""
      {
        "coldiff": 1,
        "kind": "ordered",
        "key": ["/id"],
        "inserts": [
          {"index": 3, "key": 77, "after": 42, "value": {"id": 77, "name": "new"}}
        ],
        "deletes": [
          {"index": 1, "key": 13, "value": {"id": 13, "name": "gone"}}
        ],
        "updates": [
          {"index": 2, "key": 42, "changes": [{"path": "/price", "old": 10, "new": 12}, {"path": "/tags", "new": ["sale"]}]}
        ],
        "moves": [
          {"from": 4, "to": 0, "key": 5, "after": null}
        ]
      }

      """#
    #expect(text(try specModel().bytes) == expected)
    #expect(try read(expected) == specModel())
  }

  @Test(arguments: [1, 40, 200, 1 << 20])
  func aDocumentWrittenInPiecesIsTheWholeDocument(threshold: Int) throws {
    var document = try specModel()
    document.inserts += document.inserts
    document.deletes += document.deletes
    var pieces: [[UInt8]] = []
    var last: [UInt8] = []
    document.write(to: &last, flushingAt: threshold) { pieces.append($0) }
    #expect((pieces + [last]).flatMap { $0 } == document.bytes)
    // A piece goes at the first element boundary from the threshold on.
    #expect(pieces.allSatisfy { $0.count >= threshold })
    switch threshold {
    case 1: #expect(pieces.count == 6)  // one a list element
    case 1 << 20: #expect(pieces.isEmpty)
    default: #expect(!pieces.isEmpty)
    }
  }

  @Test func emptyListsAreWrittenAndKeyLeftOut() {
    let expected = """
      {
        "coldiff": 1,
        "kind": "unordered",
        "inserts": [],
        "deletes": [],
        "updates": [],
        "moves": []
      }

      """
    #expect(text(DiffDocument(kind: .unordered).bytes) == expected)
  }

  @Test func unorderedObjectMapsRoundTripWithNames() throws {
    let document = DiffDocument(
      kind: .unordered,
      inserts: [
        .init(
          position: .name(JSONString(raw: Array(#"\u00e9"#.utf8), value: Array("é".utf8))),
          value: .value(.null))
      ],
      deletes: [.init(position: .name(JSONString("gone")), value: .value(try json("[1.50]")))],
      updates: [
        .init(
          position: .name(JSONString("kept")),
          changes: [.init(path: JSONPointer(["a", "b/c"]), old: .bool(true))])
      ])
    let bytes = document.bytes
    #expect(text(bytes).contains(#"{"name": "\u00e9", "value": null}"#))
    #expect(text(bytes).contains(#"{"name": "gone", "value": [1.50]}"#))
    #expect(try DiffDocument(bytes: bytes) == document)
  }

  @Test func treesRoundTripWithIndexPathsAndParents() throws {
    let document = DiffDocument(
      kind: .tree, key: [JSONPointer(["id"]), JSONPointer(["org", "x"])],
      tree: JSONPointer(["children"]),
      inserts: [
        .init(
          position: .path([0, 2, 1]), key: try json("[1, \"a\"]"), after: .null,
          parent: .key(try json("[0, \"a\"]")),
          value: .value(try json(#"{"id": 1, "children": []}"#)))
      ],
      deletes: [
        .init(position: .path([3]), key: try json("[9, \"b\"]"), value: .value(try json("{}")))
      ],
      moves: [
        .init(
          from: .path([1, 0]), to: .path([0]), key: try json("[2, \"c\"]"),
          after: .key(try json("[5, \"d\"]")),
          parent: .null)
      ])
    let written = text(document.bytes)
    #expect(written.contains(#""key": ["/id", "/org/x"],\#n  "tree": "/children",\#n  "inserts""#))
    #expect(
      written.contains(
        #"{"from": [1, 0], "to": [0], "key": [2, "c"], "parent": null, "after": [5, "d"]}"#))
    #expect(try DiffDocument(bytes: document.bytes) == document)
  }

  @Test func mapTreesRoundTripWithTheRootNameFirst() throws {
    let document = DiffDocument(
      kind: .tree, key: [JSONPointer(["id"])], tree: JSONPointer(["children"]),
      inserts: [
        .init(
          position: .namedPath(JSONString("a/b"), []), key: try json(#""a/b""#), parent: .null,
          value: .value(try json("{}")))
      ],
      moves: [
        .init(
          from: .namedPath(JSONString("x"), [0, 2]), to: .namedPath(JSONString("\u{e9}"), [1]),
          key: try json(#""k""#), after: .null, parent: .key(try json(#""\u00e9""#)))
      ])
    let written = text(document.bytes)
    #expect(written.contains(#"{"index": ["a/b"], "key": "a/b", "parent": null, "value": {}}"#))
    #expect(written.contains(#"{"from": ["x", 0, 2], "to": ["\#u{e9}", 1], "key": "k""#))
    #expect(try DiffDocument(bytes: document.bytes) == document)
    #expect(DiffDocument.Position.namedPath(JSONString("a"), [0, 1]).text == #"["a", 0, 1]"#)
    #expect(
      DiffDocument.Position.namedPath(JSONString("a"), [3])
        .precedes(.namedPath(JSONString("b"), [0])))
    #expect(
      DiffDocument.Position.namedPath(JSONString("a"), [])
        .precedes(.namedPath(JSONString("a"), [0])))
    #expect(
      !DiffDocument.Position.namedPath(JSONString("b"), [])
        .precedes(.namedPath(JSONString("a"), [9])))
  }

  @Test func rawValuesAreCopiedUnchanged() throws {
    let input = Array(#"[{"id":7,  "n" : 1.0}]"#.utf8)
    let record = input[1..<(input.count - 1)]
    let document = DiffDocument(
      kind: .ordered, inserts: [.init(position: .index(0), value: .raw(record))])
    #expect(text(document.bytes).contains(#"{"index": 0, "value": {"id":7,  "n" : 1.0}}"#))
    let readBack = try DiffDocument(bytes: document.bytes)
    #expect(readBack.inserts.first?.value == .value(try json(#"{"id": 7, "n": 1}"#)))
    #expect(DocumentValue.raw(record) == .raw(record))
    #expect(DocumentValue.raw(record) != .value(try json(#"{"id":7,  "n" : 1.0}"#)))
  }

  @Test(arguments: [
    ("[]", "diff document must be an object (found an array)"),
    (
      #"{"coldiff": 2, "kind": "ordered"}"#,
      #"diff document: unsupported version 2 ("coldiff" must be 1)"#
    ),
    (#"{"kind": "ordered"}"#, #"diff document: missing member "coldiff""#),
    (
      #"{"coldiff": 1, "kind": "sorted"}"#,
      #"diff document: unknown kind "sorted" (expected ordered, unordered or tree)"#
    ),
    (#"{"coldiff": 1, "kind": 1}"#, #"diff document: "kind" must be a string (found a number)"#),
    (
      #"{"coldiff": 1, "kind": "ordered", "extra": 0}"#,
      #"diff document: unexpected member "extra""#
    ),
    (
      #"{"coldiff": 1, "coldiff": 1, "kind": "ordered"}"#,
      #"diff document: member "coldiff" appears twice"#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [], "updates": []}"#,
      #"diff document: missing member "moves""#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "key": [], "inserts": []}"#,
      #"diff document: "key" must be a non-empty array of JSON Pointers (found an array)"#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "key": ["id"]}"#,
      #"diff document: "key[0]": bad JSON Pointer "id": it must be empty or start with "/""#
    ),
    (
      #"{"coldiff": 1, "kind": "tree"}"#,
      #"diff document: missing member "tree" (the children member)"#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "tree": "/c"}"#,
      #"diff document: "tree" is only allowed in a tree document"#
    ),
    (
      #"{"coldiff": 1, "kind": "tree", "tree": ""}"#,
      #"diff document: "tree" must name a member, not the whole record"#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": {}, "deletes": [], "updates": [], "moves": []}"#,
      #"diff document: "inserts" must be an array (found an object)"#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [3], "deletes": [], "updates": [], "moves": []}"#,
      "diff document: inserts[0] must be an object (found a number)"
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [{"index": 0}], "deletes": [], "updates": [], "moves": []}"#,
      #"diff document: inserts[0]: missing member "value""#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [{"index": -1, "value": 1}], "updates": [], "moves": []}"#,
      #"diff document: deletes[0]: "index" must be a non-negative integer (found -1)"#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [{"name": "a", "value": 1}], "updates": [], "moves": []}"#,
      #"diff document: deletes[0]: unexpected member "name""#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [{"index": 0, "parent": null, "value": 1}], "deletes": [], "updates": [], "moves": []}"#,
      #"diff document: inserts[0]: unexpected member "parent""#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [], "updates": [{"index": 0, "changes": [{"path": "/a"}]}], "moves": []}"#,
      #"diff document: updates[0].changes[0]: a change needs "old", "new" or both"#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [], "updates": [{"index": 0, "changes": [{"path": "a", "new": 1}]}], "moves": []}"#,
      #"diff document: updates[0].changes[0]: "path": bad JSON Pointer "a": it must be empty or start with "/""#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [], "updates": [{"index": 0, "changes": {}}], "moves": []}"#,
      #"diff document: updates[0]: "changes" must be an array (found an object)"#
    ),
    (
      #"{"coldiff": 1, "kind": "unordered", "inserts": [], "deletes": [], "updates": [], "moves": [{"from": 0, "to": 1}]}"#,
      "diff document: an unordered document has no moves"
    ),
    (
      #"{"coldiff": 1, "kind": "unordered", "inserts": [{"index": 0, "after": null, "value": 1}], "deletes": [], "updates": [], "moves": []}"#,
      #"diff document: inserts[0]: unexpected member "after""#
    ),
    (
      #"{"coldiff": 1, "kind": "unordered", "inserts": [{"index": 0, "name": "a", "value": 1}], "deletes": [], "updates": [], "moves": []}"#,
      #"diff document: inserts[0]: give "index" or "name", not both"#
    ),
    (
      #"{"coldiff": 1, "kind": "unordered", "inserts": [{"name": "a", "value": 1}], "deletes": [{"index": 0, "value": 1}], "updates": [], "moves": []}"#,
      #"diff document: deletes[0]: the document mixes "index" and "name" positions"#
    ),
    (
      #"{"coldiff": 1, "kind": "unordered", "inserts": [{"value": 1}], "deletes": [], "updates": [], "moves": []}"#,
      #"diff document: inserts[0]: missing member "index" or "name""#
    ),
    (
      #"{"coldiff": 1, "kind": "unordered", "inserts": [{"name": 1, "value": 1}], "deletes": [], "updates": [], "moves": []}"#,
      #"diff document: inserts[0]: "name" must be a string (found a number)"#
    ),
    (
      #"{"coldiff": 1, "kind": "tree", "tree": "/c", "inserts": [{"index": 0, "value": 1}], "deletes": [], "updates": [], "moves": []}"#,
      #"diff document: inserts[0]: "index" must be an index path such as [0, 2] (found a number)"#
    ),
    (
      #"{"coldiff": 1, "kind": "tree", "tree": "/c", "inserts": [], "deletes": [], "updates": [], "moves": [{"from": [0], "to": [1.5]}]}"#,
      #"diff document: moves[0]: "to" must hold non-negative integers (found 1.5)"#
    ),
    (
      #"{"coldiff": 1, "kind": "ordered", "inserts": [], "deletes": [], "updates": [], "moves": [{"from": [0], "to": 1}]}"#,
      #"diff document: moves[0]: "from" must be a non-negative integer (found [0])"#
    ),
  ])
  func malformedDocuments(text: String, message: String) {
    do {
      _ = try read(text)
      Issue.record("read without error: \(text)")
    } catch {
      #expect(error.message == message)
    }
  }

  @Test func notJSONIsReportedWithItsPosition() {
    do {
      _ = try read("{\n  \"coldiff\": 1,\n  \"kind\": ordered\n}")
      Issue.record("read without error")
    } catch {
      #expect(error.line == 3)
    }
  }

  @Test func malformedElementsAreLocated() throws {
    let broken = Array(Self.specExample.utf8).split(separator: UInt8(ascii: "\n"))
      .map { line in
        Array(line) == Array(#"  "moves":   [{"from": 4, "to": 0, "key": 5, "after": null}]"#.utf8)
          ? Array(#"  "moves":   [{"from": 4, "key": 5, "after": null}]"#.utf8) : Array(line)
      }
      .joined(separator: [UInt8(ascii: "\n")])
    let message = #"11:15: diff document: moves[0]: missing member "to""#
    do {
      _ = try DiffDocument(bytes: Array(broken))
      Issue.record("read without error")
    } catch {
      #expect(error.description == message)
    }
    do {
      _ = try PatchDocument(bytes: Array(broken))
      Issue.record("read without error")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func patchDocumentsAreToldApartByShape() throws {
    let patch = try PatchDocument(bytes: Array(#"[{"op": "remove", "path": "/0"}]"#.utf8))
    #expect(patch == .jsonPatch(JSONPatch(operations: [.remove(path: JSONPointer(["0"]))])))
    #expect(try PatchDocument(bytes: Array(Self.specExample.utf8)) == .diff(try specModel()))
    #expect(throws: InputError.self) { try PatchDocument(bytes: Array(#"{"op": "add"}"#.utf8)) }
    #expect(throws: InputError.self) { try PatchDocument(bytes: Array("1".utf8)) }
  }
}
