extension CSVTable {
  /// The bytes of record `row`, from its first field's first byte to its
  /// last field's last byte (its line ending left out).
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Complexity: O(1).
  public func rowRange(_ row: Int) -> Range<Int> {
    precondition(row >= 0 && row < rowCount, "row \(row) is out of 0..<\(rowCount)")
    return Int(lineStarts[row + 1])..<Int(fieldEnds[(row + 2) * columnCount - 1])
  }

  /// The 1-based line on which record `row` starts (a record with quoted
  /// line breaks spans several lines).
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Complexity: O(1).
  public func line(ofRow row: Int) -> Int {
    precondition(row >= 0 && row < rowCount, "row \(row) is out of 0..<\(rowCount)")
    return Int(lineNumbers[row + 1])
  }

  /// The line ending written after record `row`: CRLF, LF, or nothing for
  /// a last row without a final line ending.
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Complexity: O(1).
  public func lineEnding(ofRow row: Int) -> ArraySlice<UInt8> {
    lineEnding(after: rowRange(row).upperBound)
  }

  /// The written bytes of field `column` of record `row`, quotes included
  /// when it is quoted.
  ///
  /// - Parameters:
  ///   - row: a record index, `0..<rowCount`.
  ///   - column: a column index, `0..<columnCount`.
  /// - Complexity: O(1).
  public func rawFieldRange(row: Int, column: Int) -> Range<Int> {
    precondition(row >= 0 && row < rowCount, "row \(row) is out of 0..<\(rowCount)")
    return fieldRange(line: row + 1, column: column)
  }

  /// Whether field `column` of record `row` is written between quotes.
  ///
  /// An unquoted field's value is its raw bytes (``rawFieldRange(row:column:)``),
  /// so a caller that hashes keys can skip decoding it.
  ///
  /// - Complexity: O(1).
  public func isQuoted(row: Int, column: Int) -> Bool {
    let range = rawFieldRange(row: row, column: column)
    return !range.isEmpty && bytes[range.lowerBound] == UInt8(ascii: "\"")
  }

  /// The value of field `column` of record `row`: its bytes with the
  /// surrounding quotes removed and each `""` read as `"`.
  ///
  /// This is how the command line gets a record's key without building
  /// the record's object.
  ///
  /// - Parameters:
  ///   - row: a record index, `0..<rowCount`.
  ///   - column: a column index, `0..<columnCount`.
  /// - Returns: the field's decoded UTF-8.
  /// - Complexity: O(length of the field).
  public func field(row: Int, column: Int) -> [UInt8] {
    CSVTable.decodeField(bytes, rawFieldRange(row: row, column: column))
  }

  /// The value of the field named `name` in record `row`, or `nil` when
  /// there is no such column.
  ///
  /// - Complexity: O(length of the name and of the field).
  public func field(row: Int, named name: [UInt8]) -> [UInt8]? {
    column(named: name).map { field(row: row, column: $0) }
  }

  /// Record `row` as an object: one member per column, in header order,
  /// named by the column, whose value is the field's text as a string
  /// (SPEC §2: CSV values are strings, kept exactly as written).
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Complexity: O(length of the row).
  public func object(ofRow row: Int) -> JSONObject {
    var members: [JSONObject.Member] = []
    members.reserveCapacity(columnCount)
    for column in 0..<columnCount {
      members.append(
        JSONObject.Member(
          name: JSONString(utf8: header[column]),
          value: .string(JSONString(utf8: field(row: row, column: column)))))
    }
    return JSONObject(members: members)
  }

  /// Record `row` as a JSON object value (see ``object(ofRow:)``).
  ///
  /// - Complexity: O(length of the row).
  public func value(ofRow row: Int) -> JSONValue {
    .object(object(ofRow: row))
  }

  /// The raw range of field `column` of line `line` (0 is the header).
  func fieldRange(line: Int, column: Int) -> Range<Int> {
    precondition(column >= 0 && column < columnCount, "column \(column) is out of range")
    let slot = line * columnCount + column
    let start = column == 0 ? Int(lineStarts[line]) : Int(fieldEnds[slot - 1]) + 1
    return start..<Int(fieldEnds[slot])
  }

  /// The line ending that starts at `offset`: CRLF, LF or nothing.
  func lineEnding(after offset: Int) -> ArraySlice<UInt8> {
    if offset < bytes.count, bytes[offset] == 0x0D { return bytes[offset..<offset + 2] }
    if offset < bytes.count, bytes[offset] == 0x0A { return bytes[offset..<offset + 1] }
    return bytes[offset..<offset]
  }

  /// The value of the field written at `range` of `bytes`: without its
  /// quotes, `""` read as `"`, when it starts with `"`; as written
  /// otherwise.
  ///
  /// - Complexity: O(length of the field).
  static func decodeField(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8] {
    let quote = UInt8(ascii: "\"")
    guard !range.isEmpty, bytes[range.lowerBound] == quote else { return Array(bytes[range]) }
    var value: [UInt8] = []
    value.reserveCapacity(range.count - 2)
    var index = range.lowerBound + 1
    let end = range.upperBound - 1
    while index < end {
      let byte = bytes[index]
      value.append(byte)
      index += byte == quote ? 2 : 1
    }
    return value
  }
}
