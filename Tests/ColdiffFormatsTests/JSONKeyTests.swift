import ColdiffFormats
import TestSupport
import Testing

@Suite struct JSONKeyTests {
  private func key(_ path: [String], in record: String) -> String? {
    let bytes = Array(record.utf8)
    let keyPath = JSONKeyPath(segments: path.map { Array($0.utf8) })
    return bytes.withUnsafeBufferPointer { buffer in
      keyPath.valueRange(in: buffer, record: 0..<buffer.count).map {
        String(decoding: buffer[$0], as: UTF8.self)
      }
    }
  }

  @Test func findsNestedKeysSkippingOtherValues() {
    let record = #" { "x": [1, {"id": 9}, "]}"], "user" : { "name": "a,b", "id" : 42 } } "#
    #expect(key(["user", "id"], in: record) == "42")
    #expect(key(["user"], in: record) == #"{ "name": "a,b", "id" : 42 }"#)
    #expect(key(["x"], in: record) == #"[1, {"id": 9}, "]}"]"#)
    #expect(key(["id"], in: record) == nil)
    #expect(key(["x", "id"], in: record) == nil)
    #expect(key(["user", "name", "z"], in: record) == nil)
    #expect(key([], in: record) == record)
  }

  @Test func theLastDuplicateWinsAndEscapedNamesMatch() {
    #expect(key(["id"], in: #"{"id": 1, "i\u0064": 2, "idx": 3}"#) == "2")
    #expect(key(["é"], in: #"{"\u00e9": true}"#) == "true")
    #expect(key(["id"], in: "[1]") == nil)
    #expect(key(["id"], in: #"{}"#) == nil)
  }

  private func canonical(_ text: String) throws -> [UInt8] {
    let bytes = Array(text.utf8)
    var fromBytes: [UInt8] = []
    bytes.withUnsafeBufferPointer {
      JSONCanonicalKey.append($0, range: 0..<$0.count, to: &fromBytes)
    }
    var fromValue: [UInt8] = []
    JSONCanonicalKey.append(try JSONReader.parse(bytes), to: &fromValue)
    #expect(fromBytes == fromValue, "\(text)")
    return fromBytes
  }

