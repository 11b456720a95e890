import ColdiffFormats
import Testing

/// Documents written by `jq` and Python, as their bytes: written back
/// unchanged they are byte-identical, and a record written anew looks like
/// the original.
@Suite struct JSONCollectionLayoutTests {
  /// Each fixture's text, exactly as the named tool wrote it.
  static let fixtures: [(name: String, text: String)] = [
    (
      "jqArray",
      [
        "[\n  {\n    \"id\": 1,\n    \"name\": \"Ann\",\n    \"tags\": [\n      \"a\",\n      \"",
        "b\"\n    ],\n    \"address\": {\n      \"city\": \"Oslo\",\n      \"zip\": null\n   ",
        " },\n    \"price\": 1.5,\n    \"empty\": {},\n    \"list\": [],\n    \"ok\": true\n",
        "  },\n  {\n    \"id\": 2,\n    \"name\": \"Bé\",\n    \"tags\": [],\n    \"n\": -500,",
        "\n    \"nested\": [\n      [\n        1,\n        2\n      ],\n      {\n       ",
        " \"x\": [\n          3\n        ]\n      }\n    ]\n  },\n  {\n    \"id\": 3\n  }\n]",
        "\n",
      ].joined()
    ),
    (
      "jqCompactArray",
      [
        "[{\"id\":1,\"name\":\"Ann\",\"tags\":[\"a\",\"b\"],\"address\":{\"city\":\"Oslo\",\"zip\":",
        "null},\"price\":1.5,\"empty\":{},\"list\":[],\"ok\":true},{\"id\":2,\"name\":\"Bé\",",
        "\"tags\":[],\"n\":-500,\"nested\":[[1,2],{\"x\":[3]}]},{\"id\":3}]\n",
      ].joined()
    ),
    (
      "jqObject",
      [
        "{\n  \"k1\": {\n    \"id\": 1,\n    \"name\": \"Ann\",\n    \"tags\": [\n      \"a\",\n ",
        "     \"b\"\n    ],\n    \"address\": {\n      \"city\": \"Oslo\",\n      \"zip\": nu",
        "ll\n    },\n    \"price\": 1.5,\n    \"empty\": {},\n    \"list\": [],\n    \"ok\":",
        " true\n  },\n  \"k2\": {\n    \"id\": 2,\n    \"name\": \"Bé\",\n    \"tags\": [],\n  ",
        "  \"n\": -500,\n    \"nested\": [\n      [\n        1,\n        2\n      ],\n   ",
        "   {\n        \"x\": [\n          3\n        ]\n      }\n    ]\n  },\n  \"k3\": 7",
        "\n}\n",
      ].joined()
    ),
    (
      "jqCompactObject",
      [
        "{\"k1\":{\"id\":1,\"name\":\"Ann\",\"tags\":[\"a\",\"b\"],\"address\":{\"city\":\"Oslo\",\"",
        "zip\":null},\"price\":1.5,\"empty\":{},\"list\":[],\"ok\":true},\"k2\":{\"id\":2,\"n",
        "ame\":\"Bé\",\"tags\":[],\"n\":-500,\"nested\":[[1,2],{\"x\":[3]}]},\"k3\":7}\n",
      ].joined()
    ),
    (
      "pythonArray",
      [
        "[{\"id\": 1, \"name\": \"Ann\", \"tags\": [\"a\", \"b\"], \"address\": {\"city\": \"Osl",
        "o\", \"zip\": null}, \"price\": 1.5, \"empty\": {}, \"list\": [], \"ok\": true}, ",
        "{\"id\": 2, \"name\": \"B\\u00e9\", \"tags\": [], \"n\": -500.0, \"nested\": [[1, 2",
        "], {\"x\": [3]}]}, {\"id\": 3}]",
      ].joined()
    ),
    (
      "pythonObject",
      [
        "{\"k1\": {\"id\": 1, \"name\": \"Ann\", \"tags\": [\"a\", \"b\"], \"address\": {\"city\"",
        ": \"Oslo\", \"zip\": null}, \"price\": 1.5, \"empty\": {}, \"list\": [], \"ok\": t",
        "rue}, \"k2\": {\"id\": 2, \"name\": \"B\\u00e9\", \"tags\": [], \"n\": -500.0, \"nes",
        "ted\": [[1, 2], {\"x\": [3]}]}, \"k3\": 7}",
      ].joined()
    ),
    (
      "pythonIndent2Array",
      [
        "[\n  {\n    \"id\": 1,\n    \"name\": \"Ann\",\n    \"tags\": [\n      \"a\",\n      \"",
        "b\"\n    ],\n    \"address\": {\n      \"city\": \"Oslo\",\n      \"zip\": null\n   ",
        " },\n    \"price\": 1.5,\n    \"empty\": {},\n    \"list\": [],\n    \"ok\": true\n",
        "  },\n  {\n    \"id\": 2,\n    \"name\": \"B\\u00e9\",\n    \"tags\": [],\n    \"n\": ",
        "-500.0,\n    \"nested\": [\n      [\n        1,\n        2\n      ],\n      {\n",
        "        \"x\": [\n          3\n        ]\n      }\n    ]\n  },\n  {\n    \"id\": ",
        "3\n  }\n]",
      ].joined()
    ),
    (
      "pythonIndent4Object",
      [
        "{\n    \"k1\": {\n        \"id\": 1,\n        \"name\": \"Ann\",\n        \"tags\": ",
        "[\n            \"a\",\n            \"b\"\n        ],\n        \"address\": {\n   ",
        "         \"city\": \"Oslo\",\n            \"zip\": null\n        },\n        \"p",
        "rice\": 1.5,\n        \"empty\": {},\n        \"list\": [],\n        \"ok\": tru",
        "e\n    },\n    \"k2\": {\n        \"id\": 2,\n        \"name\": \"B\\u00e9\",\n     ",
        "   \"tags\": [],\n        \"n\": -500.0,\n        \"nested\": [\n            [\n",
        "                1,\n                2\n            ],\n            {\n    ",
        "            \"x\": [\n                    3\n                ]\n           ",
        " }\n        ]\n    },\n    \"k3\": 7\n}",
      ].joined()
    ),
    (
      "pythonTabArray",
      [
        "[\n\t{\n\t\t\"id\": 1,\n\t\t\"name\": \"Ann\",\n\t\t\"tags\": [\n\t\t\t\"a\",\n\t\t\t\"b\"\n\t\t],\n\t\t\"ad",
        "dress\": {\n\t\t\t\"city\": \"Oslo\",\n\t\t\t\"zip\": null\n\t\t},\n\t\t\"price\": 1.5,\n\t\t\"em",
        "pty\": {},\n\t\t\"list\": [],\n\t\t\"ok\": true\n\t},\n\t{\n\t\t\"id\": 2,\n\t\t\"name\": \"B\\u0",
        "0e9\",\n\t\t\"tags\": [],\n\t\t\"n\": -500.0,\n\t\t\"nested\": [\n\t\t\t[\n\t\t\t\t1,\n\t\t\t\t2\n\t\t\t",
        "],\n\t\t\t{\n\t\t\t\t\"x\": [\n\t\t\t\t\t3\n\t\t\t\t]\n\t\t\t}\n\t\t]\n\t},\n\t{\n\t\t\"id\": 3\n\t}\n]\n",
      ].joined()
    ),
    (
      "recordPerLineArray",
      [
        "[\n{\"id\":1,\"name\":\"Ann\",\"tags\":[\"a\",\"b\"],\"address\":{\"city\":\"Oslo\",\"zip\"",
        ":null},\"price\":1.5,\"empty\":{},\"list\":[],\"ok\":true},\n{\"id\":2,\"name\":\"Bé",
        "\",\"tags\":[],\"n\":-500.0,\"nested\":[[1,2],{\"x\":[3]}]},\n{\"id\":3}\n]\n",
      ].joined()
    ),
    (
      "jqArrayCRLF",
      [
        "[\r\n  {\r\n    \"id\": 1,\r\n    \"name\": \"Ann\",\r\n    \"tags\": [\r\n      \"a\",\r\n ",
        "     \"b\"\r\n    ],\r\n    \"address\": {\r\n      \"city\": \"Oslo\",\r\n      \"zip\"",
        ": null\r\n    },\r\n    \"price\": 1.5,\r\n    \"empty\": {},\r\n    \"list\": [],\r\n",
        "    \"ok\": true\r\n  },\r\n  {\r\n    \"id\": 2,\r\n    \"name\": \"Bé\",\r\n    \"tags\"",
        ": [],\r\n    \"n\": -500,\r\n    \"nested\": [\r\n      [\r\n        1,\r\n        2",
        "\r\n      ],\r\n      {\r\n        \"x\": [\r\n          3\r\n        ]\r\n      }\r\n",
        "    ]\r\n  },\r\n  {\r\n    \"id\": 3\r\n  }\r\n]\r\n",
      ].joined()
    ),
    (
      "byteOrderMarkArray",
      [
        "\u{FEFF}[\n  {\n    \"id\": 1,\n    \"name\": \"Ann\",\n    \"tags\": [\n      \"a\",\n      ",
        "\"b\"\n    ],\n    \"address\": {\n      \"city\": \"Oslo\",\n      \"zip\": null\n  ",
        "  },\n    \"price\": 1.5,\n    \"empty\": {},\n    \"list\": [],\n    \"ok\": true",
        "\n  },\n  {\n    \"id\": 2,\n    \"name\": \"Bé\",\n    \"tags\": [],\n    \"n\": -500",
        ",\n    \"nested\": [\n      [\n        1,\n        2\n      ],\n      {\n      ",
        "  \"x\": [\n          3\n        ]\n      }\n    ]\n  },\n  {\n    \"id\": 3\n  }\n",
        "]\n",
      ].joined()
    ),
  ]

