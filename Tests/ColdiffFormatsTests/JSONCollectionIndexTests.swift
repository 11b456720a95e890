import ColdiffFormats
import Testing

/// The index's 32-bit lengths and key offsets, relative to each record's
/// start.
@Suite struct JSONCollectionIndexTests {
  private static let id = Array("id".utf8)
  private static let noKey = JSONCollectionIndex.noKey

  @Test func keyOffsetsAndLengthsAreFromTheRecordStart() throws {
    let text = "  {\"a\": 1, \"id\": \"xy\"}\n{\"b\": 2}\n\t{\"id\": \"\"}\n[1]\n"
    let bytes = Array(text.utf8)
    let index = try JSONCollectionScanner.scan(bytes, as: .jsonLines, keyName: Self.id)
    #expect(Array(index.recordStarts) == [2, 23, 33, 44])
    #expect(index.recordLengths == [20, 8, 10, 3])
    #expect(index.keyOffsets == [15, Self.noKey, 7, Self.noKey])
    #expect(index.keyLengths == [4, 0, 2, 0])
    #expect(index.keyRange(0) == 17..<21)
    #expect(index.keyRange(1) == nil)
    #expect(index.keyRange(2).map { String(decoding: bytes[$0], as: UTF8.self) } == #""""#)
    #expect(index.recordRange(3) == 44..<47)
    #expect(index.firstRecordWithoutKey == 1)
    #expect(!index.everyRecordHasKey)
  }

  @Test func anIndexWithoutRecordsHasEveryKey() throws {
    let empty: [(String, InputForm)] = [
      ("", .jsonLines), ("\n \n", .jsonLines), ("[]", .jsonArray), ("{}", .jsonObject),
    ]
    for (text, form) in empty {
      let index = try JSONCollectionScanner.scan(Array(text.utf8), as: form, keyName: Self.id)
      #expect(index.count == 0 && index.recordLengths.isEmpty && index.keyOffsets.isEmpty)
      #expect(index.everyRecordHasKey && index.firstRecordWithoutKey == nil)
      #expect(index.canonicalKeyStarts == [0])
    }
  }

  @Test func anObjectsEntriesRunFromTheNameToTheValuesEnd() throws {
    let bytes = Array(#"{"a": [1, 2], "b":{"id":3}}"#.utf8)
    let index = try JSONCollectionScanner.scan(bytes, as: .jsonObject, keyName: Self.id)
    #expect(index.recordLengths == [6, 8])
    #expect(index.entryRange(0) == 1..<12)
    #expect(index.entryRange(1) == 14..<26)
    #expect(index.keyOffsets == [Self.noKey, 6] && index.keyLengths == [0, 1])
  }

  @Test(arguments: [24, 64, 300])
  func scansInManyChunksGiveTheWholeScansLengthsAndKeys(chunkSize: Int) throws {
    var lines: [String] = []
    for record in 0..<600 {
      let padding = String(repeating: " ", count: record % 3)
      switch record % 5 {
      case 0: lines.append(padding + #"{"v": \#(record)}"#)
      case 1: lines.append(padding + #"{"id": ""}"#)
      default: lines.append(padding + #"{"w": [\#(record)], "id": "k\#(record)"}"#)
      }
    }
    let bytes = Array(lines.joined(separator: "\n").utf8)
    let (whole, chunked) = try bytes.withUnsafeBufferPointer { buffer in
      (
        try JSONCollectionScanner.scan(
          buffer, as: .jsonLines, keyName: Self.id, chunking: .whole),
        try JSONCollectionScanner.scan(
          buffer, as: .jsonLines, keyName: Self.id,
          chunking: ScanChunking(threshold: 0, chunkSize: chunkSize))
      )
    }
    #expect(whole.count == 600)
    #expect(chunked.recordLengths == whole.recordLengths)
    #expect(chunked.keyOffsets == whole.keyOffsets)
    #expect(chunked.keyLengths == whole.keyLengths)
    #expect(chunked.canonicalKeyStarts == whole.canonicalKeyStarts)
    #expect(chunked == whole)
    #expect(chunked.keyOffsets.count { $0 == Self.noKey } == 120)
    #expect(chunked.keyRange(599).map { String(decoding: bytes[$0], as: UTF8.self) } == "\"k599\"")
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray])
  func eachRecordsCanonicalKeyIsItsKeysCanonicalBytes(form: InputForm) throws {
    // Short plain strings (kept in the scan's batch), and around them
    // every key the batch leaves: an escape, seventeen bytes, a number,
    // an object; many records (more key bytes than a batch holds), and
    // the last keys within sixteen bytes of the end.
    let keys = [
      #""k""#, #""""#, #""sixteen bytes 16""#, #""seventeen bytes17""#, #""a\"b""#,
      #""caf\u00e9""#, #""día""#, "12.50", "true", #"{"b": [1]}"#, #""tab\t""#,
    ]
    var records = (0..<900).map { #"{"id": \#(keys[$0 % keys.count]), "n": \#($0)}"# }
    records += [#"{"id":"z"}"#, #"{"id":"\\"}"#, #"{"id":"end"}"#]
    let joined = records.joined(separator: form == .jsonLines ? "\n" : ",")
    let text = form == .jsonLines ? joined : "[" + joined + "]"
    let bytes = Array(text.utf8)
    let index = try JSONCollectionScanner.scan(bytes, as: form, keyName: Self.id)
    #expect(index.count == records.count)
    try bytes.withUnsafeBufferPointer { buffer in
      for record in 0..<index.count {
        let range = try #require(index.keyRange(record))
        var expected: [UInt8] = []
        JSONCanonicalKey.append(buffer, range: range, to: &expected)
        #expect(index.ownCanonicalKey(record).map(Array.init) == expected, "record \(record)")
      }
    }
  }

  @Test func recordLengthsUnder4GiBAreKeptWhole() {
    #expect(JSONCollectionIndex.lengthInRecord(0) == 0)
    #expect(JSONCollectionIndex.lengthInRecord(Int(UInt32.max)) == UInt32.max)
  }

  @Test func aRecordOf4GiBStopsTheScan() async {
    await #expect(processExitsWith: .failure) {
      _ = JSONCollectionIndex.lengthInRecord(Int(UInt32.max) + 1)
    }
    await #expect(processExitsWith: .failure) {
      _ = JSONCollectionIndex.lengthInRecord(1 << 40)
    }
  }

  @Test func knownRecordsOf4GiBAreNeverTaken() {
    #expect(KnownRecords.storedLength(0) == 0)
    #expect(KnownRecords.storedLength(Int(UInt32.max)) == UInt32.max)
    #expect(KnownRecords.storedLength(Int(UInt32.max) + 1) == 0)
  }
}
