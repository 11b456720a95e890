import TestSupport
import Testing

@testable import ColdiffFormats

/// The row reader that works sixteen bytes at a time (`CSVBlockRow`):
/// every row it takes is read as the rules read it (fields, end, line
/// feeds in quotes, key field), on seeded tables of long rows with quoted
/// fields, doubled quotes, line breaks in quotes, non-ASCII text, LF and
/// CRLF; a damaged row is never taken (the byte scan reads it, with its
/// error); and the index is the same in chunks cut at every offset.
@Suite struct CSVBlockRowTests {
  /// A row as a plain reading of the rules finds it.
  private struct Reading: Equatable {
    var fields: [Range<Int>] = []
    var contentEnd = 0
    var next = 0
    var quoted = 0
    var lineFeeds = 0
  }

  private static let quote = UInt8(ascii: "\"")

  /// The row at `start` read byte by byte as SPEC §7.13 says, or `nil`
  /// when it is not valid (or is the last, without a line ending).
  private static func reading(_ bytes: [UInt8], at start: Int, delimiter: UInt8) -> Reading? {
    var row = Reading()
    var index = start
    while true {
      let fieldStart = index
      if index < bytes.count, bytes[index] == quote {
        row.quoted += 1
        index += 1
        while true {
          guard index < bytes.count else { return nil }
          if bytes[index] == quote {
            index += 1
            guard index < bytes.count, bytes[index] == quote else { break }
          } else if bytes[index] == 0x0A {
            row.lineFeeds += 1
          }
          index += 1
        }
      } else {
        while index < bytes.count, ![delimiter, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
      }
      row.fields.append(fieldStart..<index)
      guard index < bytes.count else { return nil }
      if bytes[index] == delimiter {
        index += 1
        continue
      }
      row.contentEnd = index
      if bytes[index] == 0x0D {
        index += 1
        guard index < bytes.count, bytes[index] == 0x0A else { return nil }
      }
      row.next = index + 1
      guard String(validating: bytes[start..<row.next], as: UTF8.self) != nil else { return nil }
      return row
    }
  }

  /// A table of long rows (a quarter of them quoted fields with the
  /// delimiter, `""`, LF or CRLF inside; a `"` inside an unquoted field
  /// now and then), `columns` wide, LF or CRLF line endings.
  private static func table(
    columns: Int, rows: Int, delimiter: UInt8, using random: inout SeededGenerator
  ) -> [UInt8] {
    let pieces = ["plain text ", "é", "€uro", "😀", "0123456789", "", " ", "x"]
    let inQuotes = ["\"\"", String(UnicodeScalar(delimiter)), "\n", "\r\n", "\r"]
    let ending = Bool.random(using: &random) ? "\n" : "\r\n"
    var text = ""
    for _ in 0..<rows {
      var fields: [String] = []
      for _ in 0..<columns {
        var field = ""
        let quoted = Int.random(in: 0..<4, using: &random) == 0
        for _ in 0..<Int.random(in: 0..<6, using: &random) {
          field += pieces.randomElement(using: &random)!
          if quoted, Bool.random(using: &random) {
            field += inQuotes.randomElement(using: &random)!
          }
        }
        if !quoted, !field.isEmpty, Int.random(in: 0..<40, using: &random) == 0 { field += "\"" }
        fields.append(quoted ? "\"" + field + "\"" : field)
      }
      text += fields.joined(separator: String(UnicodeScalar(delimiter))) + ending
    }
    return Array(text.utf8)
  }

  /// Reads every row of `bytes` from its start while the rules find
  /// them; each row the block reader takes (with a random key column)
  /// must read the same. Returns the rows and how many it took.
  private static func check(
    _ bytes: [UInt8], delimiter: UInt8, using random: inout SeededGenerator
  ) -> (rows: Int, taken: Int) {
    var (start, rows, taken) = (0, 0, 0)
    bytes.withUnsafeBufferPointer { buffer in
      while start < bytes.count {
        let expected = reading(bytes, at: start, delimiter: delimiter)
        let keyColumn = Int.random(in: -1..<4, using: &random)
        let found = CSVBlockRow.read(
          buffer, at: start, delimiter: delimiter,
          delimiterBlock: SIMD16(repeating: delimiter), keyColumn: keyColumn)
        guard let expected else {
          #expect(found == nil, "a row not valid at \(start) of \(bytes)")
          return
        }
        rows += 1
        if let found {
          taken += 1
          #expect(found.contentEnd == expected.contentEnd)
          #expect(found.next == expected.next)
          #expect(found.fields == expected.fields.count)
          #expect(found.quotedFields == expected.quoted)
          #expect(found.quotedLineFeeds == expected.lineFeeds)
          if keyColumn >= 0, keyColumn < expected.fields.count {
            #expect(found.key == expected.fields[keyColumn], "key \(keyColumn) at \(start)")
          }
        }
        start = expected.next
      }
    }
    return (rows, taken)
  }

  @Test(arguments: [CSVTable.comma, CSVTable.tab])
  func rowsTakenAreReadAsTheRulesReadThem(delimiter: UInt8) {
    var random = SeededGenerator(seed: 8_017 + UInt64(delimiter))
    var (rows, taken) = (0, 0)
    for _ in 0..<150 {
      let bytes = Self.table(
        columns: Int.random(in: 1...8, using: &random), rows: 12, delimiter: delimiter,
        using: &random)
      let counted = Self.check(bytes, delimiter: delimiter, using: &random)
      rows += counted.rows
      taken += counted.taken
    }
    // The reader takes many rows (not the last ones, nor those with a
    // quote inside an unquoted field or a quoted key field, a quarter of
    // the fields being quoted here).
    #expect(rows > 1_500)
    #expect(taken * 3 > rows, "\(taken) of \(rows)")
  }

  @Test func damagedRowsAreNeverTaken() {
    var random = SeededGenerator(seed: 4_242)
    let plants: [[UInt8]] = [[Self.quote], [0x0D], [0x0A], [0xFF], [0xC3], [0xE2, 0x82], [0x2C]]
    var rows = 0
    for _ in 0..<6 {
      let bytes = Self.table(columns: 4, rows: 4, delimiter: CSVTable.comma, using: &random)
      for offset in 0..<bytes.count {
        for plant in plants {
          var damaged = bytes
          if Bool.random(using: &random) {
            damaged.replaceSubrange(offset..<min(offset + plant.count, bytes.count), with: plant)
          } else {
            damaged.insert(contentsOf: plant, at: offset)
          }
          rows += Self.check(damaged, delimiter: CSVTable.comma, using: &random).rows
        }
      }
    }
    #expect(rows > 10_000)
  }

  /// A row whose block ends the input with a CR in its last lane (no line
  /// feed after it) is left to the byte scan, and nothing past the
  /// input's end is read (a fuzzer found that read).
  @Test func aCarriageReturnEndingTheInputAtABlocksLastLaneIsNotTaken() {
    for length in [16, 32, 48] {
      for keyColumn in [-1, 0, 1] {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: length - 3) + Array("a,\r".utf8)
        let found = bytes.withUnsafeBufferPointer { buffer in
          CSVBlockRow.read(
            buffer, at: 0, delimiter: CSVTable.comma,
            delimiterBlock: SIMD16(repeating: CSVTable.comma), keyColumn: keyColumn)
        }
        #expect(found == nil, "\(length) bytes, key column \(keyColumn)")
      }
    }
  }

