/// The rows one scan of part of a CSV file found
/// (``CSVIndex/scanRows(_:from:startingBefore:delimiter:known:keyColumn:copying:into:)``),
/// before they join the index.
struct CSVRows {
  /// The start offset of each row.
  var lineStarts = ScanColumn<UInt32>()
  /// The text line on which each row starts, counted from 1 at the
  /// scan's start; empty while each row starts on the line after the
  /// row before it (row `i` on line `i + 1`, no line feed in a quoted
  /// field), as in most files.
  var lineNumbers: [UInt32] = []
  /// For each row, when the scan took the rows of another file whole
  /// (`CSVKnownRows`): that file's line (0 its header) with the same
  /// bytes, or -1; empty when the scan had no other file.
  var knownPartners = ScanColumn<Int32>()
  /// The prefix hashes of about one row in `KnownRecords.sampling`, by
  /// line from the scan's start, when the scan makes them (a file
  /// another's scan may take rows of; `CSVKnownRows`).
  var prefixSamples: [KnownRecords.Sample] = []
  /// Copies of the records read, not taken whole from the other file,
  /// by line from the scan's start; empty unless the scan copies them.
  var copies = RecordCopies(lineFeedAfterEach: true)
  /// The key column's canonical bytes, each row's back to back, and
  /// where each row's key ends (when the scan makes keys;
  /// `CSVCapturedKeys`); a scan given rows that hold them writes into
  /// their buffers.
  var keys: CSVKeyBytes?
  /// The number of fields of the first row, -1 when there is none.
  var columnCount = -1
  /// Whether the first row is an empty line.
  var firstRowBlank = false
  /// Whether every field read is quoted.
  var everyFieldQuoted = true
  /// Where the scan stopped: the start of the next row.
  var end = 0
  /// The number of line feeds from the scan's start to `end`.
  var lineFeeds = 0
  /// The first error in the rows, when the scan stopped at one.
  var error: InputError?
}

extension CSVRows {
  /// Empties the rows for the scan of another part of the file, keeping
  /// the memory of their arrays and key buffers.
  mutating func clear() {
    lineStarts.removeAll()
    lineNumbers.removeAll(keepingCapacity: true)
    knownPartners.removeAll()
    prefixSamples.removeAll(keepingCapacity: true)
    copies = RecordCopies(lineFeedAfterEach: true)
    keys?.clear()
    columnCount = -1
    firstRowBlank = false
    everyFieldQuoted = true
    end = 0
    lineFeeds = 0
    error = nil
  }

  /// Notes the row that starts at `start`, on text line `line`, taken
  /// whole from another file's line `partner` (-1 for a row read, `nil`
  /// when the scan has no other file).
  @inline(__always)
  mutating func note(start: Int, line: Int, partner: Int?) {
    lineStarts.append(UInt32(truncatingIfNeeded: start))
    if !lineNumbers.isEmpty || line != lineStarts.count { noteLine(line) }
    if let partner { knownPartners.append(Int32(truncatingIfNeeded: partner)) }
  }

  /// Notes what the scan keeps of the row just noted, `row` of `input`
  /// with its line ending, read instead of taken whole: without another
  /// file's rows (`withKnown` false), its prefix hash
  /// (``notePrefix(of:in:)``); with them, when `copying`, a copy of its
  /// bytes up to `contentEnd` (``copies``).
  @inline(__always)
  mutating func noteRead(
    _ row: Range<Int>, contentEnd: Int, in input: UnsafeBufferPointer<UInt8>, withKnown: Bool,
    copying: Bool
  ) {
    if !withKnown {
      notePrefix(of: row, in: input)
    } else if copying {
      copies.append(record: lineStarts.count - 1, of: input, range: row.lowerBound..<contentEnd)
    }
  }

  /// Notes the prefix hash of the row just noted, `row` of `input` with
  /// its line ending, when it is one in `KnownRecords.sampling` and long
  /// enough to be taken whole (`prefixSamples`).
  @inline(__always)
  mutating func notePrefix(of row: Range<Int>, in input: UnsafeBufferPointer<UInt8>) {
    let line = lineStarts.count - 1
    guard line % KnownRecords.sampling == 0, let base = input.baseAddress,
      let sample = KnownRecords.Sample(line, at: row.lowerBound, length: row.count, in: base)
    else { return }
    prefixSamples.append(sample)
  }

  /// Notes the line of the row just noted, writing out the lines of the
  /// rows before it when it is the first not on the line after its
  /// predecessor's.
  @inline(never)
  private mutating func noteLine(_ line: Int) {
    if lineNumbers.isEmpty {
      lineNumbers.reserveCapacity(lineStarts.capacity)
      lineNumbers += (1..<lineStarts.count).lazy.map { UInt32(truncatingIfNeeded: $0) }
    }
    lineNumbers.append(UInt32(truncatingIfNeeded: line))
  }

  /// Checks the width of the row read at `start`, `fields` fields
  /// (`blank` when it is an empty line), against the first row's, or
  /// takes it as the width when it is the first.
  ///
  /// - Throws: `InputError` at the row's first column when the widths
  ///   differ.
  @inline(__always)
  mutating func checkWidth(
    _ fields: Int, blank: Bool, at start: Int, in input: UnsafeBufferPointer<UInt8>
  ) throws(InputError) {
    if columnCount < 0 {
      columnCount = fields
      firstRowBlank = blank
    } else if fields != columnCount {
      throw CSVIndex.widthError(
        line: TextPosition(offset: start, in: input).line, fields: fields,
        columnCount: columnCount, blank: blank)
    }
  }
}
