extension CSVTable {
  /// The delimiter of CSV files.
  public static let comma = UInt8(ascii: ",")
  /// The delimiter of TSV files (which quote as CSV does, SPEC §7.13).
  public static let tab: UInt8 = 0x09

  /// Reads a whole CSV or TSV file.
  ///
  /// A zero-byte file (or one holding only a byte order mark) is an empty
  /// table without header (SPEC §7.11); a file with only a header has no
  /// records; empty lines at the end of the file are not records
  /// (SPEC §8.1.3). Line endings may be LF or CRLF, inside quotes as well, and
  /// are kept as found. See ``CSVTable`` for the quoting rules.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes.
  ///   - delimiter: ``comma`` or ``tab`` (any ASCII byte other than `"`,
  ///     CR and LF works).
  /// - Throws: `InputError` with the line and column of the problem: a
  ///   quoted field that is never closed, text after a closing quote, a CR
  ///   outside quotes that is not followed by LF, invalid UTF-8, a row
  ///   whose number of fields differs from the header's
  ///   (`line 7 has 4 fields, the header has 5`), or two columns of the
  ///   same name.
  /// - Complexity: O(n) in the file's length, one pass; memory: 8 bytes a
  ///   row besides the bytes.
  public init(bytes: SourceBytes, delimiter: UInt8 = CSVTable.comma) throws(InputError) {
    try self.init(bytes: bytes, delimiter: delimiter, chunking: .automatic.releasing(bytes))
  }

  /// Reads a whole CSV or TSV file, a large one in chunks on every core
  /// (`ScanChunking`); see ``init(bytes:delimiter:)``. The table and the
  /// first error are those of a scan on one thread.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes.
  ///   - delimiter: ``comma`` or ``tab``.
  ///   - chunking: how a large file is cut (tests force small chunks).
  ///   - known: the rows of another file, taken whole where they occur
  ///     again (`CSVKnownRows`); the table is the same.
  ///   - keyName: the name of a column whose fields' canonical key bytes
  ///     the scan makes as it reads each row (``capturedKeys``; the
  ///     likely key), `nil` for none; the table is otherwise the same.
  /// - Throws: `InputError`, as ``init(bytes:delimiter:)``.
  package init(
    bytes: SourceBytes, delimiter: UInt8, chunking: ScanChunking, known: CSVKnownRows? = nil,
    keyName: [UInt8]? = nil
  ) throws(InputError) {
    precondition(
      delimiter < 0x80 && delimiter != UInt8(ascii: "\"") && delimiter != 0x0A
        && delimiter != 0x0D,
      "a CSV delimiter is an ASCII byte other than a quote, CR or LF")
    let index = try bytes.withUnsafeBufferPointer { (input) throws(InputError) -> CSVIndex in
      let headerStart = CSVTable.startsWithByteOrderMark(input) ? 3 : 0
      let keyColumn = keyName.flatMap {
        CSVIndex.headerColumn(named: $0, in: input, from: headerStart, delimiter: delimiter)
      }
      return try CSVIndex(
        scanning: input, delimiter: delimiter, chunking: chunking, known: known,
        keyColumn: keyColumn ?? -1)
    }
    // Decode the header and refuse two columns of one name.
    var header: [[UInt8]] = []
    var columnIndex: [[UInt8]: Int] = [:]
    var start = index.hasByteOrderMark ? 3 : 0
    for column in 0..<index.columnCount {
      let end = bytes.withUnsafeBufferPointer {
        CSVTable.fieldEnd($0, from: start, delimiter: delimiter)
      }
      let name = CSVTable.decodeField(bytes, start..<end)
      if let earlier = columnIndex[name] {
        let shown = String(decoding: name, as: UTF8.self)
        throw bytes.withUnsafeBufferPointer {
          InputError(
            "column \(column + 1) has the same name as column \(earlier + 1): \"\(shown)\"",
            offset: start, in: $0)
        }
      }
      columnIndex[name] = column
      header.append(name)
      start = end + 1
    }
    // Read after the scan let it go, the header mapped its folio again.
    chunking.releasing?.releaseFolios(0..<start)
    // The same names as the other file's: its array, shared.
    if let known, known.header == header { header = known.header }
    let captures = index.keyColumn >= 0 && keyName.flatMap { columnIndex[$0] } == index.keyColumn
    self.init(
      bytes: bytes, delimiter: delimiter, hasByteOrderMark: index.hasByteOrderMark,
      header: header, quotesEveryField: index.quotesEveryField, lineStarts: index.lineStarts,
      lineNumbers: index.lineNumbers, columnIndex: columnIndex, recordsEnd: index.recordsEnd,
      knownPartners: index.knownPartners, prefixSamples: index.prefixSamples,
      capturedKeys: captures
        ? CSVCapturedKeys(
          column: index.keyColumn, bytes: index.canonicalKeys, ends: index.canonicalKeyEnds)
        : nil,
      partnerKeys: captures && index.keysLeftToPartners
        ? known.map { CSVCapturedKeys(column: $0.keyColumn, bytes: $0.keyBytes, ends: $0.keyEnds) }
        : nil,
      copies: index.copies)
  }

  /// Whether `input` starts with a UTF-8 byte order mark.
  static func startsWithByteOrderMark(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
  }

  /// Reads a whole CSV or TSV file held in an array; see
  /// ``init(bytes:delimiter:)``.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes (copied).
  ///   - delimiter: ``comma`` or ``tab``.
  /// - Throws: `InputError`, as ``init(bytes:delimiter:)``.
  public init(bytes: [UInt8], delimiter: UInt8 = CSVTable.comma) throws(InputError) {
    try self.init(bytes: SourceBytes(bytes), delimiter: delimiter)
  }
}
