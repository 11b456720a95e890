/// A CSV or TSV file read into memory: its bytes and an index of where
/// each row is (RFC 4180, SPEC §2 and §7.13).
///
/// The first row is the header; the records are the rows after it. Nothing
/// is decoded on reading: the table keeps only a start offset and a line
/// number per row (8 bytes), so a row or a field is a byte range of
/// ``bytes`` until someone asks for its value, and a field is found by
/// going over its row. A field whose first byte is `"` is quoted; its
/// value is the text between the quotes with each `""` read as one `"`. A
/// `"` anywhere else in a field is an ordinary character (as in
/// `5'11"`), and spaces around a field are part of it.
///
/// Example:
///
/// ```swift
/// let table = try CSVTable(bytes: Array("id,name\n1,\"Ann, Jr.\"\n".utf8))
/// table.rowCount                      // 1
/// table.field(row: 0, column: 1)      // the bytes of `Ann, Jr.`
/// ```
public struct CSVTable: Sendable {
  /// The table's parts, held by reference: a copy of the table (as a
  /// snapshot's storage is copied each time it is switched over) is one
  /// retain, not one for each of its arrays.
  private let parts: Parts

  /// The whole file, byte order mark included, exactly as read.
  public var bytes: SourceBytes { parts.bytes }
  /// The field separator: `,` for CSV, a tab for TSV.
  public var delimiter: UInt8 { parts.delimiter }
  /// Whether the file starts with a UTF-8 byte order mark (skipped for
  /// reading, written again by ``write(header:rows:)``).
  public var hasByteOrderMark: Bool { parts.hasByteOrderMark }
  /// The header's column names, decoded, in written order (empty for a
  /// zero-byte file).
  public var header: [[UInt8]] { parts.header }
  /// Whether every field of the file, header included, is quoted (then new
  /// fields are written quoted too).
  public var quotesEveryField: Bool { parts.quotesEveryField }

  /// Where the empty lines at the end of the file start (``bytes``'s
  /// length when there are none): they are not records, and a written
  /// table ends with them again (SPEC §8.1.3).
  public var recordsEnd: Int { parts.recordsEnd }
  /// The start offset of every line (a row, which may span several text
  /// lines), the header first.
  var lineStarts: [UInt32] { parts.lineStarts }
  /// The 1-based text line on which each line starts, the header first;
  /// empty when line `i` starts on text line `i + 1` for every `i`
  /// (`CSVIndex.lineNumbers`).
  var lineNumbers: [UInt32] { parts.lineNumbers }
  /// For each line, when the scan took the rows of another file whole
  /// (`CSVKnownRows`, OLD's when this is NEW): that file's line (0 its
  /// header) with the same bytes, or -1; empty when the scan had no
  /// other file. A row taken whole has the same bytes as that line, its
  /// line ending included.
  package var knownPartners: [Int32] { parts.knownPartners }
  /// The prefix hashes of about one line in `KnownRecords.sampling`
  /// that the scan made (`CSVIndex.prefixSamples`), empty when it made
  /// none: `CSVKnownRows` puts them in its table of prefixes.
  var prefixSamples: [KnownRecords.Sample] { parts.prefixSamples }
  /// The canonical key bytes of one column of every row, made by the
  /// scan when it was given that column's name
  /// (``init(bytes:delimiter:chunking:known:keyName:)``), until taken
  /// (``takeCapturedKeys(column:)``).
  private var capturedKeysHolder: CSVCapturedKeysHolder { parts.capturedKeysHolder }
  /// The canonical key bytes of the rows of the file whose rows the scan
  /// took whole (`CSVKnownRows`, OLD's), when the scan left the key of
  /// each row it took whole (from a data row) to that row, holding it
  /// empty in ``capturedKeys``: those keys are the same column's (the
  /// rows have the same bytes). `nil` when the scan made every key.
  package var partnerKeys: CSVCapturedKeys? { parts.partnerKeys }
  /// Copies of the records the scan read instead of taking them whole
  /// from another file's (NEW's changed, moved and inserted rows, made
  /// while each was in the cache), when the scan let the input's pages
  /// go: the comparison and the document read those rows there
  /// (``withRowBytes(_:_:)``), not in the input, which they would map
  /// again whole. Empty for most tables.
  package var copies: RecordCopies { parts.copies }
  /// The column index of each header name.
  var columnIndex: [[UInt8]: Int] { parts.columnIndex }
  /// The header's names as JSON strings, the member names of the rows'
  /// objects.
  var headerStrings: [JSONString] { parts.headerStrings }
  /// The text before each field's value in a row's object text
  /// (``objectText(ofRow:)``), made once from the header.
  var memberPrefixes: MemberPrefixes { parts.memberPrefixes }

