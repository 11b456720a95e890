import ColdiffFormats
import TestSupport
import Testing

/// Seeded random documents: what the writer writes reads back as the same
/// value, its style is detected again, and in a collection every record
/// written anew gives back the same bytes.
@Suite struct JSONWriterRoundTripTests {
  static let styles: [(name: String, style: JSONStyle)] = [
    ("jq", .jq),
    ("compact", .compact),
    ("python", JSONStyle(indent: .none, colon: Array(": ".utf8), comma: Array(", ".utf8))),
    (
      "python indent 4",
      JSONStyle(indent: .spaces(4), colon: Array(": ".utf8), comma: Array(", ".utf8))
    ),
    (
      "tabs, CRLF",
      JSONStyle(
        indent: .tab, colon: Array(": ".utf8), comma: Array(", ".utf8), lineEnding: [0x0D, 0x0A])
    ),
  ]

  private static func randomValue(_ depth: Int, _ generator: inout SeededGenerator) -> JSONValue {
    let atoms: [JSONValue] = [
      .null, .bool(true), .bool(false), .number(JSONNumber(text: Array("-1.50e+3".utf8))),
      .number(JSONNumber(42)), .string(JSONString("é \"q\" \u{1}")),
      .string(JSONString(raw: Array(#"\u00e9"#.utf8), value: Array("é".utf8))),
    ]
    switch Int.random(in: 0..<(depth > 3 ? 1 : 3), using: &generator) {
    case 1:
      return .array(
        (0..<Int.random(in: 0..<4, using: &generator)).map { _ in randomValue(depth + 1, &generator)
        })
    case 2:
      return .object(
        JSONObject(
          members: (0..<Int.random(in: 0..<4, using: &generator)).map { position in
            .init(name: JSONString("m\(position)"), value: randomValue(depth + 1, &generator))
          }))
    default: return atoms.randomElement(using: &generator)!
    }
  }

  /// A record with at least one member holding a non-empty array, so its
  /// text shows the whole style.
  private static func randomRecord(_ generator: inout SeededGenerator) -> JSONValue {
    .object(
      JSONObject(members: [
        .init(
          name: JSONString("id"),
          value: .number(JSONNumber(Int.random(in: 0..<1000, using: &generator)))),
        .init(name: JSONString("list"), value: .array([.null, randomValue(2, &generator)])),
        .init(name: JSONString("more"), value: randomValue(1, &generator)),
      ]))
  }

  @Test(arguments: styles.map(\.name))
  func documentsReadBackAndKeepTheirStyle(name: String) throws {
    let style = try #require(Self.styles.first { $0.name == name }).style
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<200 {
      let value = JSONValue.array((0..<3).map { _ in Self.randomRecord(&generator) })
      let bytes = JSONWriter.document(value, style: style)
      #expect(try JSONReader.parse(bytes) == value)
      #expect(bytes.withUnsafeBufferPointer { JSONStyle.detect(in: $0) } == style)
    }
  }

  @Test(arguments: styles.map(\.name))
  func recordsWrittenAnewGiveBackTheSameBytes(name: String) throws {
    let style = try #require(Self.styles.first { $0.name == name }).style
    var generator = SeededGenerator(seed: 12)
    for _ in 0..<100 {
      let records = (0..<Int.random(in: 1..<5, using: &generator)).map { _ in
        Self.randomRecord(&generator)
      }
      let bytes = JSONWriter.document(.array(records), style: style)
      try bytes.withUnsafeBufferPointer { buffer in
        let index = try JSONCollectionScanner.scan(buffer, as: .jsonObjectOrLines)
        let layout = JSONCollectionLayout(bytes: buffer, index: index)
        #expect(layout.style == style)
        var out: [UInt8] = []
        layout.write(records.map { .value($0) }, from: buffer, to: &out)
        #expect(out == bytes)
      }
    }
  }
}
