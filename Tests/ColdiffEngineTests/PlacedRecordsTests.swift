import ColdiffFormats
import Testing

@testable import ColdiffEngine

/// The records of a put-together run are placed in any order and written
/// in order: a key held alone is written with its side's affixes around
/// it, a text and member name as they were given, and the records of
/// keys are told apart from the others.
@Suite struct PlacedRecordsTests {
  /// Every position's text and name as written.
  private func written(_ records: PlacedRecords) -> [(text: String, name: String)] {
    (0..<records.count).map { position in
      var text = FixedByteWriter(capacity: records.textCount(position))
      records.writeText(position, to: &text)
      var name = FixedByteWriter(capacity: records.nameCount(position))
      records.writeName(position, to: &name)
      return (
        String(decoding: Array(text.bytes()), as: UTF8.self),
        String(decoding: Array(name.bytes()), as: UTF8.self)
      )
    }
  }

  @Test func recordsPlacedInAnyOrderAreWrittenInOrderWithAffixesAroundKeys() {
    var records = PlacedRecords(
      count: 4, affixes: (Array("{\"id\":".utf8), Array("}".utf8)))
    #expect(!records.isComplete)
    let key = Array("\"b\"".utf8)
    #expect(key.withUnsafeBufferPointer { records.place(2, affixing: $0) })
    #expect(records.place(0, name: Array("n0".utf8)[...]) { $0 += "{\"x\":1}".utf8 })
    #expect(records.place(3, isKey: true) { $0 += "{\"id\":[1]}".utf8 })
    #expect(!records.isComplete)
    #expect(records.place(1) { $0 += "[]".utf8 })
    #expect(records.isComplete)
    // A position taken or out of range is refused.
    #expect(!records.place(1) { $0 += "0".utf8 })
    #expect(!key.withUnsafeBufferPointer { records.place(4, affixing: $0) })
    let texts = written(records)
    #expect(texts.map(\.text) == ["{\"x\":1}", "[]", "{\"id\":\"b\"}", "{\"id\":[1]}"])
    #expect(texts.map(\.name) == ["n0", "", "", ""])
    #expect((0..<4).map { records.isKey($0) } == [false, false, true, true])
  }

  @Test func aRecordOfTwoMebibytesOrMoreKeepsItsLength() {
    var records = PlacedRecords(count: 3)
    let long = "\"" + String(repeating: "x", count: 2 << 20) + "\""
    #expect(records.place(1) { $0 += long.utf8 })
    #expect(records.place(0, name: Array("a".utf8)[...]) { $0 += "1".utf8 })
    #expect(records.place(2, name: Array("b".utf8)[...]) { $0 += "[2]".utf8 })
    #expect(records.textCount(1) == long.utf8.count)
    #expect(written(records).map(\.text) == ["1", long, "[2]"])
    #expect(written(records).map(\.name) == ["a", "", "b"])
  }

  @Test func positionBitsHoldEachPositionApart() {
    var bits = PositionBits(count: 1000)
    let set = [0, 63, 64, 127, 999]
    for position in set { bits.insert(position) }
    #expect((0..<1000).filter { bits[$0] } == set)
  }
}