  @Test(arguments: [CSVTable.comma, CSVTable.tab])
  func chunksCutAtEveryOffsetIndexAsTheWholeDoes(delimiter: UInt8) throws {
    var random = SeededGenerator(seed: 77 + UInt64(delimiter))
    for round in 0..<8 {
      var bytes = Self.table(columns: 3, rows: 10, delimiter: delimiter, using: &random)
      if round % 2 == 1 { bytes = RandomCollection.damaged(bytes, using: &random) }
      let whole = Result { () throws(InputError) in try Self.index(bytes, delimiter, .whole) }
      for size in 1...80 {
        let chunked = Result { () throws(InputError) in
          try Self.index(bytes, delimiter, ScanChunking(threshold: 0, chunkSize: size))
        }
        switch (whole, chunked) {
        case (.success(let whole), .success(let chunked)):
          #expect(chunked.lineStarts == whole.lineStarts, "chunks of \(size)")
          #expect(chunked.lineNumbers == whole.lineNumbers, "chunks of \(size)")
          #expect(chunked.canonicalKeys == whole.canonicalKeys, "chunks of \(size)")
          #expect(chunked.canonicalKeyEnds == whole.canonicalKeyEnds, "chunks of \(size)")
          #expect(chunked.quotesEveryField == whole.quotesEveryField, "chunks of \(size)")
        case (.failure(let whole), .failure(let chunked)):
          #expect(chunked == whole, "chunks of \(size)")
        default:
          Issue.record("chunks of \(size) and the whole disagree: \(bytes)")
        }
      }
    }
  }

  /// The index of `bytes` with the second column's keys.
  private static func index(_ bytes: [UInt8], _ delimiter: UInt8, _ chunking: ScanChunking)
    throws(InputError) -> CSVIndex
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(InputError) -> CSVIndex in
      try CSVIndex(scanning: buffer, delimiter: delimiter, chunking: chunking, keyColumn: 1)
    }
  }
}
