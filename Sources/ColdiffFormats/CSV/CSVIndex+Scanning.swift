extension CSVIndex {
  static let quote = UInt8(ascii: "\"")
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  /// Class bit of the bytes that end a run of plain bytes in an unquoted
  /// field: the delimiter, CR, LF and every non-ASCII byte (the bytes
  /// `ByteClassifier.firstUnquotedFieldStop` finds sixteen at a time; the
  /// table reads the last few).
  private static let endsUnquotedRun: UInt8 = 1
  /// Class bit of the bytes that end a run of plain bytes in a quoted
  /// field: `"`, LF and every non-ASCII byte (as
  /// `ByteClassifier.firstQuotedFieldStop`).
  private static let endsQuotedRun: UInt8 = 2

  /// Indexes a whole CSV or TSV file in one pass, validating it.
  ///
  /// Rows end at LF or CRLF outside quotes; a final line ending is
  /// optional. A field that starts with `"` is quoted and ends at the next
  /// lone `"`, which must be followed by the delimiter, a line ending or
  /// the end of the input. A `"` inside an unquoted field is an ordinary
  /// character. Every row must have as many fields as the first.
  ///
  /// - Parameters:
  ///   - input: the file's bytes.
  ///   - delimiter: the field separator (ASCII, not `"`, CR or LF).
  ///   - chunking: how a large input is cut to be scanned on every core.
  ///   - known: the rows of another file, taken whole where they occur
  ///     again (`CSVKnownRows`; only when read with this delimiter).
  ///   - keyColumn: the column whose canonical key bytes to make for
  ///     each row (`canonicalKeys`), -1 for none.
  /// - Throws: `InputError` located at the problem: an unclosed quote,
  ///   text after a closing quote, a CR not followed by LF outside quotes,
  ///   invalid UTF-8, a row with the wrong number of fields, or an input
  ///   of 4 GiB or more.
  /// - Complexity: O(n) in the input's length.
  init(
    scanning input: UnsafeBufferPointer<UInt8>, delimiter: UInt8,
    chunking: ScanChunking = .automatic, known: CSVKnownRows? = nil, keyColumn: Int = -1
  ) throws(InputError) {
    let count = input.count
    guard count < Int(UInt32.max) else {
      throw InputError("the file is 4 GiB or larger, more than the CSV reader takes")
    }
    var classes = [UInt8](repeating: 0, count: 256)
    for byte in 0x80...0xFF { classes[byte] = Self.endsUnquotedRun | Self.endsQuotedRun }
    classes[Int(Self.lineFeed)] = Self.endsUnquotedRun | Self.endsQuotedRun
    classes[Int(Self.carriageReturn)] = Self.endsUnquotedRun
    classes[Int(delimiter)] = Self.endsUnquotedRun
    classes[Int(Self.quote)] = Self.endsQuotedRun
    let recordsEnd = CSVIndex.recordsEnd(input)
    self = try classes.withUnsafeBufferPointer { (classes) throws(InputError) -> CSVIndex in
      try CSVIndex.scan(
        UnsafeBufferPointer(rebasing: input[0..<recordsEnd]), delimiter: delimiter,
        classes: classes, chunking: chunking, known: known?.delimiter == delimiter ? known : nil,
        keyColumn: keyColumn)
    }
    self.recordsEnd = recordsEnd
  }

  /// Indexes `input` (up to the empty lines at its end), a large one in
  /// chunks (`CSVIndex+Chunks`).
  private static func scan(
    _ input: UnsafeBufferPointer<UInt8>, delimiter: UInt8, classes: UnsafeBufferPointer<UInt8>,
    chunking: ScanChunking, known: CSVKnownRows?, keyColumn: Int
  ) throws(InputError) -> CSVIndex {
    var index = CSVIndex()
    index.keyColumn = keyColumn
    var start = 0
    if CSVTable.startsWithByteOrderMark(input) {
      index.hasByteOrderMark = true
      start = 3
    }
    if let bounds = chunking.bounds(from: start, to: input.count) {
      try index.scanInChunks(
        bounds, input, delimiter: delimiter, classes: classes, chunking: chunking, known: known,
        keyColumn: keyColumn)
      return index
    }
    var rows = CSVRows()
    try scanRows(
      input, from: start, startingBefore: input.count, delimiter: delimiter, classes: classes,
      known: known, keyColumn: keyColumn, into: &rows)
    index.lineStarts = rows.lineStarts
    if let keys = rows.keys {
      index.canonicalKeys = Array(keys.bytes)
      index.canonicalKeyEnds = Array(keys.keyEnds)
    }
    index.lineNumbers = rows.lineNumbers
    index.knownPartners = rows.knownPartners
    index.columnCount = max(rows.columnCount, 0)
    index.quotesEveryField = rows.everyFieldQuoted && !rows.lineStarts.isEmpty
    return index
  }

  /// Where the empty lines at the end of `input` start: after the first
  /// of the line endings that end it (LF or CRLF each), or the input's
  /// length when it does not end with two. The empty lines are outside
  /// every quoted field (a file ending inside quotes is malformed anyway).
  ///
  /// - Complexity: O(number of trailing line endings).
  static func recordsEnd(_ input: UnsafeBufferPointer<UInt8>) -> Int {
    var end = input.count
    while end > 0, input[end - 1] == lineFeed {
      var lineStart = end - 1
      if lineStart > 0, input[lineStart - 1] == carriageReturn { lineStart -= 1 }
      guard lineStart > 0, input[lineStart - 1] == lineFeed else { break }
      end = lineStart
    }
    return end
  }

  /// The scanning loop of ``init(scanning:delimiter:chunking:)``: reads
  /// the rows that start at `start` (a line's start) and after, before
  /// `limit`, and notes them in `rows` (also when it throws). Every row
  /// must have as many fields as the first one read here.
  ///
  /// Long by design: hot scanner loop (one pass over every byte of the
  /// file, its states kept in locals; split, they would cost calls).
  ///
  /// A row with the same bytes as one of `known` (OLD's, when this is
  /// NEW) is taken whole once the first row has set the width, when the
  /// widths agree and OLD's rows do not change whether every field is
  /// quoted.
  ///
  /// With a `keyColumn` (0 or more), the canonical bytes of each row's
  /// field in that column go to `rows.keys` as the row is read
  /// (or are copied from `known`'s for a row taken whole), the header's
  /// (the row at the input's start, after a byte order mark) empty.
  static func scanRows(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, startingBefore limit: Int,
    delimiter: UInt8, classes: UnsafeBufferPointer<UInt8>, known: CSVKnownRows? = nil,
    keyColumn: Int = -1, into rows: inout CSVRows
  ) throws(InputError) {
    let count = input.count
    guard let base = input.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    let delimiters = ByteClassifier.splat(delimiter)
    var position = start
    // Guess rows of 64 bytes: at most 1/8 of the input's size reserved.
    rows.lineStarts.reserveCapacity((limit - start) / 64 + 1)
    rows.lineNumbers.reserveCapacity((limit - start) / 64 + 1)
    if known != nil { rows.knownPartners.reserveCapacity((limit - start) / 64 + 1) }
    // Guess keys of at most a sixth of the rows' bytes (the buffer grows).
    let capturing = keyColumn >= 0
    var keys = MappedBuffer<UInt8>(capacity: capturing ? (limit - start) / 6 : 1)
    var keyEnds = MappedBuffer<Int>(capacity: capturing ? (limit - start) / 64 + 1 : 1)
    let headerStart = CSVTable.startsWithByteOrderMark(input) ? 3 : 0
    var line = 1
    var everyFieldQuoted = true
    var columnCount = -1
    var lastKnown = -1
    defer {
      rows.end = position
      rows.lineFeeds = line - 1
      rows.everyFieldQuoted = everyFieldQuoted
      if capturing {
        rows.keys = CSVKeyBytes(keys: keys, ends: keyEnds)
      } else {
        keys.free()
        keyEnds.free()
      }
    }
    while position < limit {
      let rowStart = position
      let rowLine = line
      let rowKeyColumn = rowStart == headerStart ? -1 : keyColumn
      if let known, columnCount == known.columnCount,
        !everyFieldQuoted || known.quotesEveryField,
        let row = known.records.find(in: input, at: position, after: lastKnown)
      {
        lastKnown = row
        position += known.records.ends[row] - known.records.starts[row]
        line += Int(known.lineFeeds[row])
        rows.lineStarts.append(UInt32(truncatingIfNeeded: rowStart))
        rows.lineNumbers.append(UInt32(truncatingIfNeeded: rowLine))
        rows.knownPartners.append(Int32(truncatingIfNeeded: row))
        if capturing {
          if rowKeyColumn >= 0 { known.appendKey(ofLine: row, column: rowKeyColumn, to: &keys) }
          keyEnds.append(keys.count)
        }
        continue
      }
      var fields = 0
      var rowEnd = position
      if let row = CSVBlockRow.read(
        input, at: position, delimiter: delimiter, delimiterBlock: delimiters,
        keyColumn: rowKeyColumn)
      {
        // Most rows: sixteen bytes at a time.
        if rowKeyColumn >= 0 { keys.appendCSVKey(input, row.key) }
        fields = row.fields
        rowEnd = row.contentEnd
        position = row.next
        line += 1 + row.quotedLineFeeds
        if row.quotedFields < row.fields { everyFieldQuoted = false }
      } else {
        while true {
          let fieldStart = position
          if position < count, input[position] == quote {
            // Read a quoted field up to its closing quote.
            let opening = position
            position += 1
            while true {
              // Sixteen bytes at a time, the last few (fewer than sixteen
              // before the end) one by one.
              if position &+ ByteClassifier.width <= count {
                let found = ByteClassifier.firstQuotedFieldStop(raw, position)
                position &+= found
                if found == ByteClassifier.width { continue }
              } else {
                while position < count, classes[Int(input[position])] & endsQuotedRun == 0 {
                  position += 1
                }
              }
              guard position < count else {
                throw InputError(
                  "this quoted field is never closed (no matching `\"` before the end of the file)",
                  offset: opening, in: input)
              }
              let byte = input[position]
              if byte == quote {
                if position + 1 < count, input[position + 1] == quote {
                  position += 2
                  continue
                }
                position += 1
                break
              }
              if byte == lineFeed {
                line += 1
                position += 1
                continue
              }
              position = try utf8SequenceEnd(input, at: position)
            }
            if position < count {
              let byte = input[position]
              guard byte == delimiter || byte == lineFeed || byte == carriageReturn else {
                throw InputError(
                  "unexpected text after the closing quote of a field "
                    + "(a `\"` inside a quoted field is written `\"\"`)",
                  offset: position, in: input)
              }
            }
          } else {
            // Read an unquoted field up to the delimiter or the line's end.
            everyFieldQuoted = false
            while true {
              // Sixteen bytes at a time, the last few (fewer than sixteen
              // before the end) one by one.
              if position &+ ByteClassifier.width <= count {
                let found = ByteClassifier.firstUnquotedFieldStop(
                  raw, position, delimiter: delimiters)
                position &+= found
                if found == ByteClassifier.width { continue }
              } else {
                while position < count, classes[Int(input[position])] & endsUnquotedRun == 0 {
                  position += 1
                }
              }
              guard position < count, input[position] >= 0x80 else { break }
              position = try utf8SequenceEnd(input, at: position)
            }
          }
          if fields == rowKeyColumn { keys.appendCSVKey(input, fieldStart..<position) }
          fields += 1
          rowEnd = position
          guard position < count else { break }
          let byte = input[position]
          position += 1
          if byte == delimiter { continue }
          if byte == carriageReturn {
            guard position < count, input[position] == lineFeed else {
              throw InputError(
                "a carriage return outside quotes must be followed by a line feed "
                  + "(lines ending in CR alone are not supported)",
                offset: position - 1, in: input)
            }
            position += 1
          }
          line += 1
          break
        }
      }
      // Record the row and check its width against the first row's.
      rows.lineStarts.append(UInt32(truncatingIfNeeded: rowStart))
      rows.lineNumbers.append(UInt32(truncatingIfNeeded: rowLine))
      if known != nil { rows.knownPartners.append(-1) }
      if capturing { keyEnds.append(keys.count) }
      let blank = fields == 1 && rowEnd == rowStart
      if columnCount < 0 {
        columnCount = fields
        rows.columnCount = fields
        rows.firstRowBlank = blank
      } else if fields != columnCount {
        throw widthError(
          line: TextPosition(offset: rowStart, in: input).line, fields: fields,
          columnCount: columnCount, blank: blank)
      }
    }
  }

  /// The error for a row of `fields` fields under a header of
  /// `columnCount` (`blank` when the row is an empty line), located at the
  /// row's first column.
  static func widthError(line: Int, fields: Int, columnCount: Int, blank: Bool)
    -> InputError
  {
    if blank {
      return InputError(
        "line \(line) is empty, the header has \(columnCount) fields", line: line, column: 1)
    }
    let header = columnCount == 1 ? "the header has 1" : "the header has \(columnCount)"
    let row = fields == 1 ? "has 1 field" : "has \(fields) fields"
    return InputError("line \(line) \(row), \(header)", line: line, column: 1)
  }

  /// The end of the well-formed UTF-8 sequence that starts at `position`
  /// (a byte of 0x80 or more).
  ///
  /// - Throws: `InputError` at `position` when the sequence is not
  ///   well-formed UTF-8 (Unicode Table 3-7: no overlong forms, no
  ///   surrogates, nothing above U+10FFFF).
  private static func utf8SequenceEnd(_ input: UnsafeBufferPointer<UInt8>, at position: Int)
    throws(InputError) -> Int
  {
    let length = UTF8Validation.sequenceLength(input, at: position, limit: input.count)
    guard length > 0 else { throw invalidUTF8(input, at: position) }
    return position + length
  }

  /// The error for invalid UTF-8 at `position`.
  private static func invalidUTF8(_ input: UnsafeBufferPointer<UInt8>, at position: Int)
    -> InputError
  {
    let hex = String(input[position], radix: 16, uppercase: true)
    return InputError(
      "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex))", offset: position, in: input)
  }
}
