extension CSVTable {
  /// The bytes of record `row`, from its first field's first byte to its
  /// last field's last byte (its line ending left out).
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Complexity: O(1).
  public func rowRange(_ row: Int) -> Range<Int> {
    checkRow(row)
    return Int(lineStarts[row + 1])..<contentEnd(ofLine: row + 1)
  }

  /// Calls `body` with the bytes that hold record `row` and where the
  /// row starts in them: its copy (``copies``), whose last field ends at
  /// a line feed as a row's in the input does, else the input.
  @inline(__always)
  func withRowBytes<Result>(
    _ row: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Result
  ) -> Result {
    if let copied = copies.withCopy(of: row, { body($0, $1.lowerBound) }) { return copied }
    checkRow(row)
    return bytes.withUnsafeBufferPointer { body($0, Int(lineStarts[row + 1])) }
  }

  /// Calls `body` with the bytes that hold record `row` and its range in
  /// them, without its line ending (``rowRange(_:)``'s in the input): its
  /// copy (``copies``), else the input.
  @inline(__always)
  func withRowRange<Result>(
    _ row: Int, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Result
  ) -> Result {
    if let copied = copies.withCopy(of: row, body) { return copied }
    let range = rowRange(row)
    return bytes.withUnsafeBufferPointer { body($0, range) }
  }

  /// Where record `row` starts: ``rowRange(_:)``'s lower bound, read
  /// from the index alone (no byte of the row, whose page may have gone).
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Complexity: O(1).
  public func rowStart(_ row: Int) -> Int {
    checkRow(row)
    return Int(lineStarts[row + 1])
  }

  /// The 1-based line on which record `row` starts (a record with quoted
  /// line breaks spans several lines).
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Complexity: O(1).
  public func line(ofRow row: Int) -> Int {
    checkRow(row)
    return lineNumbers.isEmpty ? row + 2 : Int(lineNumbers[row + 1])
  }

  /// The line ending written after record `row`: CRLF, LF, or nothing for
  /// a last row without a final line ending.
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Complexity: O(1).
  public func lineEnding(ofRow row: Int) -> CSVStyle.LineEnding? {
    lineEnding(after: rowRange(row).upperBound)
  }

  /// The written bytes of field `column` of record `row`, quotes included
  /// when it is quoted.
  ///
  /// - Parameters:
  ///   - row: a record index, `0..<rowCount`.
  ///   - column: a column index, `0..<columnCount`.
  /// - Complexity: O(length of the row up to the field's end).
  public func rawFieldRange(row: Int, column: Int) -> Range<Int> {
    checkRow(row)
    precondition(column >= 0 && column < columnCount, "column \(column) is out of range")
    return bytes.withUnsafeBufferPointer {
      CSVTable.fieldRange(column, in: $0, row: Int(lineStarts[row + 1]), delimiter: delimiter)
    }
  }

  /// The written bytes of field `column` of the valid row that starts at
  /// `row` of `bytes`, quotes included.
  ///
  /// - Complexity: O(length of the row up to the field's end).
  static func fieldRange(
    _ column: Int, in bytes: UnsafeBufferPointer<UInt8>, row: Int, delimiter: UInt8
  ) -> Range<Int> {
    var start = row
    for _ in 0..<column { start = fieldEnd(bytes, from: start, delimiter: delimiter) + 1 }
    return start..<fieldEnd(bytes, from: start, delimiter: delimiter)
  }

  /// The written bytes of every field of record `row`, in column order,
  /// quotes included.
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Complexity: O(length of the row).
  public func rawFieldRanges(ofRow row: Int) -> [Range<Int>] {
    checkRow(row)
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(columnCount)
    bytes.withUnsafeBufferPointer { bytes in
      var start = Int(lineStarts[row + 1])
      for _ in 0..<columnCount {
        let end = CSVTable.fieldEnd(bytes, from: start, delimiter: delimiter)
        ranges.append(start..<end)
        start = end + 1
      }
    }
    return ranges
  }

  /// Whether field `column` of record `row` is written between quotes.
  ///
  /// An unquoted field's value is its raw bytes
  /// (``rawFieldRange(row:column:)``), so a caller that hashes keys can
  /// skip decoding it.
  ///
  /// - Complexity: O(length of the row up to the field's end).
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
  /// - Complexity: O(length of the row up to the field's end).
  public func field(row: Int, column: Int) -> [UInt8] {
    CSVTable.decodeField(bytes, rawFieldRange(row: row, column: column))
  }

