import Testing

@testable import ColdiffFormats

/// A table's own records written one after another as one copy, however
/// the rows' maker tells the runs, and cut in pieces where the bytes
/// reach the limit.
@Suite struct CSVOriginalRunTests {
  /// Thirty rows of lengths that vary, one with a quoted line feed.
  static let table = try! CSVTable(
    bytes: Array(
      ("id,text\n"
        + (0..<30).map {
          $0 == 11 ? "11,\"a\nb\"\n" : "\($0),\(String(repeating: "x", count: $0 % 7))\n"
        }
        .joined()).utf8))

  /// The table's records in an order with runs broken by a move, an
  /// edited row, a removed one and a row of values.
  static let rows: [CSVOutputRow] =
    (0..<5).map { .original($0) } + [.original(9)] + (5..<9).map { .original($0) }
    + [.edited(10, fields: [(column: 1, text: Array("e".utf8))])]
    + (11..<20).map { .original($0) }
    + [
      .values(JSONObject(members: [.init(name: JSONString("id"), value: .string(JSONString("v")))]))
    ]
    + (21..<30).map { .original($0) }

  @Test(arguments: [1, 2, 7, 13, 40, 1000, Int.max])
  func runsToldByTheMakerWriteAsRowByRow(limit: Int) throws {
    let rows = Self.rows
    let original = { (position: Int) -> Int? in
      if case .original(let record) = rows[position] { record } else { nil }
    }
    var asked = 0
    let byRuns = CSVOutputRows(
      count: rows.count, original: original, row: { rows[$0] },
      run: { position, most in
        asked += 1
        var length = 0
        while length < most, let record = original(position + length),
          record == (original(position) ?? -1) + length
        {
          length += 1
        }
        return length
      })
    let expected = try Self.table.write(header: Self.table.header, rows: rows)
    for rows in [byRuns, CSVOutputRows(rows)] {
      var (written, out, runs): ([UInt8], [UInt8], [Range<Int>]) = ([], [], [])
      try Self.table.write(
        header: Self.table.header, rows: rows, to: &out, flushingAbove: limit,
        passingOn: { bytes, run in
          written += bytes + Self.table.bytes[run]
          bytes.removeAll()
          runs.append(run)
          return true
        },
        flush: { piece in
          written += piece
          piece.removeAll()
        })
      #expect(written + out == expected, "limit \(limit)")
      // A run reaches the limit only with its last row.
      for run in runs.dropLast() where run.count > limit {
        let lastStart = Self.table.lineStarts.last { Int($0) < run.upperBound }.map(Int.init)
        #expect((lastStart ?? 0) - run.lowerBound < limit, "limit \(limit), run \(run)")
      }
    }
    #expect(asked > 0)
  }

  @Test func aCopyEndsWithTheRowThatReachesTheLimit() {
    let lineStarts = Self.table.lineStarts
    for first in 0..<20 {
      for run in 1...(lineStarts.count - 2 - first) {
        for limit in [1, 3, 8, 20, 60, 500] {
          let start = Int(lineStarts[first + 1])
          var count = 0
          var end = start
          while count < run, end - start < limit {
            end = Int(lineStarts[first + count + 2])
            count += 1
          }
          #expect(
            CSVRowWriter.rows(of: run, from: first, in: lineStarts, reaching: limit) == count,
            "first \(first), run \(run), limit \(limit)")
        }
      }
    }
  }
}
