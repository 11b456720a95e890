import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

/// A scan of NEW that takes the records it has in common with OLD whole
/// (`KnownRecords`) gives what the validating scan gives: the same index,
/// or the same first error with its line and column.
@Suite struct KnownRecordsTests {
  /// Whole inputs, then chunks of a few records.
  private static let chunkings = [
    ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 24),
    ScanChunking(threshold: 0, chunkSize: 300),
  ]

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func jsonScansWithKnownRecordsGiveTheValidatingScan(form: InputForm) {
    var random = SeededGenerator(seed: 91 + RandomCollection.seed(form))
    for round in 0..<60 {
      let old = RandomCollection.json(form, using: &random)
      var new = RandomCollection.edited(old, using: &random)
      if round % 2 == 1 { new = RandomCollection.damaged(new, using: &random) }
      // OLD in another form now and then: its records are not taken.
      let oldForm = round % 7 == 3 ? (form == .jsonLines ? .jsonArray : .jsonLines) : form
      let reference = round % 7 == 3 ? RandomCollection.json(oldForm, using: &random) : old
      for keyName in [nil, Array("id".utf8)] {
        let plain = jsonOutcome(new, form, keyName, .whole, knownFrom: nil)
        for chunking in Self.chunkings {
          #expect(
            jsonOutcome(new, form, keyName, chunking, knownFrom: (reference, oldForm)) == plain,
            "\(String(decoding: new, as: UTF8.self))")
        }
      }
    }
  }

  @Test func csvScansWithKnownRowsGiveTheValidatingScan() {
    var random = SeededGenerator(seed: 4711)
    for round in 0..<100 {
      let old = RandomCollection.longRows(RandomCollection.csv(using: &random))
      var new = RandomCollection.edited(old, using: &random)
      if round % 2 == 1 { new = RandomCollection.damaged(new, using: &random) }
      let plain = csvOutcome(new, .whole, knownFrom: nil)
      for chunking in Self.chunkings {
        #expect(
          csvOutcome(new, chunking, knownFrom: old) == plain,
          "\(String(decoding: new, as: UTF8.self))")
      }
    }
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func jsonPartnersHaveTheSameBytes(form: InputForm) {
    var random = SeededGenerator(seed: 303 + RandomCollection.seed(form))
    var taken = 0
    for _ in 0..<30 {
      let old = RandomCollection.json(form, using: &random)
      let new = RandomCollection.edited(old, using: &random)
      for chunking in Self.chunkings {
        old.withUnsafeBufferPointer { oldBuffer in
          new.withUnsafeBufferPointer { newBuffer in
            // An edit may leave NEW malformed (a comma moved with a line).
            guard
              let oldIndex = try? JSONCollectionScanner.scan(
                oldBuffer, as: form, keyName: nil, chunking: .whole),
              let plain = try? JSONCollectionScanner.scan(
                newBuffer, as: form, keyName: nil, chunking: chunking),
              let index = try? JSONCollectionScanner.scan(
                newBuffer, as: form, keyName: nil, chunking: chunking,
                known: JSONKnownRecords(bytes: oldBuffer, index: oldIndex))
            else { return }
            #expect(index == plain)
            #expect(plain.knownPartners.isEmpty)
            #expect(index.knownPartners.count == index.count)
            for (record, partner) in index.knownPartners.enumerated() where partner >= 0 {
              #expect(
                newBuffer[index.recordRange(record)].elementsEqual(
                  oldBuffer[oldIndex.recordRange(Int(partner))]))
              taken += 1
            }
          }
        }
      }
    }
    // Not vacuous: records were taken whole (88 for the array with these
    // seeds, more for the other forms).
    #expect(taken > 50)
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func recordsTakenWholeLeaveTheirCanonicalKeysToTheirPartners(form: InputForm) throws {
    let keys = [
      #""plain""#, #""k\u00e9\"""#, #""a\u0000b""#, "12.50", "-0", #"{"b": 1, "a": [true]}"#,
      #"[1, "x"]"#, "null", "true", "",
    ]
    var random = SeededGenerator(seed: 17 + RandomCollection.seed(form))
    func record(_ number: Int, _ label: String) -> String {
      let key = keys[number % keys.count]
      let filler = "\"\(label)\": \"\(String(repeating: "x", count: 30))\(number)\""
      return key.isEmpty ? "{\(filler)}" : "{\"id\": \(key), \(filler)}"
    }
    let records = (0..<40).map { record($0, "filler") }
    // NEW: OLD's records rotated (each taken whole from another
    // position), every ninth edited (validated), two swapped.
    var order = Array(7..<40) + Array(0..<7)
    order.swapAt(3, 3 + Int.random(in: 1..<30, using: &random))
    let shuffled = order.enumerated().map {
      record($0.element, $0.offset % 9 == 0 ? "edited" : "filler")
    }
    let (old, new) = (Self.collection(records, form), Self.collection(shuffled, form))
    let id = Array("id".utf8)
    var taken = 0
    try old.withUnsafeBufferPointer { oldBuffer in
      try new.withUnsafeBufferPointer { newBuffer in
        let oldIndex = try JSONCollectionScanner.scan(
          oldBuffer, as: form, keyName: id, chunking: .whole)
        let plain = try JSONCollectionScanner.scan(newBuffer, as: form, keyName: id)
        for chunking in Self.chunkings {
          let index = try JSONCollectionScanner.scan(
            newBuffer, as: form, keyName: id, chunking: chunking,
            known: JSONKnownRecords(bytes: oldBuffer, index: oldIndex))
          #expect(index == plain)
          let partnered = index.knownPartners.filter { $0 >= 0 }.count
          taken += partnered
          #expect(index.keysLeftToPartners == (partnered > 0))
          // Every key, those left to a partner copied from OLD's keys.
          let (keys, starts) = KnownMatches(index.knownPartners).keys(
            own: index.canonicalKeys, starts: index.canonicalKeyStarts,
            partners: oldIndex.canonicalKeys, starts: oldIndex.canonicalKeyStarts)
          for record in 0..<index.count {
            var expected: [UInt8] = []
            if let range = index.keyRange(record) {
              JSONCanonicalKey.append(newBuffer, range: range, to: &expected)
            }
            let made = keys[Int(starts[record])..<Int(starts[record + 1])]
            #expect(Array(made) == expected, "record \(record): \(shuffled[record])")
            // A record taken whole has none of its own.
            let own = index.ownCanonicalKey(record)
            #expect((own == nil) == (index.knownPartners[record] >= 0))
            if let own { #expect(Array(own) == expected) }
          }
        }
      }
    }
    // Not vacuous: records were taken whole (a chunk of a record or two
    // takes only those in OLD's table of every sixteenth record).
    #expect(taken > 20)
  }

  /// Records as a collection of `form`, one a line.
  private static func collection(_ records: [String], _ form: InputForm) -> [UInt8] {
    switch form {
    case .jsonLines: return Array(records.joined(separator: "\n").utf8)
    case .jsonArray: return Array(("[\n" + records.joined(separator: ",\n") + "\n]").utf8)
    default:
      let members = records.enumerated().map { "\"m\($0.offset)\": \($0.element)" }
      return Array(("{\n" + members.joined(separator: ",\n") + "\n}").utf8)
    }
  }

  @Test func csvPartnersHaveTheSameBytes() throws {
    var random = SeededGenerator(seed: 808)
    var taken = 0
    for _ in 0..<40 {
      let old = RandomCollection.longRows(RandomCollection.csv(using: &random))
      let new = RandomCollection.edited(old, using: &random)
      let oldBytes = SourceBytes(old)
      guard let oldTable = try? CSVTable(bytes: oldBytes) else { continue }
      for chunking in Self.chunkings {
        guard
          let table = oldBytes.withUnsafeBufferPointer({ oldBuffer in
            try? CSVTable(
              bytes: SourceBytes(new), delimiter: CSVTable.comma, chunking: chunking,
              known: CSVKnownRows(bytes: oldBuffer, table: oldTable))
          })
        else { continue }
        // One entry a line, the header's first.
        #expect(table.knownPartners.count == table.rowCount + 1)
        for row in 0..<table.rowCount where table.knownPartners[row + 1] > 0 {
          let partner = Int(table.knownPartners[row + 1]) - 1
          #expect(new[table.rowRange(row)] == old[oldTable.rowRange(partner)])
          taken += 1
        }
      }
    }
    #expect(taken > 100)
  }

  @Test func knownRowsUnderAnotherHeaderWidthAreStillCountedAgainstIt() {
    let row = "1,a long enough field to be taken whole,x\n"
    let old = Array(("id,name,c\n" + row + row).utf8)
    let new = Array(("id,name\n" + row).utf8)
    let outcome = csvOutcome(new, .whole, knownFrom: old)
    #expect(outcome.error?.message == "line 2 has 3 fields, the header has 2")
    #expect(outcome == csvOutcome(new, .whole, knownFrom: nil))
  }

  @Test func recordsAreFoundAfterDeletesInsertsAndMoves() {
    let lines = (0..<200).map { #"{"id": \#($0), "name": "a record long enough"}"# }
    var newLines = lines
    newLines.remove(at: 10)
    newLines.insert(#"{"id": 1000, "name": "a record not in OLD at all"}"#, at: 50)
    newLines.insert(newLines.remove(at: 150), at: 20)
    newLines.insert(#"{"id":3}"#, at: 0)
    let found = Self.found(newLines, knowing: lines)
    // What is found has the bytes; the short line and the inserted one
    // are not found, and nearly every other line is.
    for (line, record) in zip(newLines, found) where record != nil {
      #expect(lines[record!] == line)
    }
    #expect(found[0] == nil)
    #expect(found[newLines.firstIndex { $0.contains("1000") }!] == nil)
    #expect(found.count { $0 != nil } >= lines.count - 8)
  }

  @Test(arguments: [1, 2, 3])
  func theRecordsAfterDeletedOnesAreFoundWithoutTheTable(deleted: Int) {
    // Deleting up to three records leaves the next one among the four
    // after the last found; record 11 and its followers are not in the table
    // (one record in 16 is), so only that look finds them.
    let lines = (0..<40).map { #"{"id": \#($0), "name": "a record long enough"}"# }
    var newLines = lines
    newLines.removeSubrange(11..<(11 + deleted))
    let found = Self.found(newLines, knowing: lines)
    #expect(found == newLines.map { line in lines.firstIndex(of: line) })
  }

  /// What `KnownRecords.find` gives for each of `newLines` (JSON Lines),
  /// looking first after the record found last, `lines` being OLD's.
  private static func found(_ newLines: [String], knowing lines: [String]) -> [Int?] {
    let old = Array((lines.joined(separator: "\n") + "\n").utf8)
    let new = Array((newLines.joined(separator: "\n") + "\n").utf8)
    var oldStarts = RecordOffsets()
    var offset = 0
    for line in lines {
      oldStarts.append(offset)
      offset += line.utf8.count + 1
    }
    return old.withUnsafeBufferPointer { oldBuffer in
      new.withUnsafeBufferPointer { newBuffer in
        let known = KnownRecords(
          bytes: oldBuffer, starts: oldStarts, lengths: lines.map { UInt32($0.utf8.count) })
        var (hint, offset, found) = (-1, 0, [Int?]())
        for line in newLines {
          found.append(known.find(in: newBuffer, at: offset, after: hint))
          hint = found.last! ?? hint
          offset += line.utf8.count + 1
        }
        return found
      }
    }
  }

  // MARK: - Outcomes

  private struct JSONOutcome: Equatable {
    var index: JSONCollectionIndex?
    var error: InputError?
  }

  private func jsonOutcome(
    _ text: [UInt8], _ form: InputForm, _ keyName: [UInt8]?, _ chunking: ScanChunking,
    knownFrom old: (text: [UInt8], form: InputForm)?
  ) -> JSONOutcome {
    return text.withUnsafeBufferPointer { buffer in
      old?.text.withUnsafeBufferPointer { oldBuffer -> JSONOutcome in
        guard
          let oldIndex = try? JSONCollectionScanner.scan(
            oldBuffer, as: old!.form, keyName: keyName, chunking: .whole)
        else { return scan(buffer, nil) }
        return scan(buffer, JSONKnownRecords(bytes: oldBuffer, index: oldIndex))
      } ?? scan(buffer, nil)
    }
    func scan(_ buffer: UnsafeBufferPointer<UInt8>, _ known: JSONKnownRecords?) -> JSONOutcome {
      do throws(InputError) {
        let index = try JSONCollectionScanner.scan(
          buffer, as: form, keyName: keyName, chunking: chunking, known: known)
        return JSONOutcome(index: index)
      } catch {
        return JSONOutcome(error: error)
      }
    }
  }

  private struct CSVOutcome: Equatable {
    var header: [[UInt8]] = []
    var rows: [Range<Int>] = []
    var lines: [Int] = []
    var quotesEveryField = false
    var error: InputError?
  }

  private func csvOutcome(_ text: [UInt8], _ chunking: ScanChunking, knownFrom old: [UInt8]?)
    -> CSVOutcome
  {
    let oldBytes = SourceBytes(old ?? [])
    let oldTable = old.flatMap { _ in try? CSVTable(bytes: oldBytes) }
    return oldBytes.withUnsafeBufferPointer { oldBuffer in
      do throws(InputError) {
        let table = try CSVTable(
          bytes: SourceBytes(text), delimiter: CSVTable.comma, chunking: chunking,
          known: oldTable.map { CSVKnownRows(bytes: oldBuffer, table: $0) })
        return CSVOutcome(
          header: table.header, rows: (0..<table.rowCount).map(table.rowRange),
          lines: (0..<table.rowCount).map(table.line(ofRow:)),
          quotesEveryField: table.quotesEveryField)
      } catch {
        return CSVOutcome(error: error)
      }
    }
  }
}
