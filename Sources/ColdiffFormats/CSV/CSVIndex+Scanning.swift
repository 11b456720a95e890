import ColdiffCore

extension CSVIndex {
  static let quote = UInt8(ascii: "\"")
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D

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
  @inline(never)  // One call a file: `Benchmarks/instructions` counts the scan by it.
  init(
    scanning input: UnsafeBufferPointer<UInt8>, delimiter: UInt8,
    chunking: ScanChunking = .automatic, known: CSVKnownRows? = nil, keyColumn: Int = -1
  ) throws(InputError) {
    let count = input.count
    guard count < Int(UInt32.max) else {
      throw InputError("the file is 4 GiB or larger, more than the CSV reader takes")
    }
    let recordsEnd = CSVIndex.recordsEnd(input)
    self = try CSVIndex.scan(
      UnsafeBufferPointer(rebasing: input[0..<recordsEnd]), delimiter: delimiter,
      chunking: chunking, known: known?.delimiter == delimiter ? known : nil, keyColumn: keyColumn)
    self.recordsEnd = recordsEnd
  }

  /// Indexes `input` (up to the empty lines at its end), a large one in
  /// chunks (`CSVIndex+Chunks`).
  private static func scan(
    _ input: UnsafeBufferPointer<UInt8>, delimiter: UInt8, chunking: ScanChunking,
    known: CSVKnownRows?, keyColumn: Int
  ) throws(InputError) -> CSVIndex {
    var index = CSVIndex()
    index.keyColumn = keyColumn
    index.keysLeftToPartners = leavesKeys(to: known, keyColumn: keyColumn)
    var start = 0
    if CSVTable.startsWithByteOrderMark(input) {
      index.hasByteOrderMark = true
      start = 3
    }
    if let bounds = chunking.bounds(from: start, to: input.count) {
      try index.scanInChunks(
        bounds, input, delimiter: delimiter, chunking: chunking, known: known,
        keyColumn: keyColumn)
      return index
    }
    var rows = CSVRows()
    try scanRows(
      input, from: start, startingBefore: input.count, delimiter: delimiter, known: known,
      keyColumn: keyColumn, into: &rows)
    index.lineStarts = Array(rows.lineStarts.elements)
    if let keys = rows.keys {
      index.canonicalKeys = Array(keys.bytes)
      index.canonicalKeyEnds = Array(keys.keyEnds)
    }
    index.lineNumbers = rows.lineNumbers
    index.knownPartners = Array(rows.knownPartners.elements)
    index.prefixSamples = rows.prefixSamples
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
  /// A row with the same bytes as one of `known` (OLD's, when this is
  /// NEW) is taken whole once the first row has set the width, when the
  /// widths agree and OLD's rows do not change whether every field is
  /// quoted. Most other rows are read sixteen bytes at a time
  /// (``CSVBlockRow``); the rest byte by byte
  /// (``readRowBytes(_:at:line:delimiter:delimiters:keyColumn:keys:everyFieldQuoted:)``),
  /// which gives every error.
  ///
  /// With a `keyColumn` (0 or more), the canonical bytes of each row's
  /// field in that column go to `rows.keys` as the row is read, the
  /// header's (the row at the input's start, after a byte order mark)
  /// empty. A row taken whole from a data row of `known` has an empty
  /// key when `known`'s keys are that column's (``leavesKeys(to:keyColumn:)``:
  /// its key is that row's), else its key copied or read from `known`.
  ///
  /// Without `known`, the prefix of one row in `KnownRecords.sampling`
  /// is hashed while it is in the cache (`rows.prefixSamples`), for the
  /// scan of another file that takes this one's rows
  /// (`CSVKnownRows`). With `known` and `copying`, each record read
  /// instead of taken whole is copied while it is in the cache, without
  /// its line ending (`rows.copies`, by line from `start`).
  ///
  /// Long by design: hot scanner loop (every row of a table, what it
  /// reads bound in locals once).
  static func scanRows(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, startingBefore limit: Int,
    delimiter: UInt8, known: CSVKnownRows? = nil, keyColumn: Int = -1, copying: Bool = false,
    into rows: inout CSVRows
  ) throws(InputError) {
    let delimiters = ByteClassifier.splat(delimiter)
    var position = start
    // Guess rows of 64 bytes: at most 1/8 of the input's size reserved.
    rows.lineStarts.reserve((limit - start) / 64 + 1)
    if known != nil { rows.knownPartners.reserve((limit - start) / 64 + 1) }
    // Guess keys of at most a sixth of the rows' bytes (the buffer grows),
    // unless the rows hold buffers a scan before wrote.
    let capturing = keyColumn >= 0
    let buffers =
      rows.keys
      ?? CSVKeyBytes(
        bytes: capturing ? (limit - start) / 6 : 1, rows: capturing ? (limit - start) / 64 + 1 : 1)
    var (keys, keyEnds) = (buffers.keys, buffers.ends)
    let headerStart = CSVTable.startsWithByteOrderMark(input) ? 3 : 0
    // Bound once (an optional bound for each row is a retain and a release
    // of an object the other cores' scans share), its table too.
    let knownRows = known ?? CSVKnownRows.none
    let knownRecords = knownRows.records
    let takesKnownRows = known != nil
    let leavesKnownKeys = leavesKeys(to: known, keyColumn: keyColumn)
    var (line, everyFieldQuoted, lastKnown) = (1, true, -1)
    defer {
      rows.end = position
      rows.lineFeeds = line - 1
      rows.everyFieldQuoted = everyFieldQuoted
      // (Rows' key ends kept unchecked: all fit once the last one does.)
      if capturing { _ = KeyArena.keyOffset(keys.count) }
      buffers.update(keys: keys, ends: keyEnds)
      rows.keys = capturing ? buffers : nil
    }
    while position < limit {
      let rowStart = position
      let rowLine = line
      let rowKeyColumn = rowStart == headerStart ? -1 : keyColumn
      if takesKnownRows, rows.columnCount == knownRows.columnCount,
        !everyFieldQuoted || knownRows.quotesEveryField,
        let row = knownRecords.find(in: input, at: position, after: lastKnown)
      {
        // A row of OLD's, taken whole.
        lastKnown = row
        position += knownRecords.length(of: row)
        line += knownRows.lineFeeds(ofLine: row)
        rows.note(start: rowStart, line: rowLine, partner: row)
        if capturing {
          if rowKeyColumn >= 0, !leavesKnownKeys || row == 0 {
            knownRows.appendKey(ofLine: row, column: rowKeyColumn, to: &keys)
          }
          keyEnds.append(UInt32(truncatingIfNeeded: keys.count))
        }
        continue
      }
      let fields: Int
      let rowEnd: Int
      if let row = CSVBlockRow.read(
        input, at: position, delimiter: delimiter, delimiterBlock: delimiters,
        keyColumn: rowKeyColumn)
      {
        // Most rows: sixteen bytes at a time.
        if rowKeyColumn >= 0 { keys.appendCSVKey(input, row.key) }
        (fields, rowEnd) = (row.fields, row.contentEnd)
        position = row.next
        line += 1 + row.quotedLineFeeds
        if row.quotedFields < row.fields { everyFieldQuoted = false }
      } else {
        (fields, rowEnd) = try readRowBytes(
          input, at: &position, line: &line, delimiter: delimiter, delimiters: delimiters,
          keyColumn: rowKeyColumn, keys: &keys, everyFieldQuoted: &everyFieldQuoted)
      }
      rows.note(start: rowStart, line: rowLine, partner: takesKnownRows ? -1 : nil)
      rows.noteRead(
        rowStart..<position, contentEnd: rowEnd, in: input, withKnown: takesKnownRows,
        copying: copying && rowStart != headerStart)
      if capturing { keyEnds.append(UInt32(truncatingIfNeeded: keys.count)) }
      try rows.checkWidth(fields, blank: fields == 1 && rowEnd == rowStart, at: rowStart, in: input)
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
}
