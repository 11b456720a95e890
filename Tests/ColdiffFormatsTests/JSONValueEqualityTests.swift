import ColdiffFormats
import Testing

@Suite struct JSONValueEqualityTests {
  private func number(_ text: String) -> JSONValue { .number(JSONNumber(text: Array(text.utf8))) }

  @Test(arguments: [
    ("1", "1.0"), ("1", "1e0"), ("-0", "0"), ("0.5", "5e-1"), ("100", "1E2"), ("0.05", "5e-2"),
    ("12345678901234567890", "1.234567890123456789e19"), ("-1.50", "-1.5"),
  ])
  func equalNumbers(left: String, right: String) {
    #expect(number(left) == number(right))
    #expect(number(left).hashValue == number(right).hashValue)
  }

  @Test(arguments: [
    ("1", "1.000000000000000001"), ("9007199254740993", "9007199254740992"), ("1", "-1"),
    ("0.5", "0.05"), ("1e400", "1e401"),
  ])
  func differentNumbers(left: String, right: String) {
    #expect(number(left) != number(right))
  }

  @Test func objectsCompareWithoutMemberOrder() {
    let a = JSONValue.object(
      JSONObject(members: [
        .init(name: JSONString("a"), value: number("1")),
        .init(name: JSONString("b"), value: .string(JSONString("x"))),
      ]))
    let b = JSONValue.object(
      JSONObject(members: [
        .init(
          name: JSONString("b"),
          value: .string(JSONString(raw: Array("\\u0078".utf8), value: [0x78]))),
        .init(name: JSONString("a"), value: number("1.0")),
      ]))
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
  }

  @Test func lastDuplicateMemberWins() {
    let object = JSONObject(members: [
      .init(name: JSONString("a"), value: number("1")),
      .init(name: JSONString("a"), value: number("2")),
    ])
    #expect(object["a"] == number("2"))
    #expect(
      JSONValue.object(object)
        == .object(JSONObject(members: [.init(name: JSONString("a"), value: number("2"))])))
  }

  @Test func escapingKeepsOnlyWhatJSONRequires() {
    #expect(JSONString("a\"b\\c\n\u{1}é").raw == Array(#"a\"b\\c\n\u0001é"#.utf8))
  }
}
