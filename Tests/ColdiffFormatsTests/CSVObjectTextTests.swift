import Foundation
import TestSupport
import Testing

@testable import ColdiffFormats

/// A CSV row's object text, written straight from its fields, is the
/// bytes its value (an object of strings) is written as in a document;
/// so is each field's string text.
@Suite struct CSVObjectTextTests {
  private static func expectSameText(_ table: CSVTable) {
    for row in 0..<table.rowCount {
      var written: [UInt8] = []
      table.value(ofRow: row).writeInline(to: &written)
      let text = table.objectText(ofRow: row)
      #expect(
        text == written,
        "row \(row): \(String(decoding: text, as: UTF8.self)) against \(String(decoding: written, as: UTF8.self))"
      )
      // Appended after what a list holds already.
      var list = Array("[7, ".utf8)
      table.appendObjectText(ofRow: row, to: &list)
      #expect(list == Array("[7, ".utf8) + written, "row \(row) appended")
      // Each field as a JSON string, as its decoded value is written.
      for column in 0..<table.columnCount {
        var string: [UInt8] = []
        JSONWriter.write(JSONString(utf8: table.field(row: row, column: column)), to: &string)
        var appended = Array("[".utf8)
        table.appendStringText(row: row, column: column, to: &appended)
        #expect(appended == Array("[".utf8) + string, "row \(row), column \(column)")
      }
    }
  }

  @Test func quotedEscapedAndEmptyFields() throws {
    let text =
      "id,\"na\"\"me\",k\\\r\n7,\"Ann, \"\"Jr.\"\"\",\"a\\\tb\"\r\n\"\",,\"\"\"\"\r\n9,é\u{1},\"x\ny\"\n"
    let table = try CSVTable(bytes: Array(text.utf8))
    #expect(table.rowCount == 3)
    Self.expectSameText(table)
    #expect(
      String(decoding: table.objectText(ofRow: 0), as: UTF8.self)
        == #"{"id": "7", "na\"me": "Ann, \"Jr.\"", "k\\": "a\\\tb"}"#)
  }

  @Test func theSpectrumFiles() throws {
    let folder = try ProjectPaths.sharedTestdata("csv-spectrum").appendingPathComponent("csvs")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".csv") }
    #expect(names.count >= 12)
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
      Self.expectSameText(try CSVTable(bytes: bytes))
    }
  }

  /// Fields longer than a block, with the bytes that need an escape at
  /// each place around the blocks' edges, in CSV and TSV, the last field
  /// of the input without a line ending (read byte by byte).
  @Test(arguments: [UInt8(ascii: ","), CSVTable.tab])
  func longFieldsAcrossBlocks(delimiter: UInt8) throws {
    let separator = String(UnicodeScalar(delimiter))
    var lines = ["a\(separator)b\(separator)c"]
    for place in 0..<40 {
      for special in ["\"", "\\", "\u{1}", "\u{1f}", "\t", "é", "\n"] {
        let filler = String(repeating: "x", count: place)
        let value = filler + special + String(repeating: "y", count: 40 - place)
        let needsQuotes = special == "\"" || special == "\n" || special == separator
        let field = needsQuotes ? RandomCSVField.quoted(value) : value
        lines.append([field, RandomCSVField.quoted(value), filler].joined(separator: separator))
      }
    }
    let table = try CSVTable(
      bytes: Array(lines.joined(separator: "\n").utf8), delimiter: delimiter)
    #expect(table.rowCount == 280)
    Self.expectSameText(table)
  }

  @Test(arguments: 0..<20)
  func seededTables(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    let pieces = ["a", "Zé", "\"", "\\", "\t", "\u{7}", ",", "\n", "\r\n", " ", "😀", ""]
    let columns = Int.random(in: 1...5, using: &random)
    func field() -> String {
      RandomCSVField.make(from: pieces, maximumPieces: 4, columns: columns, using: &random)
    }
    var header = (0..<columns).map { "c\($0)\(pieces.randomElement(using: &random)!)" }
    header = header.map(RandomCSVField.quoted)
    var lines = [header.joined(separator: ",")]
    for _ in 0..<Int.random(in: 1...30, using: &random) {
      lines.append((0..<columns).map { _ in field() }.joined(separator: ","))
    }
    let table = try CSVTable(bytes: Array((lines.joined(separator: "\r\n") + "\n").utf8))
    Self.expectSameText(table)
  }
}