  static let equalGroups: [[String]] = [
    ["1", "1.0", "1e0", "10e-1", "0.1E1", "1.000"],
    ["0", "-0", "0.0", "0e5", "-0.000e-3"],
    ["-120", "-1.2e2", "-1200e-1"],
    ["12345678901234567890", "1.234567890123456789e19"],
    ["1.000000000000000001"],
    ["9007199254740993"], ["9007199254740992"],
    [#""é""#, #""\u00e9""#, #""\u00E9""#],
    [#""1""#], ["null"], ["true"], ["false"], [#""""#], ["[]"], ["{}"],
    [
      #"{"a": 1, "b": [1, "x"]}"#, #"{"b": [1.0, "\u0078"], "a": 1e0}"#,
      #"{"a": 2, "b": [1, "x"], "a": 1}"#,
    ],
    [#"[1, "a"]"#], [#"["a", 1]"#], [#"[1, ["a"]]"#], [#"[[1, "a"]]"#],
    [#"{"a": {"b": 1}}"#], [#"{"a": {"b": 2}}"#], [#"{"ab": 1}"#], [#"{"a": 1, "b": 1}"#],
  ]

  @Test func canonicalBytesAreEqualExactlyForEqualValues() throws {
    let groups = try Self.equalGroups.map { try $0.map(canonical) }
    for (groupIndex, group) in groups.enumerated() {
      for encoding in group { #expect(encoding == group[0], "\(Self.equalGroups[groupIndex])") }
      for (otherIndex, other) in groups.enumerated() where otherIndex != groupIndex {
        #expect(
          other[0] != group[0], "\(Self.equalGroups[groupIndex]) vs \(Self.equalGroups[otherIndex])"
        )
      }
    }
  }

  @Test func canonicalBytesAgreeWithValueEqualityOnRandomValues() throws {
    var generator = SeededGenerator(seed: 7)
    let atoms = [
      "0", "-0", "1", "1.0", "10", "1e1", "\"a\"", "\"\\u0061\"", "\"b\"", "null", "true",
    ]
    func random(_ depth: Int) -> String {
      switch Int.random(in: 0..<(depth > 2 ? 1 : 4), using: &generator) {
      case 1:
        return "["
          + (0..<Int.random(in: 0..<3, using: &generator)).map { _ in random(depth + 1) }.joined(
            separator: ",") + "]"
      case 2:
        let names = ["\"a\"", "\"b\"", "\"\\u0061\""]
        return "{"
          + (0..<Int.random(in: 0..<3, using: &generator)).map { _ in
            names.randomElement(using: &generator)! + ":" + random(depth + 1)
          }.joined(separator: ",") + "}"
      default: return atoms.randomElement(using: &generator)!
      }
    }
    let texts = (0..<300).map { _ in random(0) }
    let values = try texts.map { try JSONReader.parse(Array($0.utf8)) }
    let encodings = try texts.map(canonical)
    var equalPairs = 0
    for i in 0..<texts.count {
      for j in 0..<texts.count where (values[i] == values[j]) != (encodings[i] == encodings[j]) {
        Issue.record("\(texts[i]) vs \(texts[j])")
      }
      for j in 0..<texts.count where i != j && values[i] == values[j] { equalPairs += 1 }
    }
    #expect(equalPairs > 100)
  }

  @Test(arguments: ["", "C00001000", "a\u{0}b", "\u{0}\u{0}", "é\"\\"])
  func stringBytesMatchTheStringValue(text: String) {
    var expected: [UInt8] = []
    JSONCanonicalKey.append(.string(JSONString(utf8: Array(text.utf8))), to: &expected)
    var made: [UInt8] = []
    Array(text.utf8).withUnsafeBufferPointer { JSONCanonicalKey.appendString($0, to: &made) }
    #expect(made == expected)
  }

  /// A string's canonical bytes give back the text `JSONString` writes
  /// for it, escapes and 0x00 included; other values' give none.
  @Test(arguments: ["", "C00001000", "a\u{0}b", "\u{0}\u{0}", "é\"\\", "tab\there", "x\u{1F}\n"])
  func stringTextFromCanonicalBytesIsTheWrittenString(text: String) {
    var key: [UInt8] = []
    Array(text.utf8).withUnsafeBufferPointer { JSONCanonicalKey.appendString($0, to: &key) }
    var written: [UInt8] = []
    let made = key.withUnsafeBufferPointer {
      JSONCanonicalKey.appendStringText(of: $0, to: &written)
    }
    #expect(made)
    var expected: [UInt8] = []
    JSONWriter.write(JSONString(utf8: Array(text.utf8)), to: &expected)
    #expect(written == expected)
    var number: [UInt8] = []
    JSONCanonicalKey.append(.number(JSONNumber(12)), to: &number)
    var none: [UInt8] = []
    #expect(
      !number.withUnsafeBufferPointer { JSONCanonicalKey.appendStringText(of: $0, to: &none) })
    #expect(none.isEmpty)
  }

  /// Written values, and the text between a string's quotes when it has
  /// no escapes (every other value: `nil`).
  @Test(
    arguments: [
      (#""C00001000""#, "C00001000"), (#""""#, ""), (#""é ü""#, "é ü"), (#""a\u0041""#, nil),
      (#""\u0000""#, nil), (#""\n""#, nil), (#""\ud83d\ude00x""#, nil), (#""a\"b""#, nil),
      ("12", nil), ("true", nil), ("null", nil), (#"["a"]"#, nil), (#"{"a":"b"}"#, nil),
    ] as [(String, String?)])
  func unescapedStringTextIsTheWrittenTextOfStringsWithoutEscapes(
    written: String, text: String?
  ) {
    let bytes = Array(written.utf8)
    var key: [UInt8] = []
    bytes.withUnsafeBufferPointer {
      JSONCanonicalKey.append($0, range: 0..<$0.count, to: &key)
    }
    let found = key.withUnsafeBufferPointer {
      JSONCanonicalKey.unescapedStringText(of: $0, writtenLength: bytes.count).map { Array($0) }
    }
    #expect(found == text.map { Array($0.utf8) })
  }

  @Test func encodingsJoinIntoCompositeKeysWithoutAmbiguity() {
    func composite(_ fields: [JSONValue]) -> [UInt8] {
      var out: [UInt8] = []
      for field in fields { JSONCanonicalKey.append(field, to: &out) }
      return out
    }
    let string = { (text: String) in JSONValue.string(JSONString(text)) }
    let keys = [
      composite([string("a"), string("b")]), composite([string("ab"), string("")]),
      composite([string("a\u{0}"), string("b")]), composite([string("a"), string("\u{0}b")]),
      composite([.array([string("a")]), string("b")]),
      composite([.array([string("a"), string("b")])]),
      composite([.number(JSONNumber(1)), .number(JSONNumber(23))]),
      composite([.number(JSONNumber(12)), .number(JSONNumber(3))]),
    ]
    #expect(Set(keys).count == keys.count)
  }
}
