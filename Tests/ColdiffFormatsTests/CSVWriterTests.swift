import ColdiffFormats
import Testing

@Suite struct CSVWriterTests {
  private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

  private func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONObject {
    JSONObject(members: pairs.map { .init(name: JSONString($0.key), value: $0.value) })
  }

  private func string(_ text: String) -> JSONValue { .string(JSONString(text)) }

  private func names(_ header: [[UInt8]]) -> [String] {
    header.map { String(decoding: $0, as: UTF8.self) }
  }

  private func unchanged(_ table: CSVTable) throws -> [UInt8] {
    let rows = (0..<table.rowCount).map { CSVOutputRow.original($0) }
    return try table.write(header: table.outputHeader(for: rows), rows: rows)
  }

  @Test(arguments: [
    ("plain LF", "a,b\n1,2\n3,4\n", CSVTable.comma),
    ("CRLF", "a,b\r\n1,2\r\n3,4\r\n", CSVTable.comma),
    ("no final newline", "a,b\n1,2\n3,4", CSVTable.comma),
    ("quote-all", "\"a\",\"b\"\n\"1\",\"x, y\"\n", CSVTable.comma),
    ("TSV", "a\tb\n1\t\"x\ty\"\n,\t2\n", CSVTable.tab),
    ("mixed endings", "a,b\r\n1,2\n3,4\r\n", CSVTable.comma),
    ("header only", "a,b", CSVTable.comma),
    ("zero bytes", "", CSVTable.comma),
    ("quoted line breaks", "a,b\n\"1\r\n2\",\"\"\"\"\n", CSVTable.comma),
    ("blank one-column rows", "a\n\n\"\"\n", CSVTable.comma),
  ])
  func anUnchangedTableIsWrittenBackByteForByte(
    name: String, text: String, delimiter: UInt8
  ) throws {
    let bytes = Array(text.utf8)
    #expect(try unchanged(CSVTable(bytes: bytes, delimiter: delimiter)) == bytes, "\(name)")
    let withMark = Self.bom + bytes
    #expect(try unchanged(CSVTable(bytes: withMark, delimiter: delimiter)) == withMark, "\(name)")
  }

