import ColdiffFormats
import Testing

@Suite struct JSONCollectionScannerKeyTests {
  private func keys(_ text: String, as hint: InputForm) throws -> [String?] {
    let bytes = Array(text.utf8)
    let index = try JSONCollectionScanner.scan(bytes, as: hint, keyName: Array("id".utf8))
    return (0..<index.count).map { record in
      index.keyRange(record).map { String(decoding: bytes[$0], as: UTF8.self) }
    }
  }

  @Test func notesTheTopLevelKeyOfEachRecord() throws {
    let text = #"""
      [{"id": 1, "a": {"id": 9}}, {"a": [{"id": 8}]}, {"x": 1, "id": "s"}, 5, ["id"],
       {"id": 1, "id": {"n": [2]}}, {"\u0069d": true}, {"i": 0, "idx": 1, "\u0069": 2}]
      """#
    #expect(
      try keys(text, as: .jsonArray) == [
        "1", nil, #""s""#, nil, nil, #"{"n": [2]}"#, "true", nil,
      ])
  }

  /// The first record without the key, eight records a step: wherever
  /// it is in a block of eight or in the records after the last whole
  /// block, and none when every record has the key.
  @Test(arguments: [1, 7, 8, 9, 16, 21])
  func firstRecordWithoutTheKeyIsFoundAnywhere(count: Int) throws {
    for missing in [nil] + Array(0..<count) {
      let lines = (0..<count).map { $0 == missing ? "{\"x\": \($0)}" : "{\"id\": \($0)}" }
      let index = try JSONCollectionScanner.scan(
        Array(lines.joined(separator: "\n").utf8), as: .jsonLines, keyName: Array("id".utf8))
      #expect(index.firstRecordWithoutKey == missing)
      #expect(index.everyRecordHasKey == (missing == nil))
    }
  }

  @Test func notesKeysInJSONLinesAndAgreesWithKeyPaths() throws {
    let text = "{\"id\": 7}\n\n{\"b\": {\"id\": 1}, \"id\": [1, 2]}\n{}\n"
    #expect(try keys(text, as: .jsonLines) == ["7", "[1, 2]", nil])
    let bytes = Array(text.utf8)
    let index = try JSONCollectionScanner.scan(bytes, as: .jsonLines, keyName: Array("id".utf8))
    let path = JSONKeyPath(segments: [Array("id".utf8)])
    bytes.withUnsafeBufferPointer { buffer in
      for record in 0..<index.count {
        #expect(
          index.keyRange(record) == path.valueRange(in: buffer, record: index.recordRange(record)))
      }
    }
  }

  @Test func makesTheCanonicalBytesOfEachNotedKey() throws {
    let text = #"[{"id": "a\u0062"}, {"x": 1}, {"id": 1.50}, {"id": {"b": 1, "a": [true]}}]"#
    let bytes = Array(text.utf8)
    let index = try JSONCollectionScanner.scan(bytes, as: .jsonArray, keyName: Array("id".utf8))
    #expect(index.canonicalKeyStarts.count == index.count + 1)
    bytes.withUnsafeBufferPointer { buffer in
      for record in 0..<index.count {
        var expected: [UInt8] = []
        if let range = index.keyRange(record) {
          JSONCanonicalKey.append(buffer, range: range, to: &expected)
        }
        let made = index.canonicalKeys[
          Int(index.canonicalKeyStarts[record])..<Int(index.canonicalKeyStarts[record + 1])]
        #expect(Array(made) == expected)
      }
    }
    var ab: [UInt8] = []
    JSONCanonicalKey.append(.string(JSONString(utf8: Array("ab".utf8))), to: &ab)
    #expect(Array(index.canonicalKeys[0..<Int(index.canonicalKeyStarts[1])]) == ab)
    #expect(index.canonicalKeyStarts[1] == index.canonicalKeyStarts[2])
  }

  @Test func scanningWithoutAKeyNotesNone() throws {
    let index = try JSONCollectionScanner.scan(Array(#"[{"id": 1}]"#.utf8), as: .jsonArray)
    #expect(!index.capturesKeys && index.keyOffsets.isEmpty)
  }
}
