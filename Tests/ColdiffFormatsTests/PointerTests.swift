import Testing

@testable import ColdiffFormats

@Suite struct PointerTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  private func json(_ text: String) throws -> JSONValue { try JSONReader.parse(Array(text.utf8)) }

  @Test(arguments: [
    ("", [String]()), ("/", [""]), ("/a~1b/~0c", ["a/b", "~c"]), ("/foo/0", ["foo", "0"]),
    ("//x/", ["", "x", ""]), ("/~01", ["~1"]), ("/é", ["é"]),
  ])
  func parsesTokens(text: String, tokens: [String]) throws {
    let pointer = try JSONPointer(parsing: text)
    #expect(pointer == JSONPointer(tokens))
    #expect(pointer.description == text)
    #expect(pointer.bytes == bytes(text))
  }

  @Test(arguments: ["a", "a/b", "#/a", "/a~", "/a~2", "/~x"])
  func rejectsBadSyntax(text: String) {
    #expect(throws: InputError.self) { try JSONPointer(parsing: text) }
  }

  @Test func messageNamesThePointer() {
    #expect(throws: InputError("bad JSON Pointer \"foo\": it must be empty or start with \"/\"")) {
      try JSONPointer(parsing: "foo")
    }
  }

  /// A pointer written as a JSON string is its text escaped, whether
  /// its tokens are written straight (none needs an escape) or not.
  @Test(arguments: [
    [String](), ["name"], ["address", "city"], [""], ["é", "0"], ["a/b"], ["~c"], ["q\"uote"],
    ["back\\slash"], ["tab\t"], ["\u{1f}", "x"], ["plain", "a~1"],
  ])
  func writtenQuotedIsItsTextEscaped(tokens: [String]) {
    let pointer = JSONPointer(tokens)
    var written: [UInt8] = []
    pointer.writeQuoted(to: &written)
    #expect(
      written == [UInt8(ascii: "\"")] + JSONString.escape(pointer.bytes) + [UInt8(ascii: "\"")])
  }

  @Test func formattingEscapesTildeBeforeSlash() {
    #expect(JSONPointer(["~/", "a/~b"]).description == "/~0~1/a~1~0b")
  }

  @Test(arguments: [
    ("0", 0 as Int?), ("7", 7), ("10", 10), ("01", nil), ("00", nil), ("-", nil), ("1e0", nil),
    ("+1", nil), ("-1", nil), ("", nil), (" 1", nil), ("99999999999999999999999", nil),
  ])
  func arrayIndices(token: String, index: Int?) {
    #expect(JSONPointer.arrayIndex(bytes(token)) == index)
  }

  @Test func resolvesTheExamplesOfRFC6901() throws {
    let document = try json(
      #"{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5,"#
        + #" "k\"l": 6, " ": 7, "m~n": 8}"#)
    let expected: [(String, String)] = [
      ("", ""), ("/foo", #"["bar", "baz"]"#), ("/foo/0", #""bar""#), ("/", "0"), ("/a~1b", "1"),
      ("/c%d", "2"), ("/e^f", "3"), ("/g|h", "4"), (#"/i\j"#, "5"), (#"/k"l"#, "6"), ("/ ", "7"),
      ("/m~0n", "8"),
    ]
    for (pointer, value) in expected {
      let resolved = try JSONPointer(parsing: pointer).resolve(in: document)
      #expect(resolved == (value.isEmpty ? document : try json(value)), "\(pointer)")
    }
  }

  @Test(arguments: ["/foo/2", "/foo/-", "/foo/01", "/foo/0/x", "/nope", "/foo/bar"])
  func resolvesNothingWhereThereIsNoValue(pointer: String) throws {
    let document = try json(#"{"foo": ["bar", "baz"]}"#)
    #expect(try JSONPointer(parsing: pointer).resolve(in: document) == nil)
  }

  @Test func lastDuplicateMemberIsResolved() throws {
    #expect(
      try JSONPointer(parsing: "/a").resolve(in: try json(#"{"a": 1, "a": 2}"#))
        == .number(JSONNumber(2)))
  }

  @Test func prefixes() throws {
    let a = try JSONPointer(parsing: "/a")
    #expect(a.isPrefix(of: try JSONPointer(parsing: "/a/b")))
    #expect(a.isPrefix(of: a))
    #expect(JSONPointer.root.isPrefix(of: a))
    #expect(!a.isPrefix(of: try JSONPointer(parsing: "/ab")))
    #expect(!a.isPrefix(of: .root))
    #expect(try JSONPointer(parsing: "/a/b").parent == a)
    #expect(JSONPointer.root.parent == nil)
    #expect(a.appending(index: 3) == JSONPointer(["a", "3"]))
  }

  @Test(arguments: [
    ("id", ["id"]), ("user.id", ["user", "id"]), ("/user/id", ["user", "id"]),
    ("/a.b", ["a.b"]), ("/a~1b", ["a/b"]), ("/", [""]), ("a,b", ["a,b"]), ("é.ü", ["é", "ü"]),
  ])
  func fields(field: String, tokens: [String]) throws {
    #expect(try JSONPointer(field: field) == JSONPointer(tokens))
  }

  @Test(arguments: ["", ".id", "id.", "user..id", "/a~"])
  func badFields(field: String) {
    #expect(throws: InputError.self) { try JSONPointer(field: field) }
  }

  @Test(arguments: [
    ("id", [["id"]]), ("a,b", [["a"], ["b"]]), ("/user/id,name", [["user", "id"], ["name"]]),
    ("user.id,/x~1y", [["user", "id"], ["x/y"]]), ("/a,,b,c", [["a,b"], ["c"]]),
    ("a,,,b", [["a,"], ["b"]]), ("a,,,,b", [["a,,b"]]),
  ])
  func fieldLists(list: String, fields: [[String]]) throws {
    #expect(try JSONPointer.fieldList(list) == fields.map { JSONPointer($0) })
  }

  @Test(arguments: ["", "a,", ",a", "a,b,", "a.,b"])
  func badFieldLists(list: String) {
    #expect(throws: InputError.self) { try JSONPointer.fieldList(list) }
  }
}