  @Test func theStyleIsDetected() throws {
    let crlf = try CSVTable(bytes: Self.bom + Array("\"a\",\"b\"\r\n\"1\",\"2\"".utf8)).style
    #expect(
      crlf
        == CSVStyle(
          delimiter: CSVTable.comma, lineEnding: .crlf, byteOrderMark: true,
          finalNewline: false, quoting: .all))
    let tsv = try CSVTable(bytes: Array("a\tb\n1\t\"2\"\n".utf8), delimiter: CSVTable.tab).style
    #expect(
      tsv
        == CSVStyle(
          delimiter: CSVTable.tab, lineEnding: .lf, byteOrderMark: false, finalNewline: true,
          quoting: .minimal))
    #expect(try CSVTable(bytes: []).style == CSVStyle())
  }

  @Test func newRowsFollowTheStyleAndQuoteOnlyWhatNeedsIt() throws {
    let table = try CSVTable(bytes: Array("id,note\r\n1,x\r\n".utf8))
    let rows: [CSVOutputRow] = [
      .original(0),
      .values(object(["id": string("2"), "note": string("a,b")])),
      .values(object(["note": string("say \"hi\""), "id": string("3")])),
      .values(object(["id": string("4"), "note": string("line\nbreak")])),
      .values(object(["id": string(" 5 ")])),
    ]
    let written = try table.write(header: table.outputHeader(for: rows), rows: rows)
    let expected =
      "id,note\r\n1,x\r\n2,\"a,b\"\r\n3,\"say \"\"hi\"\"\"\r\n4,\"line\nbreak\"\r\n 5 ,\r\n"
    #expect(String(decoding: written, as: UTF8.self) == expected)
  }

  @Test func quoteAllTablesQuoteNewFields() throws {
    let table = try CSVTable(bytes: Array("\"id\",\"n\"\n\"1\",\"x\"".utf8))
    let rows: [CSVOutputRow] = [.original(0), .values(object(["id": string("2")]))]
    let written = try table.write(header: table.header, rows: rows)
    #expect(String(decoding: written, as: UTF8.self) == "\"id\",\"n\"\n\"1\",\"x\"\n\"2\",\"\"")
  }

  @Test func aTSVRowIsQuotedForTabsNotCommas() throws {
    let table = try CSVTable(bytes: Array("a\tb\n".utf8), delimiter: CSVTable.tab)
    let rows: [CSVOutputRow] = [.values(object(["a": string("x,y"), "b": string("1\t2")]))]
    let written = try table.write(header: table.header, rows: rows)
    #expect(String(decoding: written, as: UTF8.self) == "a\tb\nx,y\t\"1\t2\"\n")
  }

  @Test func movedRowsKeepTheirBytesAndGetALineEndingWhenTheyHadNone() throws {
    let table = try CSVTable(bytes: Array("a,b\r\n\"1\",2\r\n3,\"4\"".utf8))
    let written = try table.write(header: table.header, rows: [.original(1), .original(0)])
    #expect(String(decoding: written, as: UTF8.self) == "a,b\r\n3,\"4\"\r\n\"1\",2")
  }

  @Test func scalarsAreWrittenAsTheirTextAndNullAsEmpty() throws {
    let table = try CSVTable(bytes: Array("a,b,c,d\n".utf8))
    let row = object([
      "a": .number(JSONNumber(text: Array("1.50".utf8))), "b": .bool(true), "c": .null,
      "d": .bool(false),
    ])
    let written = try table.write(header: table.header, rows: [.values(row)])
    #expect(String(decoding: written, as: UTF8.self) == "a,b,c,d\n1.50,true,,false\n")
  }

  @Test func arraysAndObjectsAreRefused() throws {
    let table = try CSVTable(bytes: Array("a\n".utf8))
    for value in [JSONValue.array([]), .object(JSONObject())] {
      #expect(throws: InputError.self) {
        try table.write(header: table.header, rows: [.values(object(["a": value]))])
      }
    }
  }

  @Test func anEmptyValueInAOneColumnTableIsQuoted() throws {
    let table = try CSVTable(bytes: Array("a".utf8))
    let written = try table.write(header: table.header, rows: [.values(object(["a": string("")]))])
    #expect(String(decoding: written, as: UTF8.self) == "a\n\"\"")
    #expect(try CSVTable(bytes: written).rowCount == 1)
  }

  @Test func rowsNeedAColumn() throws {
    let table = try CSVTable(bytes: [])
    #expect(throws: InputError.self) {
      try table.write(header: [], rows: [.values(JSONObject())])
    }
    #expect(try table.write(header: [], rows: []) == [])
  }

  @Test func aZeroByteTableGetsAHeaderFromItsNewRows() throws {
    let table = try CSVTable(bytes: [])
    let rows: [CSVOutputRow] = [
      .values(object(["id": string("1"), "x": string("a")])),
      .values(object(["id": string("2"), "y": string("b")])),
    ]
    let header = table.outputHeader(for: rows)
    #expect(names(header) == ["id", "x", "y"])
    let written = try table.write(header: header, rows: rows)
    #expect(String(decoding: written, as: UTF8.self) == "id,x,y\n1,a,\n2,,b\n")
  }

  @Test func newColumnsAreAppendedAndOriginalRowsKeepTheirFields() throws {
    let table = try CSVTable(bytes: Array("id,name\n1,\"Ann\"\n2,Bob\n".utf8))
    let rows: [CSVOutputRow] = [
      .original(0),
      .values(object(["id": string("2"), "name": string("Bob"), "age": string("40")])),
    ]
    let header = table.outputHeader(for: rows)
    #expect(names(header) == ["id", "name", "age"])
    let written = try table.write(header: header, rows: rows)
    #expect(String(decoding: written, as: UTF8.self) == "id,name,age\n1,\"Ann\",\n2,Bob,40\n")
  }

  @Test func rowsReadByPositionWriteAsTheirArrayAndMakeNoRowForARecord() throws {
    let table = try CSVTable(bytes: Array("id,name\n1,Ann\n2,\"Bob\"\n3,Cy\n4,Di\n".utf8))
    let rows: [CSVOutputRow] = [
      .original(0), .original(1), .edited(2, fields: [(column: 1, text: Array("Cyd".utf8))]),
      .values(object(["id": string("9"), "name": string("Eve")])), .original(3),
    ]
    var made: [Int] = []
    let byPosition = CSVOutputRows(count: rows.count) { position in
      if case .original(let record) = rows[position] { record } else { nil }
    } row: { position in
      made.append(position)
      return rows[position]
    }
    let header = table.outputHeader(for: byPosition)
    #expect(header == table.outputHeader(for: rows))
    var written: [UInt8] = []
    try table.write(header: header, rows: byPosition, to: &written, flushingAbove: .max) { _ in }
    #expect(written == (try table.write(header: header, rows: rows)))
    #expect(
      String(decoding: written, as: UTF8.self) == "id,name\n1,Ann\n2,\"Bob\"\n3,Cyd\n9,Eve\n4,Di\n")
    // Only the rows that are not records of the table were made, once
    // for the header and once to be written.
    #expect(made == [2, 3, 2, 3])
  }

  @Test func columnsNoRowHasAreDropped() throws {
    let table = try CSVTable(bytes: Array("id,name,age\n1,Ann,30\n".utf8))
    let rows: [CSVOutputRow] = [.values(object(["id": string("1"), "age": string("31")]))]
    let header = table.outputHeader(for: rows)
    #expect(names(header) == ["id", "age"])
    let written = try table.write(header: header, rows: rows)
    #expect(String(decoding: written, as: UTF8.self) == "id,age\n1,31\n")
  }

  @Test func withNoRowLeftTheHeaderStays() throws {
    let table = try CSVTable(bytes: Array("id,name\r\n1,Ann\r\n".utf8))
    #expect(table.outputHeader(for: []) == table.header)
    let written = try table.write(header: table.header, rows: [])
    #expect(String(decoding: written, as: UTF8.self) == "id,name\r\n")
  }

  @Test func outputHeaderKeepsOldOrderAndAppendsInFirstAppearance() {
    let old = [Array("a".utf8), Array("b".utf8), Array("c".utf8)]
    let rows: [CSVOutputRow] = [
      .values(object(["z": string(""), "c": string("")])),
      .values(object(["y": string(""), "a": string(""), "z": string("")])),
    ]
    #expect(
      names(CSVTable.outputHeader(old: old, rows: CSVOutputRows(rows))) == ["a", "c", "z", "y"])
    #expect(
      names(CSVTable.outputHeader(old: old, rows: CSVOutputRows(rows + [.original(0)]))) == [
        "a", "b", "c", "z", "y",
      ])
  }
}
