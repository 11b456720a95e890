import ColdiffFormats
import Testing

@Suite struct JSONPatchWriterTests {
  @Test func streamsTheLayoutOfAWholePatch() throws {
    let operations: [JSONPatchOperation] = [
      .test(path: JSONPointer(["0", "id"]), value: .number(JSONNumber(1))),
      .remove(path: JSONPointer(["0"])),
      .copy(from: JSONPointer(["a"]), path: JSONPointer(["b"])),
    ]
    var writer = JSONPatchWriter()
    var streamed: [UInt8] = []
    for operation in operations {
      writer.append(operation)
      streamed += writer.takeBytes()
    }
    streamed += writer.finish()
    #expect(streamed == JSONPatch(operations: operations).bytes)
  }

  @Test func copiesRawValuesUnchanged() throws {
    let input = Array(#"[{"id": 7,"n":1.0}]"#.utf8)
    var writer = JSONPatchWriter()
    writer.append(.add, path: JSONPointer(["-"]), value: .raw(input[1..<(input.count - 1)]))
    writer.append(.replace, path: JSONPointer(["0", "n"]), value: .value(.string(JSONString("x"))))
    let text = String(decoding: writer.finish(), as: UTF8.self)
    #expect(
      text == """
        [
          {"op": "add", "path": "/-", "value": {"id": 7,"n":1.0}},
          {"op": "replace", "path": "/0/n", "value": "x"}
        ]

        """)
    let patch = try JSONPatch(bytes: Array(text.utf8))
    #expect(
      try patch.applied(to: .array([]))
        == (try JSONReader.parse(Array(#"[{"id": 7, "n": "x"}]"#.utf8))))
  }

  @Test func anEmptyPatchIsAnEmptyArray() {
    var writer = JSONPatchWriter()
    #expect(writer.finish() == Array("[]\n".utf8))
  }
}
