import TestSupport
import Testing

@testable import ColdiffFormats

/// A scan notes its records a batch at a time (`JSONRecordBatch`): an
/// input of many batches, scanned whole and in chunks that end inside
/// batches, with OLD's records taken whole, indexes every record where it
/// is, with the key and the partner it has.
@Suite struct JSONRecordBatchTests {
  /// Keys of every kind, and none (the empty one).
  private static let keys = [
    #""k""#, #""e\u00e9""#, "12.50", "-0", #"{"b": [1], "a": null}"#, "[true]", "null", "",
  ]

  /// A record of number `number` whose text depends on `edition`.
  private static func record(_ number: Int, edition: Int) -> String {
    let key = keys[number % keys.count]
    let rest = #""n": \#(number), "text": "edition \#(edition) of record \#(number)""#
    return key.isEmpty ? "{\(rest)}" : #"{"id": \#(key)\#(number % 3 == 0 ? "" : " "), \#(rest)}"#
  }

  /// `records` as a collection of `form`, with where each record is.
  private static func collection(_ records: [String], _ form: InputForm) -> ([UInt8], [Range<Int>])
  {
    var text: [UInt8] = Array((form == .jsonLines ? "" : form == .jsonArray ? "[\n" : "{\n").utf8)
    var ranges: [Range<Int>] = []
    for (position, record) in records.enumerated() {
      if position > 0 { text += Array((form == .jsonLines ? "\n" : ",\n").utf8) }
      if form == .jsonObject { text += Array("\"m\(position)\": ".utf8) }
      ranges.append(text.count..<(text.count + record.utf8.count))
      text += Array(record.utf8)
    }
    text += Array((form == .jsonLines ? "\n" : form == .jsonArray ? "\n]" : "\n}").utf8)
    return (text, ranges)
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func manyRecordsAreIndexedWhereTheyAreWithTheirKeysAndPartners(form: InputForm) throws {
    var random = SeededGenerator(seed: 4242 + RandomCollection.seed(form))
    let count = 3 * JSONRecordBatch.capacity + 77
    let oldRecords = (0..<count).map { Self.record($0, edition: 0) }
    // NEW: some records edited, deleted, inserted and moved.
    var newRecords: [String] = []
    for number in 0..<count {
      switch Int.random(in: 0..<20, using: &random) {
      case 0: continue
      case 1: newRecords.append(Self.record(number, edition: 1))
      case 2: newRecords.append(Self.record(count + number, edition: 0))
      default: newRecords.append(oldRecords[number])
      }
    }
    newRecords[10..<60].shuffle(using: &random)
    let (old, _) = Self.collection(oldRecords, form)
    let (new, ranges) = Self.collection(newRecords, form)
    let id = Array("id".utf8)
    let path = JSONKeyPath(segments: [id])
    let chunkings = [
      ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 3000),
      ScanChunking(threshold: 0, chunkSize: 20000),
    ]
    try old.withUnsafeBufferPointer { oldBuffer in
      try new.withUnsafeBufferPointer { newBuffer in
        let oldIndex = try JSONCollectionScanner.scan(
          oldBuffer, as: form, keyName: id, chunking: .whole)
        #expect(oldIndex.count == count)
        for chunking in chunkings {
          let index = try JSONCollectionScanner.scan(
            newBuffer, as: form, keyName: id, chunking: chunking,
            known: JSONKnownRecords(bytes: oldBuffer, index: oldIndex))
          #expect((0..<index.count).map(index.recordRange) == ranges)
          #expect(index.knownPartners.count == ranges.count)
          #expect(index.canonicalKeyStarts.count == ranges.count + 1)
          var taken = 0
          for (record, range) in ranges.enumerated() where record < index.count {
            let key = path.valueRange(in: newBuffer, record: range)
            #expect(index.keyRange(record) == key)
            var canonical: [UInt8] = []
            if let key { JSONCanonicalKey.append(newBuffer, range: key, to: &canonical) }
            let partner = Int(index.knownPartners[record])
            // A record taken whole leaves its key to its partner's.
            let made =
              partner >= 0
              ? oldIndex.ownCanonicalKey(partner).map(Array.init)
              : index.ownCanonicalKey(record).map(Array.init)
            #expect(made == canonical)
            #expect((index.ownCanonicalKey(record) == nil) == (partner >= 0))
            if partner >= 0 {
              #expect(newBuffer[range].elementsEqual(oldBuffer[oldIndex.recordRange(partner)]))
              taken += 1
            }
          }
          // Not vacuous: most records were taken whole.
          #expect(taken > count / 2)
        }
      }
    }
  }
}