  private static func withScan<R>(
    _ text: String, _ body: (UnsafeBufferPointer<UInt8>, JSONCollectionIndex) throws -> R
  ) throws -> R {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      try body(buffer, try JSONCollectionScanner.scan(buffer, as: .jsonObjectOrLines))
    }
  }

  private static func write(
    _ text: String,
    _ records: (UnsafeBufferPointer<UInt8>, JSONCollectionIndex) throws -> [JSONRecordOutput]
  ) throws -> String {
    try withScan(text) { buffer, index in
      let layout = JSONCollectionLayout(bytes: buffer, index: index)
      var out: [UInt8] = []
      layout.write(try records(buffer, index), from: buffer, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
  }

  @Test(arguments: fixtures.map(\.name))
  func originalRecordsWriteBackByteForByte(name: String) throws {
    let text = try #require(Self.fixtures.first { $0.name == name }).text
    let written = try Self.write(text) { _, index in (0..<index.count).map { .original($0) } }
    #expect(Array(written.utf8) == Array(text.utf8))
  }

  @Test(arguments: fixtures.map(\.name))
  func aRecordWrittenAnewLooksLikeItsNeighbours(name: String) throws {
    let text = try #require(Self.fixtures.first { $0.name == name }).text
    let count = try Self.withScan(text) { _, index in index.count }
    #expect(count == 3)
    for replaced in 0..<count {
      let written = try Self.write(text) { buffer, index in
        try (0..<index.count).map { position in
          guard position == replaced else { return .original(position) }
          let value = try JSONReader.parseValue(in: buffer, range: index.recordRange(position))
          guard index.form == .jsonObject else { return .value(value) }
          let name = index.nameRange(position)
          return .member(
            name: JSONString(
              raw: Array(buffer[name]), value: JSONText.decodeString(buffer, range: name)),
            value: value)
        }
      }
      #expect(Array(written.utf8) == Array(text.utf8), "record \(replaced)")
    }
  }

  @Test func recordsCanBeDroppedReorderedAndAdded() throws {
    let text = Self.fixtures[0].text
    let written = try Self.write(text) { _, _ in
      [.original(2), .value(.array([.null])), .original(0)]
    }
    #expect(
      written
        == "[\n  {\n    \"id\": 3\n  },\n  [\n    null\n  ],\n  {\n    \"id\": 1,"
        + text.split(separator: "\"id\": 1,", maxSplits: 1)[1].split(separator: "\n  },")[0]
        + "\n  }\n]\n")
  }

  @Test func withoutRecordsTheEmptyFormIsWritten() throws {
    #expect(try Self.write(Self.fixtures[0].text) { _, _ in [] } == "[]\n")
    #expect(try Self.write(Self.fixtures[2].text) { _, _ in [] } == "{}\n")
    #expect(try Self.write(" [ ] ") { _, _ in [] } == " [ ] ")
    #expect(
      try Self.write("[]\n") { _, _ in [.value(.null), .value(.bool(true))] } == "[null,true]\n")
  }

  @Test func aSingleRecordGivesTheSeparator() throws {
    #expect(
      try Self.write("[\n    1\n]") { _, _ in [.original(0), .original(0)] }
        == "[\n    1,\n    1\n]")
    #expect(
      try Self.write("[{\"a\": 1}]") { _, _ in [.original(0), .original(0)] }
        == "[{\"a\": 1}, {\"a\": 1}]")
  }

  @Test(arguments: [
    ("jqArray", JSONStyle.Indent.spaces(2), ": ", "\n", true),
    ("jqCompactArray", .none, ":", "\n", true),
    ("jqObject", .spaces(2), ": ", "\n", true),
    ("pythonArray", .none, ": ", "\n", false),
    ("pythonIndent4Object", .spaces(4), ": ", "\n", false),
    ("pythonTabArray", .tab, ": ", "\n", true),
    ("recordPerLineArray", .none, ":", "\n", true),
    ("jqArrayCRLF", .spaces(2), ": ", "\r\n", true),
  ])
  func stylesAreDetected(
    name: String, indent: JSONStyle.Indent, colon: String, lineEnding: String, finalNewline: Bool
  ) throws {
    let text = try #require(Self.fixtures.first { $0.name == name }).text
    let style = try Self.withScan(text) { buffer, index in
      JSONStyle.detect(in: buffer, index: index)
    }
    #expect(style.indent == indent)
    #expect(style.colon == Array(colon.utf8))
    #expect(style.comma == Array((colon == ": " ? ", " : ",").utf8))
    #expect(style.lineEnding == Array(lineEnding.utf8))
    #expect(style.finalNewline == finalNewline)
  }

  @Test(
    arguments: fixtures.map(\.name).filter {
      !["recordPerLineArray", "byteOrderMarkArray"].contains($0)
    })
  func aWholeDocumentIsWrittenInItsDetectedStyle(name: String) throws {
    let bytes = Array(try #require(Self.fixtures.first { $0.name == name }).text.utf8)
    let style = bytes.withUnsafeBufferPointer { JSONStyle.detect(in: $0) }
    #expect(JSONWriter.document(try JSONReader.parse(bytes), style: style) == bytes)
  }

  @Test func scalarRecordsTellTheStyleByTheirSeparators() throws {
    let compact = try Self.withScan("[1, 2]") { buffer, index in
      JSONStyle.detect(in: buffer, index: index)
    }
    #expect(compact.indent == .none)
    #expect(compact.comma == Array(", ".utf8))
    #expect(compact.colon == Array(": ".utf8))
    let indented = try Self.withScan("[\n    1,\n    2\n]") { buffer, index in
      JSONStyle.detect(in: buffer, index: index)
    }
    #expect(indented.indent == .spaces(4))
  }

  @Test func newValuesKeepTheTextOfTheirNumbersAndStrings() throws {
    let value = try JSONReader.parse(Array(#"{"a": [1.50, "\u00e9"], "b": {}}"#.utf8))
    #expect(
      JSONWriter.document(value, style: .compact) == Array(#"{"a":[1.50,"\u00e9"],"b":{}}"#.utf8)
        + [0x0A])
    var out: [UInt8] = []
    JSONWriter.write(value, style: .jq, depth: 1, to: &out)
    #expect(
      String(decoding: out, as: UTF8.self)
        == "{\n    \"a\": [\n      1.50,\n      \"\\u00e9\"\n    ],\n    \"b\": {}\n  }")
  }
}