  /// Calls `body` with the value of field `column` of record `row`, as
  /// ``field(row:column:)`` gives it, without copying an unquoted field:
  /// then `body` reads it in ``bytes``. This is the cheap way to hash or
  /// compare a record's key.
  ///
  /// - Parameters:
  ///   - row: a record index, `0..<rowCount`.
  ///   - column: a column index, `0..<columnCount`.
  ///   - body: reads the field's decoded UTF-8 (valid only inside it).
  /// - Returns: what `body` returns.
  /// - Complexity: O(length of the row up to the field's end); allocates
  ///   only for a quoted field.
  public func withFieldBytes<Result>(
    row: Int, column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let range = rawFieldRange(row: row, column: column)
    guard !range.isEmpty, bytes[range.lowerBound] == UInt8(ascii: "\"") else {
      return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
    return CSVTable.decodeField(bytes, range).withUnsafeBufferPointer(body)
  }

  /// The value of the field named `name` in record `row`, or `nil` when
  /// there is no such column.
  ///
  /// - Complexity: O(length of the name, and of the row up to the
  ///   field's end).
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
    // (A row the scan copied is read in its copy.)
    withRowBytes(row) { bytes, start in
      var start = start
      for column in 0..<columnCount {
        let end = CSVTable.fieldEnd(bytes, from: start, delimiter: delimiter)
        let value = CSVTable.jsonString(CSVTable.decodeField(bytes, start..<end))
        members.append(JSONObject.Member(name: headerStrings[column], value: .string(value)))
        start = end + 1
      }
    }
    return JSONObject(members: members)
  }

  /// A string of the decoded UTF-8 `value`, sharing its storage as the
  /// written text when it needs no escape.
  ///
  /// - Complexity: O(length of the value).
  package static func jsonString(_ value: [UInt8]) -> JSONString {
    let plain = value.allSatisfy(JSONString.isPlain)
    return plain ? JSONString(raw: value, value: value) : JSONString(utf8: value)
  }

  /// Record `row` as a JSON object value (see ``object(ofRow:)``).
  ///
  /// - Complexity: O(length of the row).
  public func value(ofRow row: Int) -> JSONValue {
    .object(object(ofRow: row))
  }

  /// Traps unless `row` is a record index.
  private func checkRow(_ row: Int) {
    precondition(row >= 0 && row < rowCount, "row \(row) is out of 0..<\(rowCount)")
  }

  /// The end of line `line`'s fields (0 is the header), its line ending
  /// left out.
  ///
  /// A line ends where the next starts, less the LF or CRLF before it; the
  /// last line ends where the empty lines at the end of the file start,
  /// less a final line ending.
  /// (Neither an LF nor a CR can end a line's last field: outside quotes
  /// they end the line, and a quoted field ends with `"`.)
  func contentEnd(ofLine line: Int) -> Int {
    let start = Int(lineStarts[line])
    var end = line + 1 < lineStarts.count ? Int(lineStarts[line + 1]) : recordsEnd
    if end > start, bytes[end - 1] == 0x0A {
      end -= 1
      if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    }
    return end
  }

  /// The line ending that starts at `offset`: CRLF, LF or nothing.
  func lineEnding(after offset: Int) -> CSVStyle.LineEnding? {
    guard offset < bytes.count else { return nil }
    switch bytes[offset] {
    case 0x0D: return .crlf
    case 0x0A: return .lf
    default: return nil
    }
  }

  /// The end of the field of a valid file that starts at `start`: the
  /// offset of the delimiter, line ending or end of file after it.
  ///
  /// - Complexity: O(length of the field), sixteen bytes per step
  ///   (`ByteClassifier`) but for the last few of the file.
  static func fieldEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8)
    -> Int
  {
    let quote = UInt8(ascii: "\"")
    let count = bytes.count
    guard start < count, let base = bytes.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    var index = start
    if bytes[index] == quote {
      // The closing quote is the first one not doubled.
      index += 1
      while true {
        index = ByteClassifier.nextQuote(raw, from: index, count: count)
        guard index + 1 < count, bytes[index + 1] == quote else { return index + 1 }
        index += 2
      }
    }
    let delimiters = ByteClassifier.splat(delimiter)
    while index &+ ByteClassifier.width <= count {
      // The block's stop is the delimiter, a line ending or a non-ASCII
      // byte, which in a valid file is part of the field.
      let found = ByteClassifier.firstUnquotedFieldStop(raw, index, delimiter: delimiters)
      index &+= found
      if found < ByteClassifier.width {
        if bytes[index] < 0x80 { return index }
        index += 1
      }
    }
    while index < count {
      let byte = bytes[index]
      if byte == delimiter || byte == 0x0A || byte == 0x0D { return index }
      index += 1
    }
    return index
  }

  /// The value of the field written at `range` of `bytes`: without its
  /// quotes, `""` read as `"`, when it starts with `"`; as written
  /// otherwise.
  ///
  /// - Complexity: O(length of the field).
  static func decodeField(_ bytes: SourceBytes, _ range: Range<Int>) -> [UInt8] {
    bytes.withUnsafeBufferPointer { decodeField($0, range) }
  }

  /// The value of the field written at `range` of `bytes`, as
  /// ``decodeField(_:_:)-(SourceBytes,_)`` gives it.
  ///
  /// - Complexity: O(length of the field).
  static func decodeField(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
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
