import Foundation
import TestSupport
import Testing

/// The result keeps the target's form (SPEC §5, §7.13, §7.14, §7.17): CSV
/// stays CSV with its header order, delimiter, line endings and quoting,
/// TSV stays TSV, JSON Lines one record a line, JSON its indentation;
/// untouched records keep their bytes; new columns go at the end.
@Suite struct ColpatchFormTests {
  /// `colpatch apply PATCH TARGET` on a target file named `name`, checked
  /// to succeed quietly; returns what it printed.
  func applied(_ patch: String, to text: String, named name: String) throws -> String {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let target = try folder.write(name, text)
    let patchPath = try folder.write("patch.json", patch)
    let outcome = try ColpatchCommandLine.colpatch(["apply", patchPath, target])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.errors.isEmpty, "\(outcome)")
    return outcome.text
  }

  static let csvPatch = """
    [{"op": "test", "path": "/1/id", "value": "2"},
     {"op": "replace", "path": "/1/price", "value": "25"},
     {"op": "add", "path": "/-", "value": {"id": "4", "name": "e \\"q\\"", "price": "40", "color": "red"}}]
    """

  @Test func quoteAllCSVWithCRLFStaysSoAndNewColumnsGoLast() throws {
    let result = try applied(
      Self.csvPatch,
      to:
        "\"id\",\"name\",\"price\"\r\n\"1\",\"a, b\",\"10\"\r\n\"2\",\"c\",\"20\"\r\n\"3\",\"d\",\"30\"\r\n",
      named: "prices.csv")
    #expect(
      result == "\"id\",\"name\",\"price\",\"color\"\r\n\"1\",\"a, b\",\"10\",\"\"\r\n"
        + "\"2\",\"c\",\"25\",\"\"\r\n\"3\",\"d\",\"30\",\"\"\r\n\"4\",\"e \"\"q\"\"\",\"40\",\"red\"\r\n"
    )
  }

  @Test func minimallyQuotedCSVKeepsUntouchedRowsByteForByte() throws {
    // Row 1 is quoted more than it needs; it is not touched, so it stays.
    let result = try applied(
      #"[{"op": "replace", "path": "/1/price", "value": "2,5"}, {"op": "add", "path": "/0", "value": {"price": "0", "id": "0", "name": "line\nbreak"}}]"#,
      to: "id,name,price\n\"1\",\"plain\",10\n2,c,20\n", named: "prices.csv")
    #expect(result == "id,name,price\n0,\"line\nbreak\",0\n\"1\",\"plain\",10\n2,c,\"2,5\"\n")
  }

  @Test func csvWithoutFinalNewlineOrWithByteOrderMarkKeepsThem() throws {
    let patch = #"[{"op": "add", "path": "/-", "value": {"id": "2", "v": "b"}}]"#
    #expect(try applied(patch, to: "id,v\n\"1\",a", named: "t.csv") == "id,v\n\"1\",a\n2,b")
    #expect(
      try applied(patch, to: "\u{FEFF}id,v\r\n1,a\r\n", named: "t.csv")
        == "\u{FEFF}id,v\r\n1,a\r\n2,b\r\n")
  }

  @Test func aColumnNoRowHasIsDroppedUnlessNoRowIsLeft() throws {
    let table = "id,note,v\n1,x,a\n2,,b\n"
    #expect(
      try applied(
        #"[{"op": "remove", "path": "/0/note"}, {"op": "remove", "path": "/1/note"}]"#, to: table,
        named: "t.csv") == "id,v\n1,a\n2,b\n")
    #expect(
      try applied(
        #"[{"op": "remove", "path": "/0"}, {"op": "remove", "path": "/0"}]"#, to: table,
        named: "t.csv") == "id,note,v\n")
  }

  @Test func tsvStaysTSVAndQuotesATab() throws {
    let result = try applied(
      #"[{"op": "add", "path": "/1", "value": {"id": "3", "name": "has\ttab"}}]"#,
      to: "id\tname\n1\tx, y\n2\ty\n", named: "t.tsv")
    #expect(result == "id\tname\n1\tx, y\n3\t\"has\ttab\"\n2\ty\n")
  }

  static let jsonPatch = """
    [{"op": "replace", "path": "/1/a", "value": {"x": [1, 2]}},
     {"op": "add", "path": "/-", "value": {"id": 3, "n": {"k": "v"}, "e": []}}]
    """

  @Test func jsonLinesStaysOneRecordALine() throws {
    // The untouched first line keeps its number text, the third its odd
    // spacing; new and changed lines follow the first line's style.
    let result = try applied(
      Self.jsonPatch, to: "{\"id\":1,\"a\":1.50}\n{\"id\":2,\"a\":2}\n{ \"id\" : 0 }\n",
      named: "t.jsonl")
    #expect(
      result
        == "{\"id\":1,\"a\":1.50}\n{\"id\":2,\"a\":{\"x\":[1,2]}}\n{ \"id\" : 0 }\n"
        + "{\"id\":3,\"n\":{\"k\":\"v\"},\"e\":[]}\n")
  }

  @Test func jqStyleKeepsTwoSpaces() throws {
    let result = try applied(
      Self.jsonPatch,
      to:
        "[\n  {\n    \"id\": 1,\n    \"a\": \"caf\\u00e9\"\n  },\n  {\n    \"id\": 2,\n    \"a\": 2\n  }\n]\n",
      named: "t.json")
    #expect(
      result
        == "[\n  {\n    \"id\": 1,\n    \"a\": \"caf\\u00e9\"\n  },\n  {\n    \"id\": 2,\n    \"a\": {\n"
        + "      \"x\": [\n        1,\n        2\n      ]\n    }\n  },\n  {\n    \"id\": 3,\n"
        + "    \"n\": {\n      \"k\": \"v\"\n    },\n    \"e\": []\n  }\n]\n")
  }

  @Test func fourSpacesStayFourSpaces() throws {
    let result = try applied(
      Self.jsonPatch,
      to: "[\n    {\n        \"id\": 1,\n        \"a\": 1\n    },\n    {\n        \"id\": 2,\n"
        + "        \"a\": 2\n    }\n]\n", named: "t.json")
    #expect(
      result
        == "[\n    {\n        \"id\": 1,\n        \"a\": 1\n    },\n    {\n        \"id\": 2,\n"
        + "        \"a\": {\n            \"x\": [\n                1,\n                2\n"
        + "            ]\n        }\n    },\n    {\n        \"id\": 3,\n        \"n\": {\n"
        + "            \"k\": \"v\"\n        },\n        \"e\": []\n    }\n]\n")
  }

  @Test func tabsStayTabsWithoutAFinalNewline() throws {
    let result = try applied(
      Self.jsonPatch,
      to: "[\n\t{\n\t\t\"id\": 1,\n\t\t\"a\": 1\n\t},\n\t{\n\t\t\"id\": 2,\n\t\t\"a\": 2\n\t}\n]",
      named: "t.json")
    #expect(
      result
        == "[\n\t{\n\t\t\"id\": 1,\n\t\t\"a\": 1\n\t},\n\t{\n\t\t\"id\": 2,\n\t\t\"a\": {\n"
        + "\t\t\t\"x\": [\n\t\t\t\t1,\n\t\t\t\t2\n\t\t\t]\n\t\t}\n\t},\n\t{\n\t\t\"id\": 3,\n"
        + "\t\t\"n\": {\n\t\t\t\"k\": \"v\"\n\t\t},\n\t\t\"e\": []\n\t}\n]")
  }

  @Test func compactStaysCompact() throws {
    let result = try applied(
      Self.jsonPatch, to: "[{\"id\":1,\"a\":1e3},{\"id\":2,\"a\":2}]", named: "t.json")
    #expect(
      result
        == "[{\"id\":1,\"a\":1e3},{\"id\":2,\"a\":{\"x\":[1,2]}},{\"id\":3,\"n\":{\"k\":\"v\"},\"e\":[]}]"
    )
  }

  @Test func oneRecordALineStaysSo() throws {
    let result = try applied(
      Self.jsonPatch, to: "[{\"id\": 1, \"a\": 1},\n {\"id\": 2, \"a\": 2}]\n", named: "t.json")
    #expect(
      result
        == "[{\"id\": 1, \"a\": 1},\n {\"id\": 2, \"a\": {\"x\": [1, 2]}},\n {\"id\": 3, \"n\": {\"k\": \"v\"}, \"e\": []}]\n"
    )
  }

  @Test func anObjectMapKeepsItsIndentationAndAppendsNewMembers() throws {
    let result = try applied(
      #"[{"op": "replace", "path": "/k2/a", "value": {"x": [1, 2]}}, {"op": "add", "path": "/k3", "value": {"id": 3}}]"#,
      to:
        "{\n  \"k1\": {\n    \"id\": 1,\n    \"a\": 1\n  },\n  \"k2\": {\n    \"id\": 2,\n    \"a\": 2\n  }\n}\n",
      named: "t.json")
    #expect(
      result
        == "{\n  \"k1\": {\n    \"id\": 1,\n    \"a\": 1\n  },\n  \"k2\": {\n    \"id\": 2,\n"
        + "    \"a\": {\n      \"x\": [\n        1,\n        2\n      ]\n    }\n  },\n"
        + "  \"k3\": {\n    \"id\": 3\n  }\n}\n")
  }

  /// §7.14 through the round trip: OLD and NEW with different headers.
  /// Forward, the dropped column goes and the new one comes last, as NEW
  /// has it; backward, the column comes back: at the end for a patch
  /// (equal as values), in OLD's order for a diff document, which carries
  /// both headers (SPEC §8.1.3).
  @Test(arguments: ["patch", "json"])
  func tablesWithDifferentHeadersRoundTrip(_ format: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.csv", "id,a,b\n1,x,y\n2,p,q\n")
    let new = try folder.write("new.csv", "id,b,c\n1,y,z\n3,r,s\n")
    let diff = try ColpatchCommandLine.coldiff(["-f", format, old, new])
    #expect(diff.status == 1 && diff.errors.isEmpty, "\(diff)")
    let patch = try folder.write("patch.json", diff.text)
    let forward = try ColpatchCommandLine.colpatch(["apply", patch, old])
    #expect(forward.status == 0 && forward.errors.isEmpty, "\(forward)")
    #expect(forward.text == "id,b,c\n1,y,z\n3,r,s\n")
    let reversed = try ColpatchCommandLine.colpatch(["reverse", patch])
    let backward = try ColpatchCommandLine.colpatch(["apply", "-", new], input: reversed.output)
    #expect(backward.status == 0 && backward.errors.isEmpty, "\(backward)")
    #expect(
      backward.text == (format == "json" ? "id,a,b\n1,x,y\n2,p,q\n" : "id,b,a\n1,y,x\n2,q,p\n"))
  }
}
