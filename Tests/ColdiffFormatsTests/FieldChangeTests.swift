import ColdiffFormats
import Testing

@Suite struct FieldChangeTests {
  private func string(_ text: String) -> JSONValue { .string(JSONString(text)) }
  private func number(_ text: String) -> JSONValue { .number(JSONNumber(text: Array(text.utf8))) }
  private func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(members: members.map { .init(name: JSONString($0.0), value: $0.1) }))
  }
  private func path(_ names: String...) -> [[UInt8]] { names.map { Array($0.utf8) } }

  @Test func reportsLeavesThroughObjectsAndArraysWhole() {
    let old = object([
      ("id", number("1")), ("price", number("10")), ("gone", string("x")),
      ("supplier", object([("name", string("A")), ("country", string("IT"))])),
      ("tags", .array([string("a")])),
    ])
    let new = object([
      ("id", number("1.0")), ("price", number("12")),
      ("supplier", object([("name", string("B")), ("country", string("IT"))])),
      ("tags", .array([string("a"), string("b")])), ("added", .bool(true)),
    ])
    let changes = FieldChange.between(old, new)
    #expect(
      changes == [
        FieldChange(path: path("price"), old: number("10"), new: number("12")),
        FieldChange(path: path("gone"), old: string("x"), new: nil, after: .key(string("price"))),
        FieldChange(path: path("supplier", "name"), old: string("A"), new: string("B")),
        FieldChange(
          path: path("tags"), old: .array([string("a")]), new: .array([string("a"), string("b")])),
        FieldChange(path: path("added"), old: nil, new: .bool(true), after: .key(string("tags"))),
      ])
  }

  @Test func equalValuesHaveNoChanges() {
    let value = object([("a", object([("b", .null)]))])
    #expect(FieldChange.between(value, value).isEmpty)
  }

  @Test func aValueThatChangesKindIsReplacedWhole() {
    let changes = FieldChange.between(object([("a", string("x"))]), .array([]))
    #expect(changes == [FieldChange(path: [], old: object([("a", string("x"))]), new: .array([]))])
  }

  @Test func removingLeavesOutIgnoredFieldsAtAnyDepth() {
    let value = object([
      ("id", number("1")), ("seen", number("5")),
      ("meta", object([("etag", string("x")), ("owner", string("me"))])),
    ])
    let stripped = value.removing(paths: [path("seen"), path("meta", "etag"), path("nope", "x")])
    #expect(stripped == object([("id", number("1")), ("meta", object([("owner", string("me"))]))]))
  }
}