  /// What a table holds (``CSVTable``'s properties of the same names).
  private final class Parts: Sendable {
    let bytes: SourceBytes
    let delimiter: UInt8
    let hasByteOrderMark: Bool
    let header: [[UInt8]]
    let quotesEveryField: Bool
    let recordsEnd: Int
    let lineStarts: [UInt32]
    let lineNumbers: [UInt32]
    let knownPartners: [Int32]
    let prefixSamples: [KnownRecords.Sample]
    let capturedKeysHolder: CSVCapturedKeysHolder
    let partnerKeys: CSVCapturedKeys?
    let copies: RecordCopies
    let columnIndex: [[UInt8]: Int]
    let headerStrings: [JSONString]
    let memberPrefixes: MemberPrefixes

    init(
      bytes: SourceBytes, delimiter: UInt8, hasByteOrderMark: Bool, header: [[UInt8]],
      quotesEveryField: Bool, lineStarts: [UInt32], lineNumbers: [UInt32],
      columnIndex: [[UInt8]: Int], recordsEnd: Int, knownPartners: [Int32],
      prefixSamples: [KnownRecords.Sample], capturedKeys: CSVCapturedKeys?,
      partnerKeys: CSVCapturedKeys?, copies: RecordCopies
    ) {
      (self.bytes, self.delimiter, self.hasByteOrderMark) = (bytes, delimiter, hasByteOrderMark)
      (self.header, self.quotesEveryField, self.recordsEnd) = (header, quotesEveryField, recordsEnd)
      (self.lineStarts, self.lineNumbers) = (lineStarts, lineNumbers)
      (self.knownPartners, self.columnIndex) = (knownPartners, columnIndex)
      self.prefixSamples = prefixSamples
      capturedKeysHolder = CSVCapturedKeysHolder(capturedKeys)
      (self.partnerKeys, self.copies) = (partnerKeys, copies)
      headerStrings = header.map { CSVTable.jsonString($0) }
      memberPrefixes = MemberPrefixes(headerStrings)
    }
  }

  /// Makes a table from the index the reader built.
  init(
    bytes: SourceBytes, delimiter: UInt8, hasByteOrderMark: Bool, header: [[UInt8]],
    quotesEveryField: Bool, lineStarts: [UInt32], lineNumbers: [UInt32],
    columnIndex: [[UInt8]: Int], recordsEnd: Int, knownPartners: [Int32] = [],
    prefixSamples: [KnownRecords.Sample] = [], capturedKeys: CSVCapturedKeys? = nil,
    partnerKeys: CSVCapturedKeys? = nil, copies: RecordCopies = RecordCopies()
  ) {
    parts = Parts(
      bytes: bytes, delimiter: delimiter, hasByteOrderMark: hasByteOrderMark, header: header,
      quotesEveryField: quotesEveryField, lineStarts: lineStarts, lineNumbers: lineNumbers,
      columnIndex: columnIndex, recordsEnd: recordsEnd, knownPartners: knownPartners,
      prefixSamples: prefixSamples, capturedKeys: capturedKeys, partnerKeys: partnerKeys,
      copies: copies)
  }

  /// The canonical key bytes of one column of every row that the scan
  /// made, unless they were taken (``takeCapturedKeys(column:)``), else
  /// `nil`.
  package var capturedKeys: CSVCapturedKeys? { capturedKeysHolder.keysLeft }

  /// The canonical key bytes the scan made for `column`, handed over
  /// once: afterwards (and for another column) `nil`, and the keys are
  /// made by walking the rows. Every copy of the table shares them.
  package func takeCapturedKeys(column: Int) -> CSVCapturedKeys? {
    capturedKeysHolder.take(column: column)
  }

  /// The number of columns (0 for a zero-byte file).
  public var columnCount: Int { header.count }

  /// The number of records (rows after the header).
  public var rowCount: Int { max(lineStarts.count - 1, 0) }

  /// The index of the column named `name`, or `nil`.
  ///
  /// - Complexity: O(length of `name`) on average.
  public func column(named name: [UInt8]) -> Int? {
    name.withUnsafeBufferPointer { column(named: $0) }
  }

  /// The index of the column named by the bytes `name`, or `nil`: the
  /// names of a header of up to ``columnsCompared`` columns compared in
  /// turn (cheaper than hashing the name), a longer header's looked up.
  ///
  /// - Complexity: O(length of `name`) on average.
  public func column(named name: UnsafeBufferPointer<UInt8>) -> Int? {
    let header = parts.header
    guard header.count <= CSVTable.columnsCompared else { return columnIndex[Array(name)] }
    return header.firstIndex { column in
      column.count == name.count
        && column.withUnsafeBufferPointer { $0.sameBytes(0..<name.count, as: name, 0..<name.count) }
    }
  }

  /// The most columns whose names `column(named:)` compares in
  /// turn instead of looking the name up.
  static let columnsCompared = 16
}
