import ColdiffFormats
import Testing

@Suite struct CSVRecordTests {
  private let text = "id,name,note\r\n7,\"Ann, Jr.\",\"say \"\"hi\"\"\"\r\n9,Bob,\r\n"
  private func table() throws -> CSVTable { try CSVTable(bytes: Array(text.utf8)) }
  private func slice(_ table: CSVTable, _ range: Range<Int>) -> String {
    String(decoding: table.bytes.copy(range), as: UTF8.self)
  }

  @Test func rowRangesLeaveTheLineEndingOut() throws {
    let table = try table()
    #expect(slice(table, table.rowRange(0)) == "7,\"Ann, Jr.\",\"say \"\"hi\"\"\"")
    #expect(slice(table, table.rowRange(1)) == "9,Bob,")
    #expect(table.lineEnding(ofRow: 1) == .crlf)
    // A row's start, read from the index alone, is its range's.
    #expect((0..<table.rowCount).allSatisfy { table.rowStart($0) == table.rowRange($0).lowerBound })
  }

  @Test func rawFieldsKeepTheirQuotes() throws {
    let table = try table()
    #expect(slice(table, table.rawFieldRange(row: 0, column: 1)) == "\"Ann, Jr.\"")
    #expect(table.isQuoted(row: 0, column: 1))
    #expect(!table.isQuoted(row: 0, column: 0))
    #expect(!table.isQuoted(row: 1, column: 2))
    #expect(table.rawFieldRange(row: 1, column: 2).isEmpty)
  }

  @Test func fieldsAreDecoded() throws {
    let table = try table()
    #expect(table.field(row: 0, column: 2) == Array("say \"hi\"".utf8))
    #expect(table.field(row: 0, named: Array("name".utf8)) == Array("Ann, Jr.".utf8))
    #expect(table.field(row: 1, named: Array("id".utf8)) == Array("9".utf8))
    #expect(table.field(row: 1, named: Array("missing".utf8)) == nil)
  }

  @Test func fieldBytesAreReadInTheFileWhenUnquoted() throws {
    let table = try table()
    #expect(table.withFieldBytes(row: 0, column: 0) { Array($0) } == Array("7".utf8))
    let start = table.bytes.withUnsafeBufferPointer { $0.baseAddress! }
    #expect(
      table.withFieldBytes(row: 0, column: 0) { $0.baseAddress! - start }
        == table.rawFieldRange(row: 0, column: 0).lowerBound)
    #expect(table.withFieldBytes(row: 0, column: 1) { Array($0) } == Array("Ann, Jr.".utf8))
    for row in 0..<table.rowCount {
      for column in 0..<table.columnCount {
        #expect(
          table.withFieldBytes(row: row, column: column) { Array($0) }
            == table.field(row: row, column: column))
      }
    }
  }

  @Test func objectStringsWriteAsJSONRequires() throws {
    let table = try CSVTable(bytes: Array("k\\\n\"a\"\"\\\tb\"\n".utf8))
    let member = try #require(table.object(ofRow: 0).members.first)
    #expect(member.name.value == Array(#"k\"#.utf8))
    #expect(member.name.raw == Array(#"k\\"#.utf8))
    #expect(member.value == .string(JSONString("a\"\\\tb")))
    guard case .string(let value) = member.value else { return }
    #expect(value.raw == Array(#"a\"\\\tb"#.utf8))
    #expect(
      table.object(ofRow: 0)
        == JSONObject(members: [
          .init(name: JSONString("k\\"), value: .string(JSONString("a\"\\\tb")))
        ]))
  }

  @Test func aRowIsAnObjectOfStringsInHeaderOrder() throws {
    let table = try table()
    let object = table.object(ofRow: 0)
    #expect(object.members.map(\.name.string) == ["id", "name", "note"])
    #expect(object["id"] == .string(JSONString("7")))
    #expect(object["note"] == .string(JSONString("say \"hi\"")))
    #expect(
      table.value(ofRow: 1)
        == .object(
          JSONObject(members: [
            .init(name: JSONString("id"), value: .string(JSONString("9"))),
            .init(name: JSONString("name"), value: .string(JSONString("Bob"))),
            .init(name: JSONString("note"), value: .string(JSONString(""))),
          ])))
  }

  @Test func numbersStayStrings() throws {
    let table = try CSVTable(bytes: Array("n\n1.50\n".utf8))
    #expect(table.object(ofRow: 0)["n"] == .string(JSONString("1.50")))
    #expect(table.object(ofRow: 0)["n"] != .number(JSONNumber(text: Array("1.50".utf8))))
  }
}

@Suite struct CSVRowBoundaryTests {
  @Test func aQuotedLineBreakAtTheEndOfARowStaysInTheRow() throws {
    let table = try CSVTable(bytes: Array("a,b\n1,\"x\r\n\"\r\n2,\"\n\"".utf8))
    #expect(table.rowRange(0) == 4..<11)
    #expect(table.lineEnding(ofRow: 0) == .crlf)
    #expect(table.rowRange(1) == 13..<18)
    #expect(table.lineEnding(ofRow: 1) == nil)
    #expect(table.field(row: 1, column: 1) == [0x0A])
  }

  @Test func allRawFieldsOfARow() throws {
    let table = try CSVTable(bytes: Array("a,b,c\n\"x,\"\"\",,z\n".utf8))
    #expect(table.rawFieldRanges(ofRow: 0) == [6..<12, 13..<13, 14..<15])
    #expect(
      table.rawFieldRanges(ofRow: 0) == (0..<3).map { table.rawFieldRange(row: 0, column: $0) })
  }

  /// Empty lines at the end of a file are not records, even in a
  /// one-column table (SPEC §8.1.3); written back, they end it again.
  @Test func blankLastLinesOfAOneColumnTableAreNoRecords() throws {
    let table = try CSVTable(bytes: Array("a\n1\n\n\r\n".utf8))
    #expect(table.rowCount == 1)
    #expect(table.rowRange(0) == 2..<3)
    #expect(table.lineEnding(ofRow: 0) == .lf)
    #expect(table.recordsEnd == 4)
    let rows = (0..<table.rowCount).map { CSVOutputRow.original($0) }
    #expect(try table.write(header: table.header, rows: rows) == Array("a\n1\n\n\r\n".utf8))
  }
}
