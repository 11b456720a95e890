/// The state of one ``CSVTable/write(header:rows:)`` call: the output so
/// far and what each row needs to know about the header.
struct CSVRowWriter {
  /// The table whose rows and style are written.
  let table: CSVTable
  /// The output header.
  let header: [[UInt8]]
  /// The style of the output (the table's).
  let style: CSVStyle
  /// Whether the output header is the table's, in the same order.
  let sameHeader: Bool
  /// For each output column, the table's column of that name, or `nil`.
  let sourceColumns: [Int?]
  /// The output column of each header name.
  let outputColumns: CSVHeaderColumns
  /// The bytes written so far.
  var output: [UInt8] = []

  /// Prepares to write `table`'s rows under `header`, after `output`.
  init(table: CSVTable, header: [[UInt8]], output: [UInt8]) {
    self.table = table
    self.header = header
    self.style = table.style
    self.sameHeader = header == table.header
    self.sourceColumns = header.map { table.column(named: $0) }
    self.outputColumns = CSVHeaderColumns(header)
    self.output = output
  }

  /// Writes the header line; `last` when no row follows.
  mutating func writeHeader(last: Bool) {
    if sameHeader {
      let end = table.contentEnd(ofLine: 0)
      table.bytes.append(Int(table.lineStarts[0])..<end, to: &output)
      endLine(ownEnding: table.lineEnding(after: end), last: last)
      return
    }
    for (column, name) in header.enumerated() {
      if column > 0 { output.append(style.delimiter) }
      writeField(name)
    }
    endLine(ownEnding: nil, last: last)
  }

  /// Writes record `row` of the table as it was written.
  mutating func writeOriginal(_ row: Int, last: Bool) {
    let range = table.rowRange(row)
    if sameHeader {
      table.bytes.append(range, to: &output)
    } else {
      let fields = table.rawFieldRanges(ofRow: row)
      for (column, source) in sourceColumns.enumerated() {
        if column > 0 { output.append(style.delimiter) }
        let raw = source.map { fields[$0] } ?? 0..<0
        if raw.isEmpty {
          writeField([])
        } else {
          table.bytes.append(raw, to: &output)
        }
      }
    }
    endLine(ownEnding: table.lineEnding(after: range.upperBound), last: last)
  }

  /// Writes the rows of `rows` from `position` on that are the table's
  /// records in its own order, under its own header, each ending with a
  /// line feed, as one copy of their bytes: what ``writeOriginal(_:last:)``
  /// writes for each of them. The last of `rows` is left to it, since
  /// whether a line ending follows it is the style's.
  ///
  /// - Parameters:
  ///   - rows: the rows being written.
  ///   - position: the first row to write.
  ///   - limit: about how many bytes to copy at most, so that the output
  ///     is handed on in pieces.
  ///   - passOn: takes the run instead of its copy, when it does
  ///     (``CSVTable/write(header:rows:to:flushingAbove:passingOn:flush:)``).
  /// - Returns: how many rows were written: 0 when the row at `position`
  ///   is not one to copy so.
  mutating func writeOriginalRun(
    of rows: CSVOutputRows, from position: Int, upTo limit: Int,
    passingOn passOn: ((inout [UInt8], Range<Int>) throws -> Bool)?
  ) rethrows -> Int {
    guard sameHeader, limit > 0, let first = rows.original(position) else { return 0 }
    let lineStarts = table.lineStarts
    // Record `row` is line `row + 1`; it ends where the next one starts,
    // with the line feed every line but the last ends with (a line starts
    // only after one), so no byte of the run is read here: the run may be
    // handed on without a look at its pages. So a row has a line after
    // it, and the last of `rows` is left out.
    let most = min(rows.count - 1 - position, lineStarts.count - 2 - first)
    let run = rows.run(position, most)
    guard run > 0 else { return 0 }
    let start = Int(lineStarts[first + 1])
    let count = CSVRowWriter.rows(of: run, from: first, in: lineStarts, reaching: limit)
    let end = Int(lineStarts[first + count + 1])
    if try passOn?(&output, start..<end) != true {
      table.bytes.append(start..<end, to: &output)
    }
    return count
  }

