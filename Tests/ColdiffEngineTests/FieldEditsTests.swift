import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// A table's rows edited field by field (`PatchTarget+FieldEdits`) give the
/// bytes and the errors of the same patch applied through the value model:
/// the fast path is only a faster way to the same result.
@Suite struct FieldEditsTests {
  /// A table with a quoted field, an empty one and CRLF line endings.
  static let table =
    "id,name,note\r\n1,Ann,\"a, b\"\r\n2,Bob,\r\n3,\"Cy\",plain\r\n4,Di,\"say \"\"hi\"\"\"\r\n"

  /// The target `text` (a file named `name`) with the plain form of
  /// `patch` applied on handles and bytes.
  static func patched(_ text: String, named name: String, by patch: String) throws -> PatchTarget {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(name, text)
    var target = PatchTarget(try Snapshot(InputFile(path: path), override: nil))
    try target.apply(try #require(RawJSONPatch(bytes: Array(patch.utf8))))
    return target
  }

  /// Patches that edit fields and then do all kinds of things to the rows.
  static let patches: [String] = [
    // Two fields of a row, one of them twice, each tested before and after.
    """
    [{"op": "test", "path": "/0/name", "value": "Ann"},
     {"op": "replace", "path": "/0/name", "value": "Anne"},
     {"op": "test", "path": "/0/name", "value": "Anne"},
     {"op": "test", "path": "/0/note", "value": "a, b"},
     {"op": "replace", "path": "/0/note", "value": "c,d"},
     {"op": "replace", "path": "/0/name", "value": "A, N"},
     {"op": "test", "path": "/0/name", "value": "A, N"}]
    """,
    // Edited rows moved and removed; a quoted and an empty field edited.
    """
    [{"op": "replace", "path": "/2/name", "value": ""},
     {"op": "replace", "path": "/1/note", "value": "x"},
     {"op": "move", "from": "/2", "path": "/0"},
     {"op": "remove", "path": "/2"},
     {"op": "test", "path": "/0/name", "value": ""}]
    """,
    // The value model after field edits: a new column, a field removed,
    // the whole row tested, a number.
    """
    [{"op": "replace", "path": "/3/name", "value": "Dee"},
     {"op": "test", "path": "/3", "value": {"id": "4", "name": "Dee", "note": "say \\"hi\\""}},
     {"op": "add", "path": "/3/extra", "value": "e"},
     {"op": "replace", "path": "/3/name", "value": "Dx"},
     {"op": "replace", "path": "/1/name", "value": "Bo"},
     {"op": "remove", "path": "/1/note"},
     {"op": "replace", "path": "/0/id", "value": 10}]
    """,
    // Failures: a test of an edited field, a column that is not there, a
    // row that is not there.
    """
    [{"op": "replace", "path": "/0/name", "value": "Anne"},
     {"op": "test", "path": "/0/name", "value": "Ann"}]
    """,
    """
    [{"op": "replace", "path": "/0/name", "value": "Anne"},
     {"op": "replace", "path": "/0/nope", "value": "x"}]
    """,
    """
    [{"op": "replace", "path": "/0/name", "value": "Anne"},
     {"op": "replace", "path": "/9/name", "value": "x"}]
    """,
    // An edited row given a new value whole, then a field again.
    """
    [{"op": "replace", "path": "/1/name", "value": "B"},
     {"op": "replace", "path": "/1/note", "value": "c\\"d"},
     {"op": "replace", "path": "/1/name", "value": "Be"},
     {"op": "replace", "path": "/1", "value": {"id": "2", "name": "Bee", "note": "n"}},
     {"op": "replace", "path": "/1/note", "value": "m"},
     {"op": "test", "path": "/1/name", "value": "Bee"}]
    """,
  ]

  /// JSON targets: an indented array with duplicate members (one in a
  /// nested object) and nested values, and JSON Lines with spacing of
  /// their own.
  static let jsonTargets = [
    "t.json": """
    [
      {"id": 1, "name": "Ann", "tags": ["a", {"b": null}], "name": "Annie"},
      {"id": 2, "name": "Bob", "n": -1.5e3, "s": "x\\u00e9\\"y",
       "addr": {"city": "Oslo", "zip": "0150", "city": "Bergen"}},
      {"id": 3, "name": "Cy", "obj": {}}
    ]

    """,
    "t.jsonl": """
    {"id":1,"name":"Ann","tags":["a",{"b":null}],"name":"Annie"}
    { "id" : 2 , "name" : "Bob" , "n" : -1.5e3 , "s" : "x\\u00e9\\"y" , "addr" : { "city" : "Oslo" , "zip" : "0150" , "city" : "Bergen" } }
    {"id":3,"name":"Cy","obj":{}}

    """,
  ]

  /// Patches that edit members of JSON records and then do all kinds of
  /// things to them.
  static let jsonPatches: [String] = [
    // The last member of a duplicated name; values of every kind, with
    // spacing of their own; tests before and after.
    """
    [{"op": "test", "path": "/0/name", "value": "Annie"},
     {"op": "replace", "path": "/0/name", "value": { "x" : [ 1 , true ] }},
     {"op": "test", "path": "/0/name", "value": {"x": [1, true]}},
     {"op": "test", "path": "/0/id", "value": 1},
     {"op": "replace", "path": "/1/n", "value": 7},
     {"op": "replace", "path": "/1/s", "value": "new \\"s\\""},
     {"op": "replace", "path": "/1/n", "value": null},
     {"op": "replace", "path": "/2/obj", "value": []}]
    """,
    // Edited records moved, removed, added to, tested whole.
    """
    [{"op": "replace", "path": "/1/name", "value": "B"},
     {"op": "move", "from": "/1", "path": "/0"},
     {"op": "replace", "path": "/2/name", "value": "C"},
     {"op": "test", "path": "/2", "value": {"id": 3, "name": "C", "obj": {}}},
     {"op": "add", "path": "/2/extra", "value": 1},
     {"op": "replace", "path": "/0/tags/1/b", "value": 2},
     {"op": "remove", "path": "/1"}]
    """,
    // After a move, members tested, then replaced (found again where
    // they were found last), the same name in other records.
    """
    [{"op": "move", "from": "/0", "path": "/2"},
     {"op": "test", "path": "/0/name", "value": "Bob"},
     {"op": "replace", "path": "/0/name", "value": "B"},
     {"op": "test", "path": "/2/name", "value": "Annie"},
     {"op": "replace", "path": "/2/name", "value": "A"},
     {"op": "test", "path": "/0/id", "value": 2},
     {"op": "test", "path": "/1/id", "value": 3},
     {"op": "replace", "path": "/1/id", "value": 30}]
    """,
    // Failures after edits: a test, a member that is not there.
    """
    [{"op": "replace", "path": "/0/id", "value": 10},
     {"op": "test", "path": "/0/id", "value": 1}]
    """,
    """
    [{"op": "replace", "path": "/0/id", "value": 10},
     {"op": "replace", "path": "/0/nope", "value": 1}]
    """,
    // An edited record given a new value whole, then a member again.
    """
    [{"op": "replace", "path": "/2/name", "value": "C"},
     {"op": "replace", "path": "/2", "value": {"id": 3, "name": "Cee"}},
     {"op": "replace", "path": "/2/name", "value": "Cy"}]
    """,
    // Members of a nested object (the last of a duplicated name), tested
    // before and after; one inside a replaced member, then the member
    // holding them.
    """
    [{"op": "test", "path": "/1/addr/city", "value": "Bergen"},
     {"op": "replace", "path": "/1/addr/city", "value": "Rome"},
     {"op": "test", "path": "/1/addr/city", "value": "Rome"},
     {"op": "test", "path": "/1/addr/zip", "value": "0150"},
     {"op": "replace", "path": "/1/addr/zip", "value": { "p" : [ 1 ] }},
     {"op": "replace", "path": "/1/addr/zip/p", "value": 2},
     {"op": "test", "path": "/1/addr", "value": {"city": "Oslo", "zip": {"p": 2}, "city": "Rome"}},
     {"op": "replace", "path": "/1/name", "value": "B"}]
    """,
    """
    [{"op": "replace", "path": "/1/addr/city", "value": "Rome"},
     {"op": "replace", "path": "/1/addr", "value": {"town": "Y"}},
     {"op": "test", "path": "/1/addr/town", "value": "Y"},
     {"op": "replace", "path": "/1/addr/town", "value": "Z"},
     {"op": "replace", "path": "/1/name", "value": "B"}]
    """,
    // A member inside one replaced before: its old value is not there.
    """
    [{"op": "replace", "path": "/1/addr", "value": {"city": "X"}},
     {"op": "replace", "path": "/1/addr/city", "value": "Y"},
     {"op": "test", "path": "/1/addr/city", "value": "Y"}]
    """,
    // Failures in a nested object: a test (of a member inside one replaced
    // before, too), a member that is not there, a step through a string.
    """
    [{"op": "replace", "path": "/1/addr", "value": {"city": "X"}},
     {"op": "test", "path": "/1/addr/city", "value": "Bergen"}]
    """,
    """
    [{"op": "replace", "path": "/1/addr/city", "value": "Rome"},
     {"op": "test", "path": "/1/addr/city", "value": "Bergen"}]
    """,
    """
    [{"op": "replace", "path": "/1/addr/city", "value": "Rome"},
     {"op": "replace", "path": "/1/addr/nope", "value": 1}]
    """,
    """
    [{"op": "replace", "path": "/1/addr/city", "value": "Rome"},
     {"op": "test", "path": "/1/name/x", "value": 1}]
    """,
  ]

  @Test(arguments: jsonTargets.keys.sorted(), jsonPatches.indices)
  func memberEditsGiveWhatTheValueModelGives(target: String, index: Int) throws {
    let text = try #require(Self.jsonTargets[target])
    let (fast, built) = try PatchOutcomes.of(Self.jsonPatches[index], on: text, named: target)
    #expect(fast == built)
    #expect(fast != text)
  }

  /// The fast path is taken for JSON records: a record whose members were
  /// replaced keeps them as text, its value unbuilt.
  @Test func replacedMembersAreKeptAsText() throws {
    let target = try Self.patched(
      try #require(Self.jsonTargets["t.jsonl"]), named: "t.jsonl", by: Self.jsonPatches[0])
    let paths = target.memberEdits[1]?.map { $0.path.map { String(decoding: $0, as: UTF8.self) } }
    #expect(paths == [["n"], ["s"]])
    #expect(!target.hasOwnValue(1))
  }

  /// A member of an object nested in a record is replaced on the
  /// record's text as well.
  @Test func replacedNestedMembersAreKeptAsText() throws {
    let patch = """
      [{"op": "test", "path": "/1/addr/city", "value": "Bergen"},
       {"op": "replace", "path": "/1/addr/city", "value": "Rome"},
       {"op": "replace", "path": "/1/name", "value": "B"}]
      """
    let target = try Self.patched(
      try #require(Self.jsonTargets["t.json"]), named: "t.json", by: patch)
    let paths = target.memberEdits[1]?.map { $0.path.map { String(decoding: $0, as: UTF8.self) } }
    #expect(paths == [["addr", "city"], ["name"]])
    #expect(!target.hasOwnValue(1))
  }

  /// Rows added to the table as the patch's text: members in another
  /// order than the header's, a new column, escapes (a name's too), a
  /// value the style must quote, `null`, numbers, booleans, a duplicated
  /// name; then tested, edited, moved, removed.
  static let rowPatches: [String] = [
    """
    [{"op": "add", "path": "/1", "value": {"note": "n\\u00e9 \\"q\\", x", "id": 9, "name": null}},
     {"op": "add", "path": "/-", "value": {"id": true, "n\\u0061me": "a\\nb", "extra": -1.50}},
     {"op": "add", "path": "/0", "value": {"id": "7", "id": "8", "name": "", "note": false}},
     {"op": "test", "path": "/2", "value": {"note": "n\\u00e9 \\"q\\", x", "id": 9, "name": null}},
     {"op": "replace", "path": "/2/name", "value": "Ed"},
     {"op": "move", "from": "/0", "path": "/3"},
     {"op": "remove", "path": "/1"}]
    """,
    // Failures: rows that are not objects, fields that would hold an
    // array or an object, a row past the end that is no row either.
    #"[{"op": "add", "path": "/1", "value": "row"}]"#,
    #"[{"op": "add", "path": "/1", "value": [1]}]"#,
    #"[{"op": "add", "path": "/1", "value": null}]"#,
    #"[{"op": "add", "path": "/1", "value": 12}]"#,
    #"[{"op": "add", "path": "/-", "value": {"id": 1, "note": {"a": 1}, "name": [2]}}]"#,
    #"[{"op": "add", "path": "/-", "value": {"id": 1, "n\u0061me": [2]}}]"#,
    #"[{"op": "add", "path": "/9", "value": {"id": 1, "name": [2]}}]"#,
  ]

  /// The fast path is taken for a table: an added row keeps the patch's
  /// text, its value unbuilt.
  @Test func addedRowsAreKeptAsText() throws {
    let patch = #"[{"op": "add", "path": "/1", "value": {"id": "5", "name": "E"}}]"#
    let target = try Self.patched(Self.table, named: "t.csv", by: patch)
    let text = try #require(target.text(of: 4))
    #expect(String(decoding: text, as: UTF8.self) == #"{"id": "5", "name": "E"}"#)
  }

  /// Rows edited field by field, and rows added as text.
  @Test(arguments: patches + rowPatches)
  func tablePatchesGiveWhatTheValueModelGives(patch: String) throws {
    let (fast, built) = try PatchOutcomes.of(patch, on: Self.table, named: "t.csv")
    #expect(fast == built)
    #expect(fast != Self.table)
  }

  /// The fast path is taken: a row whose fields were replaced is written
  /// from its fields, not from a value.
  @Test func replacedFieldsAreKeptAsFields() throws {
    let target = try Self.patched(Self.table, named: "target.csv", by: Self.patches[0])
    #expect(target.fieldEdits[0]?.map(\.column) == [1, 2])
    #expect(!target.hasOwnValue(0))
    #expect(
      String(decoding: try target.written(), as: UTF8.self)
        == "id,name,note\r\n1,\"A, N\",\"c,d\"\r\n2,Bob,\r\n3,\"Cy\",plain\r\n"
        + "4,Di,\"say \"\"hi\"\"\"\r\n")
  }
}
