import ColdiffFormats
import Testing

@testable import ColdiffEngine

@Suite struct ComparisonRulesTests {
  private func path(_ text: String) -> [[UInt8]] {
    text.split(separator: ".").map { Array($0.utf8) }
  }

  private func pattern(_ text: String) throws -> FieldPattern {
    FieldPattern(try JSONPointer(field: text))
  }

  private func number(_ text: String) -> CanonicalDecimal {
    CanonicalDecimal(jsonNumber: Array(text.utf8))
  }

  private func value(_ text: String) throws -> JSONValue {
    try JSONReader.parse(Array(text.utf8))
  }

  @Test func patternsMatchOneOrAnyNumberOfSegments() throws {
    let star = try pattern("*.price")
    #expect(star.matches(path("retail.price")))
    #expect(!star.matches(path("price")))
    #expect(!star.matches(path("a.b.price")))
    let any = try pattern("**.updated_at")
    #expect(any.matches(path("updated_at")))
    #expect(any.matches(path("a.b.c.updated_at")))
    #expect(!any.matches(path("a.updated_at.b")))
    let middle = try pattern("a.**.z")
    #expect(middle.matches(path("a.z")))
    #expect(middle.matches(path("a.b.c.z")))
    #expect(!middle.matches(path("b.z")))
    #expect(try pattern("/a/*").matches(path("a.0")))
    #expect(try pattern("user.id").isPlain)
    #expect(!(try pattern("**")).isPlain)
  }

  @Test func absoluteToleranceIsExact() {
    let cent = NumericTolerance.absolute(JSONNumber(text: Array("0.01".utf8)))
    #expect(cent.allows(number("1.00"), number("1.01")))
    #expect(!cent.allows(number("1.00"), number("1.011")))
    #expect(cent.allows(number("-0.005"), number("0.005")))
    #expect(!cent.allows(number("-0.005"), number("0.0051")))
    #expect(cent.allows(number("100000000000000000001"), number("100000000000000000000.995")))
    #expect(!cent.allows(number("1e400"), number("1.0000000001e400")))
    // 0.1 + 0.2 is not 0.3 in binary floating point; here it is exact.
    let exact = NumericTolerance.absolute(JSONNumber(text: Array("0.1".utf8)))
    #expect(exact.allows(number("0.2"), number("0.3")))
  }

  @Test func relativeToleranceScalesWithTheLargerMagnitude() {
    let permille = NumericTolerance.relative(JSONNumber(text: Array("1e-3".utf8)))
    #expect(permille.allows(number("1000"), number("1001")))
    #expect(!permille.allows(number("1000"), number("1001.1")))
    #expect(permille.allows(number("-5e3"), number("-4995")))
    #expect(!permille.allows(number("0"), number("0.0000001")))
    #expect(!permille.allows(number("1"), number("-1")))
    let double = NumericTolerance.relative(JSONNumber(text: Array("2".utf8)))
    #expect(double.allows(number("1"), number("-1")))
  }

  @Test func parsesRulesAndRejectsBadOnes() throws {
    let rules = try FieldRule.parse("price,/a=b=abs:0.5,trim")
    #expect(rules.count == 2)
    #expect(rules[1].pattern.pointer.tokens == [Array("a=b".utf8)])
    #expect(rules[0].rules.map(\.text) == ["abs:0.5", "trim"])
    #expect(throws: InputError.self) { try FieldRule.parse("price") }
    #expect(throws: InputError.self) { try FieldRule.parse("price=abs:-1") }
    #expect(throws: InputError.self) { try FieldRule.parse("price=abs:01") }
    #expect(throws: InputError.self) { try FieldRule.parse("price=round") }
  }

  @Test func simpleCaseFoldingKeepsSharpSAndTurkicI() {
    let fold = { (text: String) in text.unicodeScalars.map(RuleSet.simpleCaseFold) }
    #expect(fold("ΣΊΣΥΦΟΣ") == fold("σίσυφος"))
    #expect(fold("\u{212A}") == fold("k"))
    #expect(fold("\u{1E9E}") == fold("ß"))
    #expect(fold("Straße") != fold("STRASSE"))
    #expect(fold("ı") != fold("i"))
    #expect(fold("İ") != fold("i"))
  }