  /// How many of the `run` records from `first` on go in one copy: up to
  /// and with the first that brings the copy to `limit` bytes, or all.
  ///
  /// - Complexity: O(log `run`).
  static func rows(of run: Int, from first: Int, in lineStarts: [UInt32], reaching limit: Int)
    -> Int
  {
    let start = Int(lineStarts[first + 1])
    // Whether the first `count` records reach `limit` bytes.
    func reaches(_ count: Int) -> Bool { Int(lineStarts[first + count + 1]) - start >= limit }
    guard reaches(run) else { return run }
    var (low, high) = (1, run)
    while low < high {
      let middle = (low + high) / 2
      if reaches(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Writes a row of values in the table's style.
  mutating func writeValues(_ object: JSONObject, last: Bool) throws(InputError) {
    var values = [JSONValue?](repeating: nil, count: header.count)
    for (position, member) in object.members.enumerated() {
      guard let column = outputColumns.column(of: member.name.value, at: position) else {
        preconditionFailure("the row member \(member.name.string) is not a column of the header")
      }
      values[column] = member.value
    }
    for (column, value) in values.enumerated() {
      if column > 0 { output.append(style.delimiter) }
      writeField(try CSVRowWriter.text(of: value, column: header[column]))
    }
    endLine(ownEnding: nil, last: last)
  }

  /// Writes a row given as the text of an object, as
  /// ``writeValues(_:last:)`` writes the object's value.
  mutating func writeText(_ row: CSVTextRow, last: Bool) throws(InputError) {
    var values = [Range<Int>?](repeating: nil, count: header.count)
    for (position, member) in row.members.enumerated() {
      let column = row.withName(of: position) { name in
        guard let column = outputColumns.column(of: name, at: position) else {
          preconditionFailure(
            "the row member \(String(decoding: name, as: UTF8.self)) is not a column of the "
              + "header")
        }
        return column
      }
      values[column] = member.value
    }
    for (column, value) in values.enumerated() {
      if column > 0 { output.append(style.delimiter) }
      try row.withFieldText(of: value, column: header[column]) { writeField($0) }
    }
    endLine(ownEnding: nil, last: last)
  }

  /// Writes record `row` of the table with `fields` given new text, as
  /// ``writeValues(_:last:)`` writes the object of all its fields: each
  /// field's text in the style, an output column the table lacks empty.
  mutating func writeEdited(_ row: Int, fields: [(column: Int, text: [UInt8])], last: Bool) {
    let raw = table.rawFieldRanges(ofRow: row)
    for (column, source) in sourceColumns.enumerated() {
      if column > 0 { output.append(style.delimiter) }
      guard let source else {
        writeField([])
        continue
      }
      if let edit = fields.first(where: { $0.column == source }) {
        writeField(edit.text)
      } else if raw[source].isEmpty || table.bytes[raw[source].lowerBound] != UInt8(ascii: "\"") {
        // An unquoted field's text is its bytes.
        table.bytes.withUnsafeBufferPointer {
          writeField(UnsafeBufferPointer(rebasing: $0[raw[source]]))
        }
      } else {
        writeField(CSVTable.decodeField(table.bytes, raw[source]))
      }
    }
    endLine(ownEnding: nil, last: last)
  }

  /// Ends a line: with its own line ending when it had one, else the
  /// style's; with none for the last line of a file without a final
  /// newline.
  private mutating func endLine(ownEnding: CSVStyle.LineEnding?, last: Bool) {
    guard !last || style.finalNewline else { return }
    switch ownEnding ?? style.lineEnding {
    case .lf: output.append(0x0A)
    case .crlf: output += [0x0D, 0x0A]
    }
  }

  /// Writes one field's value, quoted when the style or its content asks.
  private mutating func writeField<Text: Collection<UInt8>>(_ value: Text) {
    let quote = UInt8(ascii: "\"")
    var needsQuotes = style.quoting == .all || (value.isEmpty && header.count == 1)
    if !needsQuotes {
      needsQuotes = value.contains {
        $0 == style.delimiter || $0 == quote || $0 == 0x0A || $0 == 0x0D
      }
    }
    guard needsQuotes else {
      output += value
      return
    }
    output.append(quote)
    for byte in value {
      if byte == quote { output.append(quote) }
      output.append(byte)
    }
    output.append(quote)
  }

  /// The text a value is written as in a field.
  ///
  /// - Throws: `InputError` for an array or an object.
  private static func text(of value: JSONValue?, column: [UInt8]) throws(InputError) -> [UInt8] {
    switch value {
    case nil, .null?: return []
    case .string(let string)?: return string.value
    case .number(let number)?: return number.text
    case .bool(let flag)?: return Array((flag ? "true" : "false").utf8)
    case let container?: throw notText(column: column, kind: container.kindName)
    }
  }

  /// The error of a value of `kind` ("an array", "an object") for
  /// `column`: a field holds text.
  static func notText(column: [UInt8], kind: String) -> InputError {
    InputError(
      "the value for column \"\(String(decoding: column, as: UTF8.self))\" is \(kind); "
        + "a CSV field holds text")
  }
}
