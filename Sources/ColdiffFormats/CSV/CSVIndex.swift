/// Where the rows of a CSV file are: what one pass of
/// ``CSVIndex/init(scanning:delimiter:)`` finds, before the header is
/// decoded.
struct CSVIndex {
  /// Whether the input starts with a UTF-8 byte order mark.
  var hasByteOrderMark = false
  /// The number of fields of the first line (the header), 0 when there is
  /// no line.
  var columnCount = 0
  /// The start offset of each line (a row, possibly several text lines).
  var lineStarts: [UInt32] = []
  /// The 1-based text line on which each line starts; empty when line
  /// `i` starts on text line `i + 1` for every `i` (no quoted field holds
  /// a line feed before the last line; ``lineNumber(ofLine:)``).
  var lineNumbers: [UInt32] = []
  /// For each line, when the scan took the rows of another file whole:
  /// that file's line (0 its header) with the same bytes, or -1; empty
  /// when the scan had no other file.
  var knownPartners: [Int32] = []
  /// The prefix hashes of about one line in `KnownRecords.sampling`, by
  /// line, made by a scan without another file's rows (`CSVRows`).
  var prefixSamples: [KnownRecords.Sample] = []
  /// Whether there is at least one line and every field is quoted.
  var quotesEveryField = false
  /// Where the empty lines at the end of the file start (the input's
  /// length when there are none): they are not records (SPEC §8.1.3).
  var recordsEnd = 0
  /// The column whose canonical key bytes the scan made for each line,
  /// -1 for none.
  var keyColumn = -1
  /// The key column's canonical bytes, each row's back to back (only
  /// when `keyColumn` is a column; the header's is empty).
  var canonicalKeys: [UInt8] = []
  /// Where each line's key ends in `canonicalKeys` (only when
  /// `keyColumn` is a column).
  var canonicalKeyEnds: [UInt32] = []
  /// Whether the scan left the key of each data row it took whole from
  /// another file's (`CSVKnownRows`) to that row, holding it empty in
  /// `canonicalKeys` (``leavesKeys(to:keyColumn:)``).
  var keysLeftToPartners = false
  /// Copies of the records a scan that lets the input's pages go read
  /// instead of taking them whole from another file's, by record (not
  /// line); empty otherwise (`CSVTable.copies`).
  var copies = RecordCopies()
}

extension CSVIndex {
  /// Whether a scan making the keys of `keyColumn` leaves the key of each
  /// row it takes whole from a data row of `known` to that row: when
  /// `known`'s keys are that column's, so that the row's key is there.
  static func leavesKeys(to known: CSVKnownRows?, keyColumn: Int) -> Bool {
    keyColumn >= 0 && known?.keyColumn == keyColumn
  }

  /// The 1-based text line on which line `line` starts.
  func lineNumber(ofLine line: Int) -> Int {
    lineNumbers.isEmpty ? line + 1 : Int(lineNumbers[line])
  }
}
