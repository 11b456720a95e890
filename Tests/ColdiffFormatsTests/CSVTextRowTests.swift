import ColdiffFormats
import Testing

/// Rows a patch adds to a table as text (`CSVOutputRow.text`), whose
/// member names are read where they are written, and the header of rows
/// whose positions that are not original rows are listed.
@Suite struct CSVTextRowTests {
  private func textRow(_ text: String) throws -> CSVOutputRow {
    .text(try #require(CSVTextRow(Array(text.utf8)[...])))
  }

  private func valuesRow(_ members: [(String, String)]) -> CSVOutputRow {
    .values(
      JSONObject(
        members: members.map { .init(name: JSONString($0.0), value: .string(JSONString($0.1))) }))
  }

  private func names(_ header: [[UInt8]]) -> [String] {
    header.map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func aRowGivenAsTextWritesAsItsValues() throws {
    let table = try CSVTable(bytes: Array("id,name,city\n1,Ann,Oslo\n".utf8))
    // In the header's order, out of it, with escaped names (one of them
    // a new column), and with a member the header lacks.
    let cases: [(text: String, values: [(String, String)])] = [
      (
        #"{"id":"2","name":"Bob","city":"Rome"}"#, [("id", "2"), ("name", "Bob"), ("city", "Rome")]
      ),
      (#"{"city":"Lima","id":"3","name":"Cy"}"#, [("city", "Lima"), ("id", "3"), ("name", "Cy")]),
      (
        #"{"id":"4","n\u0061me":"Di","ci\"ty":"x, y","city":"Pau"}"#,
        [("id", "4"), ("name", "Di"), ("ci\"ty", "x, y"), ("city", "Pau")]
      ),
      (#"{"id":"5","zip":"0150"}"#, [("id", "5"), ("zip", "0150")]),
    ]
    for (text, values) in cases {
      let asText = [CSVOutputRow.original(0), try textRow(text)]
      let asValues = [CSVOutputRow.original(0), valuesRow(values)]
      let header = table.outputHeader(for: asText)
      #expect(names(header) == names(table.outputHeader(for: asValues)), "\(text)")
      #expect(
        try table.write(header: header, rows: asText)
          == table.write(header: header, rows: asValues), "\(text)")
    }
  }

  @Test func anEscapedNameIsItsDecodedColumn() throws {
    let table = try CSVTable(bytes: Array("id,name\n1,Ann\n".utf8))
    let rows = [try textRow(#"{"\u0069d":"2","na\u006De":"Bob","n\/b":"c"}"#)]
    let header = table.outputHeader(for: rows)
    #expect(names(header) == ["id", "name", "n/b"])
    let written = try table.write(header: header, rows: rows)
    #expect(String(decoding: written, as: UTF8.self) == "id,name,n/b\n2,Bob,c\n")
  }

  @Test func listedPositionsGiveTheHeaderEveryPositionGives() throws {
    let table = try CSVTable(bytes: Array("id,name,city\n1,Ann,Oslo\n2,Bob,Rome\n".utf8))
    let cases: [[CSVOutputRow]] = [
      [.original(0), try textRow(#"{"id":"3","zip":"1"}"#), .original(1)],
      // No original row: the columns no row has go.
      [try textRow(#"{"id":"3","zip":"1"}"#), valuesRow([("name", "Di"), ("id", "4")])],
      [.edited(1, fields: [(column: 2, text: Array("Pau".utf8))]), valuesRow([("id", "5")])],
    ]
    for rows in cases {
      let others = rows.indices.filter {
        if case .original = rows[$0] { false } else { true }
      }
      let listed = CSVOutputRows(
        count: rows.count,
        original: { if case .original(let record) = rows[$0] { record } else { nil } },
        row: { rows[$0] }, others: others)
      #expect(names(table.outputHeader(for: listed)) == names(table.outputHeader(for: rows)))
    }
    let noOriginal = CSVOutputRows(
      count: 1, original: { _ in nil }, row: { _ in .values(JSONObject(members: [])) },
      others: [0])
    #expect(table.outputHeader(for: noOriginal).isEmpty)
  }
}
