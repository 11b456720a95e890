import TestSupport
import Testing

@testable import ColdiffFormats

/// The CSV index around the edges of its sixteen-byte blocks: on seeded
/// random tables whose rows are known by construction (quoted fields with
/// delimiters, doubled quotes and line breaks, unquoted fields with quotes
/// inside, non-ASCII text, LF and CRLF), the index finds every row's start
/// and line, and the field reader every field's end; a byte planted at
/// every offset of a field, shifted to every alignment, is accepted or
/// rejected where it was planted, with rows after it or not.
@Suite struct CSVScanBoundaryTests {
  /// A random table, its bytes and where each row starts and on which
  /// line.
  private struct Table {
    var bytes: [UInt8] = []
    var rowStarts: [UInt32] = []
    var rowLines: [UInt32] = []
    /// Where each field is, quotes included.
    var fields: [Range<Int>] = []
  }

  private static let pieces: [[UInt8]] = [
    Array("a".utf8), Array("b".utf8), Array(" ".utf8), Array("é".utf8), Array("€".utf8),
    Array("😀".utf8), Array("xyz".utf8), Array("0123456789abcdef".utf8),
  ]

  private static func randomField(
    _ delimiter: UInt8, _ generator: inout SeededGenerator, lines: inout UInt32
  ) -> [UInt8] {
    var text: [UInt8] = []
    let quoted = Bool.random(using: &generator)
    for _ in 0..<Int.random(in: 0..<8, using: &generator) {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0 where quoted: text += [UInt8(ascii: "\""), UInt8(ascii: "\"")]
      case 1 where quoted: text.append(delimiter)
      case 2 where quoted:
        text += Bool.random(using: &generator) ? [0x0A] : [0x0D, 0x0A]
        lines += 1
      case 3 where quoted: text.append(0x0D)
      case 0 where !text.isEmpty: text.append(UInt8(ascii: "\""))
      default: text += pieces.randomElement(using: &generator)!
      }
    }
    return quoted ? [UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")] : text
  }

  private static func randomTable(_ delimiter: UInt8, _ generator: inout SeededGenerator) -> Table {
    var table = Table()
    var line: UInt32 = 1
    let columns = Int.random(in: 1...5, using: &generator)
    for _ in 0..<Int.random(in: 1...12, using: &generator) {
      table.rowStarts.append(UInt32(table.bytes.count))
      table.rowLines.append(line)
      var row: [UInt8] = []
      var fieldLines: UInt32 = 0
      for column in 0..<columns {
        if column > 0 { row.append(delimiter) }
        var field = randomField(delimiter, &generator, lines: &fieldLines)
        // A one-column row must not be blank (a blank line is an error).
        if columns == 1 && field.isEmpty { field = Array("z".utf8) }
        let start = table.bytes.count + row.count
        table.fields.append(start..<(start + field.count))
        row += field
      }
      table.bytes += row + (Bool.random(using: &generator) ? [0x0A] : [0x0D, 0x0A])
      line += fieldLines + 1
    }
    // The final line ending is optional.
    if Bool.random(using: &generator) {
      table.bytes.removeLast(
        table.bytes.last == 0x0A && table.bytes.dropLast().last == 0x0D ? 2 : 1)
    }
    return table
  }