  @Test func filterDropsIgnoredAndRuleEqualChanges() throws {
    let rules = ComparisonRules(
      ignore: [try pattern("**.at")],
      compare: try FieldRule.parse("price=abs:0.01") + FieldRule.parse("tags=icase"))
    let old = try value(#"{"price": 1, "at": 1, "tags": ["A"], "m": {"at": 1, "x": 1}}"#)
    let new = try value(#"{"price": 1.01, "at": 2, "tags": ["a"], "m": {"at": 2, "x": 2}}"#)
    let changes = try rules.filter(FieldChange.between(old, new))
    #expect(changes.map(\.path) == [[Array("m".utf8), Array("x".utf8)]])
    let replaced = try rules.filter(
      FieldChange.between(try value(#"{"m": {"at": 1}}"#), try value(#"{"m": 5}"#)))
    #expect(replaced.count == 1)
    #expect(replaced.first?.old == (try value("{}")))
  }

  @Test func stringRulesCompose() throws {
    let rules = ComparisonRules(compare: try FieldRule.parse("n=trim,icase,nfc"))
    #expect(
      rules.equal(
        .string(JSONString(" Cafe\u{301} ")), .string(JSONString("CAFÉ")), at: [Array("n".utf8)]))
    let scalars = ComparisonRules(compare: try FieldRule.parse("n=icase"))
    #expect(
      !scalars.equal(
        .string(JSONString("Cafe\u{301}")), .string(JSONString("café")), at: [Array("n".utf8)]))
  }

  @Test func rulesGoThroughTheDiffDocument() throws {
    let rules = ComparisonRules(
      ignore: [try pattern("**.updated_at")],
      compare: try FieldRule.parse("price=abs:0.01") + FieldRule.parse("price,name=trim"),
      root: try JSONPointer(field: "/data/items"))
    var document = DiffDocument(kind: .ordered, key: [try JSONPointer(field: "id")])
    document.rules = rules.documentValue
    let text = String(decoding: document.bytes, as: UTF8.self)
    #expect(
      text.contains(
        #""rules": {"ignore": ["**.updated_at"], "compare": {"price": ["abs:0.01", "trim"], "#
          + #""name": ["trim"]}, "root": "/data/items"}"#))
    let read = try DiffDocument(bytes: document.bytes)
    let again = try ComparisonRules(document: read.rules)
    #expect(again.root == rules.root)
    #expect(again.ignore == rules.ignore)
    #expect(again.compare.map(\.pattern.text) == ["price", "name"])
    #expect(ComparisonRules().documentValue == nil)
    #expect(try ComparisonRules(document: nil).isNone)
    #expect(try ComparisonRules(document: try value(#"{"arrayKeys": {}}"#)).isNone)
    let keyed = try ComparisonRules(document: try value(#"{"arrayKeys": {"lines": "sku"}}"#))
    #expect(keyed.arrayKeys == [try ArrayKey.parse("lines=sku")])
    #expect(throws: InputError.self) {
      try ComparisonRules(document: try value(#"{"arrayKeys": {"lines": 3}}"#))
    }
    #expect(throws: InputError.self) {
      try ComparisonRules(document: try value(#"{"compare": {"x": ["approx"]}}"#))
    }
    #expect(throws: InputError.self) {
      try DiffDocument(
        bytes: Array(
          #"{"coldiff": 1, "kind": "ordered", "rules": 3, "inserts": [], "deletes": [], "updates": [], "moves": []}"#
            .utf8))
    }
  }

  @Test func keyedArraysReportElementsWithMinimalMoves() throws {
    let rules = ComparisonRules(arrayKeys: [try ArrayKey.parse("lines=sku")])
    let old = try value(
      #"{"lines": [{"sku": "a", "q": 1}, {"sku": "b", "q": 1}, {"sku": "c", "q": 1}, {"sku": "d", "q": 1}]}"#
    )
    let new = try value(
      #"{"lines": [{"sku": "d", "q": 1}, {"sku": "a", "q": 2}, {"sku": "c", "q": 1}, {"sku": "e", "q": 1}]}"#
    )
    let changes = try rules.filter(FieldChange.between(old, new))
    let described = changes.map { change in
      ReportText.field(change.path, element: change.element)
        + (change.element?.from.map { " from " + ReportText.field($0) } ?? "")
        + (change.old == nil ? "" : " old") + (change.new == nil ? "" : " new")
    }
    // b deleted; d moved to the front (a and c keep their order); e inserted.
    #expect(
      described == [
        "lines[b] old", "lines[d] from lines.3", "lines[e] new", "lines[a].q old new",
      ])
    #expect(changes[3].path == [Array("lines".utf8), Array("1".utf8), Array("q".utf8)])
  }

  @Test func keyedArraysRefuseMissingAndDuplicateKeys() throws {
    let rules = ComparisonRules(arrayKeys: [try ArrayKey.parse("lines=sku")])
    let old = try value(#"{"lines": [{"sku": "a"}]}"#)
    #expect(throws: ArrayKeyError.self) {
      try rules.filter(FieldChange.between(old, try value(#"{"lines": [{"sku": "a"}, {"x": 1}]}"#)))
    }
    #expect(throws: ArrayKeyError.self) {
      try rules.filter(
        FieldChange.between(old, try value(#"{"lines": [{"sku": "b"}, {"sku": "b"}]}"#)))
    }
  }
}
