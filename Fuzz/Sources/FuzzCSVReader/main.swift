import ColdiffFormats
import FuzzSupport

/// Reads the input as CSV (and as TSV when its first byte is odd), then
/// every field and every row as an object; a table that reads must also
/// write back.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  let delimiter: UInt8 = (bytes.first ?? 0) & 1 == 1 ? 0x09 : CSVTable.comma
  guard let table = try? CSVTable(bytes: bytes, delimiter: delimiter) else { return 0 }
  var rows: [CSVOutputRow] = []
  for row in 0..<table.rowCount {
    for column in 0..<table.columnCount {
      _ = table.field(row: row, column: column)
      _ = table.isQuoted(row: row, column: column)
    }
    _ = table.line(ofRow: row)
    _ = table.lineEnding(ofRow: row)
    rows.append(row % 2 == 0 ? .original(row) : .values(table.object(ofRow: row)))
  }
  _ = try? table.write(header: table.outputHeader(for: rows), rows: rows)
  return 0
}

FuzzDriver.run(testOneInput)