  private func index(_ bytes: [UInt8], _ delimiter: UInt8 = UInt8(ascii: ",")) throws(InputError)
    -> CSVIndex
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(InputError) -> CSVIndex in
      try CSVIndex(scanning: buffer, delimiter: delimiter)
    }
  }

  @Test(arguments: [UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: ";")])
  func randomTablesAreIndexedRowByRow(delimiter: UInt8) throws {
    var generator = SeededGenerator(seed: 1_700 + UInt64(delimiter))
    for _ in 0..<400 {
      let table = Self.randomTable(delimiter, &generator)
      let found = try index(table.bytes, delimiter)
      #expect(found.lineStarts == table.rowStarts, "\(table.bytes)")
      let lines = found.lineStarts.indices.map { UInt32(found.lineNumber(ofLine: $0)) }
      #expect(lines == table.rowLines, "\(table.bytes)")
      // The lines are written out only when some row is not on the line
      // after the row before it.
      let plain = table.rowLines.enumerated().allSatisfy { $0.element == $0.offset + 1 }
      #expect(found.lineNumbers.isEmpty == plain, "\(table.bytes)")
      table.bytes.withUnsafeBufferPointer { bytes in
        for field in table.fields {
          #expect(
            CSVTable.fieldEnd(bytes, from: field.lowerBound, delimiter: delimiter)
              == field.upperBound, "field \(field) of \(table.bytes)")
        }
      }
    }
  }

  /// `id,text\n1,PREFIX FIELD\n`: the second row's field holds `plant` at
  /// `offset` of 40 plain bytes, after `shift` bytes of padding; quoted
  /// when `quoted`; with two long rows after it when `followed` (so that
  /// the row is read sixteen bytes at a time where it can be,
  /// `CSVBlockRow`).
  private static func table(
    shift: Int, plant: [UInt8], at offset: Int, quoted: Bool, followed: Bool
  ) -> (bytes: [UInt8], plantStart: Int) {
    var bytes = Array("id,text\n".utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: shift + 1)
    bytes.append(UInt8(ascii: ","))
    if quoted { bytes.append(UInt8(ascii: "\"")) }
    var field = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
    field.replaceSubrange(offset..<(offset + plant.count), with: plant)
    let plantStart = bytes.count + offset
    bytes += field
    if quoted { bytes.append(UInt8(ascii: "\"")) }
    bytes.append(0x0A)
    if followed { bytes += Array("2,a longer row than a block of sixteen bytes\n".utf8) }
    if followed { bytes += Array("3,\"and a quoted one, also longer\"\n".utf8) }
    return (bytes, plantStart)
  }

  private func error(_ bytes: [UInt8]) -> InputError? {
    do {
      _ = try index(bytes)
      return nil
    } catch { return error }
  }

  private func located(_ message: String, _ bytes: [UInt8], _ offset: Int) -> InputError {
    bytes.withUnsafeBufferPointer { InputError(message, offset: offset, in: $0) }
  }

  @Test func aByteAtEveryOffsetAndAlignment() {
    let carriageReturn =
      "a carriage return outside quotes must be followed by a line feed "
      + "(lines ending in CR alone are not supported)"
    let afterQuote =
      "unexpected text after the closing quote of a field "
      + "(a `\"` inside a quoted field is written `\"\"`)"
    // The planted bytes, whether quoted, and the expected message and its
    // distance from the planted offset (`nil`: valid).
    let plants: [(bytes: [UInt8], quoted: Bool, error: (String, Int)?)] = [
      (Array("é".utf8), false, nil), (Array("😀".utf8), true, nil),
      (Array("\"".utf8), false, nil), (Array("\"\"".utf8), true, nil),
      (Array("\n".utf8), true, nil), (Array("\r\n".utf8), true, nil), (Array("\r".utf8), true, nil),
      (Array(",".utf8), true, nil),
      ([0xFF], false, ("invalid UTF-8 (byte 0xFF)", 0)),
      ([0xFF], true, ("invalid UTF-8 (byte 0xFF)", 0)),
      ([0xC3, 0x41], false, ("invalid UTF-8 (byte 0xC3)", 0)),
      ([0xE2, 0x82], true, ("invalid UTF-8 (byte 0xE2)", 0)),
      ([0x0D, 0x41], false, (carriageReturn, 0)),
      (Array("\"x".utf8), true, (afterQuote, 1)),
    ]
    for plant in plants {
      for shift in 0..<ByteClassifier.width {
        aByteAtEveryOffset(plant, shift: shift, followed: false)
        aByteAtEveryOffset(plant, shift: shift, followed: true)
      }
    }
  }

  /// One plant of ``aByteAtEveryOffsetAndAlignment()`` at every offset
  /// of its field, after `shift` bytes.
  private func aByteAtEveryOffset(
    _ plant: (bytes: [UInt8], quoted: Bool, error: (String, Int)?), shift: Int, followed: Bool
  ) {
    for offset in 0...(40 - plant.bytes.count) {
      // A quote first in an unquoted field would open a quoted one.
      if !plant.quoted && offset == 0 && plant.bytes[0] == UInt8(ascii: "\"") { continue }
      let made = Self.table(
        shift: shift, plant: plant.bytes, at: offset, quoted: plant.quoted, followed: followed)
      let expected = plant.error.map { located($0.0, made.bytes, made.plantStart + $0.1) }
      #expect(
        error(made.bytes) == expected,
        "\(plant.bytes) at \(offset), shift \(shift), quoted: \(plant.quoted), \(followed)")
    }
  }

  @Test func aQuotedFieldCutAtEveryLengthIsReportedWhereItOpens() {
    let text = Array("id,text\n1,\"0123456789abcdef\"\"0123456789, ABCDEF\n0123456789abcdef\"".utf8)
    let opening = 10
    for end in (opening + 1)..<(text.count - 1) where text[end - 1] != UInt8(ascii: "\"") {
      let cut = Array(text[0..<end])
      let expected = located(
        "this quoted field is never closed (no matching `\"` before the end of the file)", cut,
        opening)
      #expect(error(cut) == expected, "cut at \(end)")
    }
  }
}
