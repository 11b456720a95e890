import TestSupport
import Testing

@testable import ColdiffFormats

/// The cursor over validated JSON against the value reader: on seeded
/// random values written in several styles, the end of every value, the
/// members of every object and the elements of every array it finds are
/// those `JSONReader` reads.
@Suite struct ValidatedJSONTests {
  private static func randomValue(_ depth: Int, _ generator: inout SeededGenerator) -> JSONValue {
    let atoms: [JSONValue] = [
      .null, .bool(true), .number(JSONNumber(text: Array("-1.50e+3".utf8))),
      .number(JSONNumber(7)), .string(JSONString("a long string, past eight bytes")),
      .string(JSONString("q \" \\ }] é")), .string(JSONString("")),
      .string(JSONString(raw: Array(#"\u0069d"#.utf8), value: Array("id".utf8))),
    ]
    switch Int.random(in: 0..<(depth > 3 ? 1 : 3), using: &generator) {
    case 1:
      return .array(
        (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
          randomValue(depth + 1, &generator)
        })
    case 2:
      // Names with escapes too: one written `\u0069d`, one with `\"`.
      let names =
        [
          "id", "name", "a", "a", "a member name longer than eight", "q \"",
        ].map { JSONString($0) } + [
          JSONString(raw: Array(#"\u0069d"#.utf8), value: Array("id".utf8))
        ]
      return .object(
        JSONObject(
          members: (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
            .init(
              name: names.randomElement(using: &generator)!,
              value: randomValue(depth + 1, &generator))
          }))
    default: return atoms.randomElement(using: &generator)!
    }
  }

  /// Checks the cursor on the value at `range` of `bytes`, and on every
  /// value nested in it.
  private func check(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws {
    let text = ValidatedJSON(bytes)
    #expect(text.endOfValue(range.lowerBound) == range.upperBound)
    let value = try JSONReader.parseValue(in: bytes, range: range)
    switch value {
    case .object(let object):
      var members: [(name: [UInt8], value: Range<Int>)] = []
      text.forEachMember(object: range.lowerBound) { name, value, escaped in
        // The flag says whether the name as written holds an escape.
        #expect(escaped == bytes[name].contains(UInt8(ascii: "\\")))
        members.append((JSONText.decodeString(bytes, range: name), value))
        return true
      }
      #expect(members.map(\.name) == object.members.map(\.name.value))
      for (member, found) in zip(object.members, members) {
        #expect(try JSONReader.parseValue(in: bytes, range: found.value) == member.value)
        try check(bytes, found.value)
      }
      for name in Set(object.members.map(\.name.value)) {
        let last = members.last { $0.name == name }?.value
        #expect(text.member(named: name, object: range.lowerBound) == last)
      }
      #expect(text.member(named: Array("absent".utf8), object: range.lowerBound) == nil)
    case .array(let elements):
      var found: [Range<Int>] = []
      text.forEachElement(array: range.lowerBound) {
        found.append($0)
        return true
      }
      #expect(try found.map { try JSONReader.parseValue(in: bytes, range: $0) } == elements)
      for (position, element) in found.enumerated() {
        #expect(text.element(position, array: range.lowerBound) == element)
        try check(bytes, element)
      }
      #expect(text.element(found.count, array: range.lowerBound) == nil)
    default: break
    }
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
  func agreesWithTheReader(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let styles: [JSONStyle] = [
      .jq, .compact, JSONStyle(indent: .tab, colon: Array(" : ".utf8), comma: Array(" ,".utf8)),
    ]
    for _ in 0..<40 {
      let value = Self.randomValue(0, &generator)
      let style = styles.randomElement(using: &generator)!
      // Text after the value, as in a collection: the cursor stops before it.
      let written = JSONWriter.document(value, style: style)
      var trimmed = written
      while let last = trimmed.last, last == 0x0A || last == 0x0D { trimmed.removeLast() }
      let bytes = trimmed + Array(" , ]".utf8)
      try bytes.withUnsafeBufferPointer { try check($0, 0..<trimmed.count) }
    }
  }
}
