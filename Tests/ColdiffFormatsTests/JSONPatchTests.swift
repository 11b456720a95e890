import ColdiffFormats
import Testing

@Suite struct JSONPatchTests {
  private func json(_ text: String) throws -> JSONValue { try JSONReader.parse(Array(text.utf8)) }

  private func patch(_ text: String) throws(InputError) -> JSONPatch {
    try JSONPatch(bytes: Array(text.utf8))
  }

  private func malformedMessage(_ text: String) throws -> String? {
    do {
      _ = try patch(text)
      return nil
    } catch {
      return error.message
    }
  }

  @Test(arguments: [
    (#"{"op": "add"}"#, "the patch is not a JSON array (found an object)"),
    (#"[1]"#, "op 0 is not an object (found a number)"),
    (#"[{"op": "test", "path": "", "value": 1}, {"path": "/a"}]"#, #"op 1: missing member "op""#),
    (#"[{"op": 1, "path": "/a"}]"#, #"op 0: "op" must be a string (found a number)"#),
    (
      #"[{"op": "spam", "path": "/a"}]"#,
      #"op 0: unknown op "spam" (expected add, remove, replace, move, copy or test)"#
    ),
    (#"[{"op": "remove"}]"#, #"op 0 (remove): missing member "path""#),
    (#"[{"op": "copy", "path": "/a"}]"#, #"op 0 (copy): missing member "from""#),
    (#"[{"op": "replace", "path": "/a"}]"#, #"op 0 (replace): missing member "value""#),
    (
      #"[{"op": "remove", "path": "a"}]"#,
      #"op 0 (remove): "path": bad JSON Pointer "a": it must be empty or start with "/""#
    ),
    (
      #"[{"op": "remove", "path": "/a~2"}]"#,
      #"op 0 (remove): "path": bad JSON Pointer "/a~2": "~" must be followed by 0 or 1"#
    ),
    (
      #"[{"op": "move", "from": 3, "path": "/a"}]"#,
      #"op 0 (move): "from" must be a JSON Pointer string (found a number)"#
    ),
    (#"[{"op": "add", "op": "remove", "path": "/a"}]"#, #"op 0: member "op" appears twice"#),
    (
      #"[{"op": "move", "from": "/a", "path": "/a/b"}]"#,
      #"op 0 (move): "from" /a is a prefix of "path" /a/b: a value cannot move into itself"#
    ),
  ])
  func malformedPatches(text: String, message: String) throws {
    #expect(try malformedMessage(text) == message)
  }

  @Test func notJSONIsMalformedWithItsPosition() {
    #expect(throws: InputError.self) { try patch("[\n  {\"op\": }\n]") }
    do {
      _ = try patch("[\n  {\"op\": }\n]")
    } catch {
      #expect(error.line == 2)
    }
  }

  @Test func malformedOperationsAreLocated() {
    do {
      _ = try patch("[\n  {\"op\": \"remove\", \"path\": \"/0\"},\n   {\"op\": \"remove\"}\n]")
      Issue.record("read without error")
    } catch {
      #expect(error.description == "3:4: op 1 (remove): missing member \"path\"")
    }
    do {
      _ = try PatchDocument(bytes: Array("[1,\n 2]".utf8))
      Issue.record("read without error")
    } catch {
      #expect(error.description == "1:2: op 0 is not an object (found a number)")
    }
  }

  @Test func unusedMembersAreIgnored() throws {
    let read = try patch(#"[{"op": "remove", "path": "/a", "value": 1, "comment": "x"}]"#)
    #expect(read.operations == [.remove(path: JSONPointer(["a"]))])
  }

  @Test func moveOntoItselfIsWellFormed() throws {
    let read = try patch(#"[{"op": "move", "from": "/a", "path": "/a"}]"#)
    #expect(try read.applied(to: json(#"{"a": 1}"#)) == json(#"{"a": 1}"#))
    #expect(throws: JSONPatchApplicationError.self) { try read.applied(to: json("{}")) }
  }

  @Test(arguments: [
    (
      #"[{"op": "test", "path": "/3/id", "value": 42}]"#, "op 0 (test /3/id): expected 42, found 41"
    ),
    (
      #"[{"op": "test", "path": "", "value": 1}, {"op": "remove", "path": "/9"}]"#,
      "op 0 (test \"\"): expected 1, found [{\"id\": 0}, {\"id\": 1}, {\"id\": 2}, {\"id\": 41}]"
    ),
    (
      #"[{"op": "remove", "path": "/0"}, {"op": "remove", "path": "/3"}]"#,
      "op 1 (remove /3): /3 does not exist (the array has 3 elements)"
    ),
    (
      #"[{"op": "add", "path": "/5", "value": 0}]"#,
      "op 0 (add /5): /5 is out of bounds (the array has 4 elements)"
    ),
    (
      #"[{"op": "replace", "path": "/-", "value": 0}]"#,
      "op 0 (replace /-): /-: \"-\" designates no existing element"
    ),
    (
      #"[{"op": "add", "path": "/0/id/x", "value": 0}]"#,
      "op 0 (add /0/id/x): /0/id/x does not exist (/0/id is a number)"
    ),
    (#"[{"op": "remove", "path": "/0/name"}]"#, "op 0 (remove /0/name): /0/name does not exist"),
    (
      #"[{"op": "remove", "path": ""}]"#, "op 0 (remove \"\"): the whole document cannot be removed"
    ),
    (
      #"[{"op": "copy", "from": "/7", "path": "/0"}]"#,
      "op 0 (copy /0): \"from\" /7 does not exist (the array has 4 elements)"
    ),
    (
      #"[{"op": "test", "path": "/01", "value": 0}]"#,
      "op 0 (test /01): /01: \"01\" is not an array index"
    ),
  ])
  func failuresNameTheOperation(text: String, message: String) throws {
    let target = try json(#"[{"id": 0}, {"id": 1}, {"id": 2}, {"id": 41}]"#)
    #expect(throws: (any Error).self) { try patch(text).applied(to: target) }
    do {
      _ = try patch(text).applied(to: target)
    } catch let error as JSONPatchApplicationError {
      #expect(error.description == message)
    }
  }

  @Test func failureMessagesShortenLongValues() throws {
    let long = String(repeating: "x", count: 200)
    let failing = JSONPatch(operations: [.test(path: .root, value: .string(JSONString(long)))])
    do {
      _ = try failing.applied(to: .null)
      Issue.record("the test should fail")
    } catch {
      #expect(error.reason.count < 150)
      #expect(error.reason.hasSuffix("…, found null"))
    }
  }

  @Test func operationsRunInSequenceWithEscapedPointers() throws {
    let result = try patch(
      #"""
      [
        {"op": "add", "path": "/a~1b", "value": [1, 2]},
        {"op": "add", "path": "/a~1b/-", "value": 3},
        {"op": "add", "path": "/a~1b/0", "value": 0},
        {"op": "move", "from": "/a~1b/3", "path": "/a~1b/1"},
        {"op": "copy", "from": "/a~1b", "path": "/~0c"},
        {"op": "remove", "path": "/~0c/0"},
        {"op": "replace", "path": "/x", "value": {"y": null}},
        {"op": "test", "path": "/x/y", "value": null},
        {"op": "move", "from": "/x/y", "path": "/z"}
      ]
      """#
    ).applied(to: json(#"{"x": 1}"#))
    #expect(result == (try json(#"{"a/b": [0, 3, 1, 2], "~c": [3, 1, 2], "x": {}, "z": null}"#)))
  }

  @Test func addToAnExistingMemberKeepsItsPlace() throws {
    let result = try patch(#"[{"op": "add", "path": "/a", "value": 9}]"#)
      .applied(to: json(#"{"a": 1, "b": 2}"#))
    #expect(result.objectValue?.members.map(\.name.string) == ["a", "b"])
  }

  @Test func applyingChangesTheDocumentInPlace() throws {
    let record = try json(#"{"x": 1}"#)
    var document = JSONValue.object(
      JSONObject(members: [
        .init(name: JSONString("list"), value: .array(Array(repeating: record, count: 1000)))
      ]))
    func storage(_ value: JSONValue) -> UnsafeRawPointer? {
      value.objectValue?["list"]?.arrayValue?.withUnsafeBufferPointer {
        $0.baseAddress.map(UnsafeRawPointer.init)
      }
    }
    let before = storage(document)
    try patch(
      #"[{"op": "replace", "path": "/list/5/x", "value": 2}, {"op": "remove", "path": "/list/7"},"#
        + #" {"op": "test", "path": "/list/5/x", "value": 2}]"#
    ).apply(to: &document)
    #expect(storage(document) == before)
    #expect(document.objectValue?["list"]?.arrayValue?.count == 999)
  }

  @Test func writesOneOperationPerLine() throws {
    let written = JSONPatch(operations: [
      .test(path: JSONPointer(["3", "id"]), value: try json("4.20")),
      .move(from: JSONPointer(["1"]), path: JSONPointer(["0"])),
      .add(
        path: JSONPointer(["a/b", "~"]), value: try json(#"{"n": "\u00e9", "m": [1.0, true]}"#)),
      .remove(path: JSONPointer(["q\""])),
    ]).bytes
    let expected = #"""
      [
        {"op": "test", "path": "/3/id", "value": 4.20},
        {"op": "move", "from": "/1", "path": "/0"},
        {"op": "add", "path": "/a~1b/~0", "value": {"n": "\u00e9", "m": [1.0, true]}},
        {"op": "remove", "path": "/q\""}
      ]

      """#
    #expect(String(decoding: written, as: UTF8.self) == expected)
    #expect(String(decoding: JSONPatch().bytes, as: UTF8.self) == "[]\n")
  }

  @Test func writtenPatchesReadBack() throws {
    let original = try patch(
      #"[{"op": "copy", "from": "/a", "path": "/b"}, {"op": "replace", "path": "", "value": []},"#
        + #" {"op": "test", "path": "/ /x", "value": {"k": [null]}}]"#)
    #expect(try JSONPatch(bytes: original.bytes) == original)
  }

  @Test func operationAccessors() {
    let move = JSONPatchOperation.move(from: JSONPointer(["a"]), path: JSONPointer(["b"]))
    #expect(move.name == "move")
    #expect(move.from == JSONPointer(["a"]))
    #expect(move.path == JSONPointer(["b"]))
    #expect(move.value == nil)
    #expect(JSONPatchOperation.test(path: .root, value: .null).value == .null)
  }
}
