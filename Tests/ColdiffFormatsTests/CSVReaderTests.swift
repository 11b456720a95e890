import ColdiffFormats
import Testing

@Suite struct CSVReaderTests {
  private func read(_ text: String, delimiter: UInt8 = CSVTable.comma) throws -> CSVTable {
    try CSVTable(bytes: Array(text.utf8), delimiter: delimiter)
  }

  private func values(_ table: CSVTable) -> [[String]] {
    (0..<table.rowCount).map { row in
      (0..<table.columnCount).map {
        String(decoding: table.field(row: row, column: $0), as: UTF8.self)
      }
    }
  }

  private func names(_ table: CSVTable) -> [String] {
    table.header.map { String(decoding: $0, as: UTF8.self) }
  }

  private func error(_ text: String, delimiter: UInt8 = CSVTable.comma) -> InputError? {
    do {
      _ = try read(text, delimiter: delimiter)
      return nil
    } catch {
      return error as? InputError
    }
  }

  @Test func zeroBytesIsAnEmptyTable() throws {
    let table = try read("")
    #expect(table.columnCount == 0)
    #expect(table.rowCount == 0)
    #expect(!table.hasByteOrderMark)
  }

  @Test func aByteOrderMarkAloneIsAnEmptyTable() throws {
    let table = try CSVTable(bytes: [0xEF, 0xBB, 0xBF])
    #expect(table.columnCount == 0)
    #expect(table.rowCount == 0)
    #expect(table.hasByteOrderMark)
  }

  @Test(arguments: ["a,b", "a,b\n", "a,b\r\n"])
  func aHeaderAloneHasNoRecords(text: String) throws {
    let table = try read(text)
    #expect(names(table) == ["a", "b"])
    #expect(table.rowCount == 0)
  }

  @Test func quotedFieldsKeepDelimitersQuotesAndLineBreaks() throws {
    let table = try read("a,b\n\"x,y\",\"say \"\"hi\"\"\"\n\"1\r\n2\",\"\"\n")
    #expect(values(table) == [["x,y", "say \"hi\""], ["1\r\n2", ""]])
  }

  @Test func aQuoteInsideAnUnquotedFieldIsAnOrdinaryCharacter() throws {
    let table = try read("a,b\n5'11\",x\"y\"\n")
    #expect(values(table) == [["5'11\"", "x\"y\""]])
    #expect(!table.isQuoted(row: 0, column: 0))
  }

  @Test func spacesArePartOfAField() throws {
    let table = try read("a,b\n x , \"y\"\n")
    #expect(values(table) == [[" x ", " \"y\""]])
  }

  @Test func crlfAndLfMayMix() throws {
    let table = try read("a,b\r\n1,2\n3,4\r\n")
    #expect(values(table) == [["1", "2"], ["3", "4"]])
  }

  @Test func theByteOrderMarkIsNotPartOfTheFirstName() throws {
    let table = try CSVTable(bytes: [0xEF, 0xBB, 0xBF] + Array("id,name\n1,x\n".utf8))
    #expect(table.hasByteOrderMark)
    #expect(names(table) == ["id", "name"])
    #expect(table.column(named: Array("id".utf8)) == 0)
  }

  @Test func emptyFieldsAtTheEndOfALine() throws {
    let table = try read("a,b,c\n1,,\n,,\n")
    #expect(values(table) == [["1", "", ""], ["", "", ""]])
  }

  @Test func aLastLineWithoutLineEnding() throws {
    let table = try read("a,b\n1,2\n3,")
    #expect(values(table) == [["1", "2"], ["3", ""]])
  }

  @Test func tsvQuotesAsCSVDoes() throws {
    let table = try read("a\tb\n\"x\ty\"\t\"q\"\"\"\n1,2\t3\n", delimiter: CSVTable.tab)
    #expect(values(table) == [["x\ty", "q\""], ["1,2", "3"]])
  }

  @Test func aOneColumnTableReadsBlankLinesAsEmptyValues() throws {
    let table = try read("a\n\n\"\"\nx\n")
    #expect(values(table) == [[""], [""], ["x"]])
  }

  @Test func multiByteCharactersAreKept() throws {
    let table = try read("név,ʤ\né,😀\n")
    #expect(names(table) == ["név", "ʤ"])
    #expect(values(table) == [["é", "😀"]])
  }

  @Test func aRowWithTooManyFieldsNamesItsLine() throws {
    let error = try #require(self.error("a,b,c,d,e\n1,2,3,4,5\n\"x\ny\",2,3,4,5\n1,2,3,4\n"))
    #expect(error.message == "line 5 has 4 fields, the header has 5")
    #expect(error.line == 5)
  }

  @Test func aRowWithOneFieldTooFew() throws {
    let error = try #require(self.error("a\n1,2\n"))
    #expect(error.message == "line 2 has 2 fields, the header has 1")
    #expect(error.line == 2)
  }

  @Test func aBlankLineInAWideTableIsNamed() throws {
    let error = try #require(self.error("a,b\n1,2\n\n3,4\n"))
    #expect(error.message == "line 3 is empty, the header has 2 fields")
    #expect(error.line == 3)
  }

  @Test func anUnclosedQuoteIsReportedWhereItOpens() throws {
    let error = try #require(self.error("a,b\n1,2\n3,\"abc\n4,5\n"))
    #expect(error.message.contains("never closed"))
    #expect(error.line == 3)
    #expect(error.column == 3)
  }

  @Test func textAfterAClosingQuoteIsAnError() throws {
    let error = try #require(self.error("a,b\n1,\"ab\"c\n"))
    #expect(error.message.contains("after the closing quote"))
    #expect(error.line == 2)
    #expect(error.column == 7)
  }

  @Test func aLoneCarriageReturnIsAnError() throws {
    let error = try #require(self.error("a,b\r1,2\r"))
    #expect(error.message.contains("carriage return"))
    #expect(error.line == 1)
    #expect(error.column == 4)
  }

  @Test(
    arguments: [
      ([0xFF], 3), ([0xC0, 0x80], 3), ([0xE0, 0x80, 0x80], 3), ([0xED, 0xA0, 0x80], 3),
      ([0xF4, 0x90, 0x80, 0x80], 3), ([0xC3], 3), ([0xE2, 0x82], 3),
    ] as [([UInt8], Int)])
  func invalidUTF8IsAnErrorWithItsPosition(bad: [UInt8], column: Int) throws {
    for quoted in [false, true] {
      let quote: [UInt8] = quoted ? [UInt8(ascii: "\"")] : []
      let bytes = Array("a,b\né,".utf8) + quote + bad + quote + [0x0A]
      #expect {
        try CSVTable(bytes: bytes)
      } throws: { error in
        guard let error = error as? InputError else { return false }
        return error.message.hasPrefix("invalid UTF-8") && error.line == 2
          && error.column == column + quote.count
      }
    }
  }

  @Test func duplicateColumnNamesAreAnError() throws {
    let error = try #require(self.error("id,name,\"id\"\n1,x,2\n"))
    #expect(error.message == "column 3 has the same name as column 1: \"id\"")
    #expect(error.line == 1)
    #expect(error.column == 9)
  }

  @Test func rowsKnowTheLineTheyStartOn() throws {
    let table = try read("a,b\n\"1\n2\n3\",x\ny,z\r\nu,v")
    #expect((0..<table.rowCount).map { table.line(ofRow: $0) } == [2, 5, 6])
  }
}
