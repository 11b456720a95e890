import ColdiffFormats
import Testing

@testable import ColdiffEngine

/// The merge's rules on small literal inputs (SPEC §8.4): where inserts
/// go, the same change on both sides, and how conflicts are written.
@Suite struct MergeRulesTests {
  private static let base = """
    [
      {"id": 1, "v": 1},
      {"id": 2, "v": 2},
      {"id": 3, "v": 3}
    ]

    """

  private func merge(
    _ ours: String, _ theirs: String, base: String = Self.base, name: String = "x.json",
    keys: [JSONPointer] = []
  ) throws -> (String, [MergeConflict]) {
    func read(_ text: String) throws -> Snapshot {
      try Snapshot(InputFile(name: name, bytes: Array(text.utf8)), override: nil)
    }
    let merge = try ThreeWayMerge(
      base: read(base), ours: read(ours), theirs: read(theirs), keys: keys,
      rules: ComparisonRules(),
      unordered: false)
    return (String(decoding: try merge.merged.written(), as: UTF8.self), merge.conflicts)
  }

  @Test func bothSidesInsertingAtOnePlaceGiveOursFirst() throws {
    let (merged, conflicts) = try merge(
      "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 8, \"v\": 8},\n  {\"id\": 2, \"v\": 2},\n"
        + "  {\"id\": 3, \"v\": 3}\n]\n",
      "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 9, \"v\": 9},\n  {\"id\": 2, \"v\": 2},\n"
        + "  {\"id\": 3, \"v\": 3}\n]\n")
    #expect(conflicts.isEmpty)
    #expect(
      merged
        == "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 8, \"v\": 8},\n  {\"id\": 9, \"v\": 9},\n"
        + "  {\"id\": 2, \"v\": 2},\n  {\"id\": 3, \"v\": 3}\n]\n")
  }

  @Test func anInsertAfterARecordOursDeletedGoesAfterTheOneBefore() throws {
    let (merged, conflicts) = try merge(
      "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 3, \"v\": 3}\n]\n",
      "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 2, \"v\": 2},\n  {\"id\": 9, \"v\": 9},\n"
        + "  {\"id\": 3, \"v\": 3}\n]\n")
    #expect(conflicts.isEmpty)
    #expect(
      merged
        == "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 9, \"v\": 9},\n  {\"id\": 3, \"v\": 3}\n]\n")
  }

  @Test func recordsNobodyChangedKeepOursBytes() throws {
    let (merged, conflicts) = try merge(
      "[\n  {\"id\": 1, \"v\": 1.0},\n  {\"id\": 2, \"v\": 2},\n  {\"v\": 3e0, \"id\": 3}\n]\n",
      "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 2, \"v\": 20},\n  {\"id\": 3, \"v\": 3}\n]\n")
    #expect(conflicts.isEmpty)
    #expect(
      merged
        == "[\n  {\"id\": 1, \"v\": 1.0},\n  {\"id\": 2, \"v\": 20},\n  {\"v\": 3e0, \"id\": 3}\n]\n"
    )
  }

  @Test func membersTheirsAddedGoAfterTheMemberTheyFollow() throws {
    let base = "{\"id\": 1, \"a\": 1, \"b\": 2, \"c\": 3}\n"
    // OURS removed b and added o after a; THEIRS added x and y after b.
    let (merged, conflicts) = try merge(
      "{\"id\": 1, \"a\": 1, \"o\": 0, \"c\": 3}\n",
      "{\"id\": 1, \"a\": 1, \"b\": 2, \"x\": 8, \"y\": 9, \"c\": 3}\n", base: base,
      name: "x.jsonl")
    #expect(conflicts.isEmpty)
    #expect(merged == "{\"id\": 1, \"a\": 1, \"o\": 0, \"x\": 8, \"y\": 9, \"c\": 3}\n")
  }

  @Test func theSameChangeOnBothSidesIsTakenOnce() throws {
    let side = "[\n  {\"id\": 1, \"v\": 5},\n  {\"id\": 2, \"v\": 2},\n  {\"id\": 7, \"v\": 7}\n]\n"
    let (merged, conflicts) = try merge(side, side)
    #expect(conflicts.isEmpty)
    #expect(merged == side)
  }

  @Test func aMoveAgainstADeleteIsTheDelete() throws {
    let (merged, conflicts) = try merge(
      "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 2, \"v\": 2}\n]\n",
      "[\n  {\"id\": 3, \"v\": 3},\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 2, \"v\": 2}\n]\n")
    #expect(conflicts.isEmpty)
    #expect(merged == "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 2, \"v\": 2}\n]\n")
  }

  @Test func fieldsChangedOnBothSidesAreBothTaken() throws {
    let base = "id,a,b\n1,x,y\n2,p,q\n"
    let (merged, conflicts) = try merge(
      "id,a,b\n1,X,y\n2,p,q\n", "id,a,b\n1,x,Y\n2,p,q\n", base: base, name: "x.csv")
    #expect(conflicts.isEmpty)
    #expect(merged == "id,a,b\n1,X,Y\n2,p,q\n")
  }

  @Test func aChangeInsideAFieldTheOtherSideReplacedIsAConflict() throws {
    let base = "{\"id\": 1, \"o\": {\"a\": 1, \"b\": 2}}\n"
    let (merged, conflicts) = try merge(
      "{\"id\": 1, \"o\": 5}\n", "{\"id\": 1, \"o\": {\"a\": 1, \"b\": 3}}\n", base: base,
      name: "x.jsonl")
    #expect(merged == "{\"id\": 1, \"o\": 5}\n")
    #expect(conflicts.map(\.line) == ["key 1 /o/b: base 2, ours none, theirs 3"])
  }

  @Test func conflictLinesAndDocument() throws {
    let (merged, conflicts) = try merge(
      "[\n  {\"id\": 1, \"v\": 10},\n  {\"id\": 3, \"v\": 30},\n  {\"id\": 7, \"v\": 7}\n]\n",
      "[\n  {\"id\": 1, \"v\": 11},\n  {\"id\": 2, \"v\": 20},\n  {\"id\": 7, \"v\": \"7\"}\n]\n")
    #expect(
      merged
        == "[\n  {\"id\": 1, \"v\": 10},\n  {\"id\": 3, \"v\": 30},\n  {\"id\": 7, \"v\": 7}\n]\n")
    #expect(
      conflicts.map(\.line) == [
        "key 1 /v: base 1, ours 10, theirs 11",
        "key 2: deleted by ours, changed by theirs",
        "key 3: changed by ours, deleted by theirs",
        "key 7: inserted by both sides with different content",
      ])
    let document = String(
      decoding: MergeConflict.document(Array(conflicts.prefix(2))), as: UTF8.self)
    #expect(
      document == """
        {
          "coldiff": 1,
          "conflicts": [
            {
              "kind": "field",
              "key": 1,
              "path": "/v",
              "base": 1,
              "ours": 10,
              "theirs": 11
            },
            {
              "kind": "delete",
              "key": 2,
              "base": {
                "id": 2,
                "v": 2
              },
              "theirs": {
                "id": 2,
                "v": 20
              }
            }
          ]
        }

        """)
  }

  @Test func aKeyedElementConflictNamesTheElement() throws {
    let base =
      "{\"id\": 7, \"lines\": [{\"sku\": \"A-1\", \"qty\": 1}, {\"sku\": \"A-7\", \"qty\": 1}]}\n"
    func read(_ text: String) throws -> Snapshot {
      try Snapshot(InputFile(name: "x.jsonl", bytes: Array(text.utf8)), override: nil)
    }
    // OURS moved A-7 first and changed its qty; THEIRS changed it too.
    let merge = try ThreeWayMerge(
      base: read(base),
      ours: read(
        "{\"id\": 7, \"lines\": [{\"sku\": \"A-7\", \"qty\": 2}, {\"sku\": \"A-1\", \"qty\": 1}]}\n"
      ),
      theirs: read(
        "{\"id\": 7, \"lines\": [{\"sku\": \"A-1\", \"qty\": 1}, {\"sku\": \"A-7\", \"qty\": 3}]}\n"
      ),
      keys: [], rules: ComparisonRules(arrayKeys: [try ArrayKey.parse("lines=sku")]),
      unordered: false)
    #expect(merge.conflicts.map(\.line) == ["key 7 lines[A-7].qty: base 1, ours 2, theirs 3"])
    let document = String(decoding: MergeConflict.document(merge.conflicts), as: UTF8.self)
    #expect(document.contains("\"path\": \"/lines/0/qty\",\n      \"element\": \"A-7\""))
  }

  @Test func recordsWithoutAKeyCannotBeMerged() throws {
    #expect(throws: InputError.self) {
      try merge("[{\"v\": 1}]\n", "[{\"v\": 2}]\n", base: "[{\"v\": 0}]\n")
    }
  }
}
