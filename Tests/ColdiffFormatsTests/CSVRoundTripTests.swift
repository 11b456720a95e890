import ColdiffFormats
import TestSupport
import Testing

/// Seeded random tables, written in random consistent styles by a small
/// encoder here, read back, and written again by the library.
@Suite struct CSVRoundTripTests {
  private static let pieces = [
    "", "a", "b c", " ", ",", "\"", "\n", "\r\n", "\t", "é", "😀", "x\"y", "1.50", "'",
  ]

  private struct Sample {
    var style: CSVStyle
    var header: [String]
    var rows: [[String]]
  }

  private static func sample(seed: UInt64) -> Sample {
    var random = SeededGenerator(seed: seed)
    let style = CSVStyle(
      delimiter: Bool.random(using: &random) ? CSVTable.comma : CSVTable.tab,
      lineEnding: Bool.random(using: &random) ? .lf : .crlf,
      byteOrderMark: Bool.random(using: &random),
      finalNewline: Bool.random(using: &random),
      quoting: Int.random(in: 0..<4, using: &random) == 0 ? .all : .minimal)
    let columns = Int.random(in: 1...4, using: &random)
    var header: [String] = []
    while header.count < columns {
      let name = text(&random)
      if !header.contains(name) { header.append(name) }
    }
    let rows = (0..<Int.random(in: 0...6, using: &random)).map { _ in
      (0..<columns).map { _ in text(&random) }
    }
    return Sample(style: style, header: header, rows: rows)
  }

  private static func text(_ random: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }
      .joined()
  }

  /// Writes a sample as a person following its style would.
  private static func encode(_ sample: Sample) -> [UInt8] {
    let style = sample.style
    var out: [UInt8] = style.byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
    let lines = [sample.header] + sample.rows
    for (number, line) in lines.enumerated() {
      for (column, value) in line.enumerated() {
        if column > 0 { out.append(style.delimiter) }
        let bytes = Array(value.utf8)
        let special: Set<UInt8> = [style.delimiter, UInt8(ascii: "\""), 0x0A, 0x0D]
        let quoted =
          style.quoting == .all || bytes.contains { special.contains($0) }
          || (bytes.isEmpty && line.count == 1)
        guard quoted else {
          out += bytes
          continue
        }
        out.append(UInt8(ascii: "\""))
        for byte in bytes {
          if byte == UInt8(ascii: "\"") { out.append(byte) }
          out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
      }
      if number < lines.count - 1 || style.finalNewline { out += style.lineEnding.bytes }
    }
    return out
  }

  private static func strings(_ table: CSVTable) -> [[String]] {
    (0..<table.rowCount).map { row in
      (0..<table.columnCount).map {
        String(decoding: table.field(row: row, column: $0), as: UTF8.self)
      }
    }
  }

  @Test(arguments: 0..<200)
  func randomTablesRoundTrip(seed: Int) throws {
    let sample = Self.sample(seed: UInt64(seed))
    let bytes = Self.encode(sample)
    let table = try CSVTable(bytes: bytes, delimiter: sample.style.delimiter)
    // Read what was written.
    #expect(table.header.map { String(decoding: $0, as: UTF8.self) } == sample.header)
    #expect(Self.strings(table) == sample.rows)
    // Detect the style (line ending and quoting only show where they occur).
    #expect(table.style.byteOrderMark == sample.style.byteOrderMark)
    #expect(table.style.delimiter == sample.style.delimiter)
    if !sample.rows.isEmpty { #expect(table.style.finalNewline == sample.style.finalNewline) }
    // Copy every row unchanged, then rewrite every row from its values.
    let originals = (0..<table.rowCount).map { CSVOutputRow.original($0) }
    #expect(try table.write(header: table.header, rows: originals) == bytes)
    let rewritten = (0..<table.rowCount).map { CSVOutputRow.values(table.object(ofRow: $0)) }
    let written = try table.write(header: table.header, rows: rewritten)
    if table.style == sample.style {
      #expect(written == bytes)
    }
    let reread = try CSVTable(bytes: written, delimiter: sample.style.delimiter)
    #expect(Self.strings(reread) == sample.rows)
  }

  /// Original rows in any order, runs of them in the table's order among
  /// them, are each written as the row's bytes and its own line ending
  /// (the style's when it has none, and none after the last row without
  /// a final newline), also when the output is handed on in small pieces.
  @Test(arguments: 0..<200)
  func originalRowsInAnyOrderKeepTheirBytes(seed: Int) throws {
    let sample = Self.sample(seed: UInt64(seed))
    let bytes = Self.encode(sample)
    let table = try CSVTable(bytes: bytes, delimiter: sample.style.delimiter)
    var random = SeededGenerator(seed: UInt64(seed) + 1_000)
    var order: [Int] = []
    for _ in 0..<Int.random(in: 0...4, using: &random) where table.rowCount > 0 {
      let first = Int.random(in: 0..<table.rowCount, using: &random)
      order += first..<Int.random(in: first...table.rowCount, using: &random)
    }
    let lines = order.enumerated().map { position, row -> [UInt8] in
      let ending = table.lineEnding(ofRow: row) ?? table.style.lineEnding
      let last = position == order.count - 1 && !table.style.finalNewline
      return Array(bytes[table.rowRange(row)]) + (last ? [] : ending == .lf ? [10] : [13, 10])
    }
    let header = try table.write(header: table.header, rows: [])
    let expected =
      (order.isEmpty || table.style.finalNewline
        ? header : header + (table.style.lineEnding == .lf ? [10] : [13, 10]))
      + lines.joined()
    let rows = order.map { CSVOutputRow.original($0) }
    #expect(try table.write(header: table.header, rows: rows) == expected, "\(order)")
    var pieces: [UInt8] = []
    var out: [UInt8] = []
    try table.write(header: table.header, rows: CSVOutputRows(rows), to: &out, flushingAbove: 7) {
      piece in
      pieces += piece
      piece.removeAll()
    }
    #expect(pieces + out == expected, "\(order)")
  }

  @Test func mostSamplesHaveTheirStyleDetected() {
    // The byte-for-byte rewrite above is checked for these.
    let detected = (0..<200).filter { seed in
      let sample = Self.sample(seed: UInt64(seed))
      let table = try? CSVTable(bytes: Self.encode(sample), delimiter: sample.style.delimiter)
      return table?.style == sample.style
    }
    #expect(detected.count > 100)
  }
}
