/// A CSV or TSV row read sixteen bytes at a time: the delimiters outside
/// quotes counted a block at a time instead of field by field, a quoted
/// field passed over to its closing quote.
///
/// ``read(_:at:delimiter:delimiterBlock:keyColumn:)`` takes a row only
/// when it is valid as it stands: each `"` opens a field (first in the
/// row or after a delimiter) and closes it before a delimiter or a line
/// ending, a CR outside quotes comes just before the LF that ends the
/// row, the UTF-8 is well-formed, and the row ends at least sixteen
/// bytes before the input does. Then its fields, its end, its line feeds
/// and its key field are those the byte-by-byte scan
/// (``CSVIndex/scanRows(_:from:startingBefore:delimiter:known:keyColumn:copying:into:)``)
/// would find. Any other row (a `"` inside an unquoted field, a lone CR,
/// invalid UTF-8, a quoted key field, the last rows of the input) gives
/// `nil`, and the byte-by-byte scan reads it, with its exact errors.
///
/// Each block is compared with the delimiter and `"`, and its control
/// and non-ASCII bytes found by one signed compare; a block of plain
/// bytes and delimiters only adds its delimiters to a count per lane. A
/// block with the row's line feed or a byte that needs a look is compared
/// with LF and CR too and has its lanes gathered into bit masks (one bit
/// a byte), read up to that byte.
struct CSVBlockRow {
  /// Where the row's last field ends: its CR or LF.
  let contentEnd: Int
  /// Where the next row starts: after the row's LF.
  let next: Int
  /// The number of fields.
  let fields: Int
  /// The number of quoted fields.
  let quotedFields: Int
  /// The number of line feeds in the row's quoted fields.
  let quotedLineFeeds: Int
  /// The key field's bytes (empty when no key column was asked).
  let key: Range<Int>

  /// Full blocks counted per lane before the counts are added up, so that
  /// no lane's count or their sum goes over 255.
  private static let blocksPerSum = 14

  /// Reads the row that starts at `start` (a row's start) of `input`, or
  /// `nil` when it is not one this reader takes (see ``CSVBlockRow``).
  ///
  /// - Parameters:
  ///   - input: the input (up to the empty lines at its end).
  ///   - start: where the row starts.
  ///   - delimiter: the field separator.
  ///   - delimiterBlock: sixteen copies of `delimiter`.
  ///   - keyColumn: the column whose field's range to give as ``key``,
  ///     -1 for none.
  /// - Complexity: O(length of the row).
  ///
  /// Long by design: hot scanner loop (most rows of a table, sixteen
  /// bytes at a time, its counts kept in locals).
  @inline(__always)
  static func read(
    _ input: UnsafeBufferPointer<UInt8>, at start: Int, delimiter: UInt8,
    delimiterBlock: SIMD16<UInt8>, keyColumn: Int
  ) -> CSVBlockRow? {
    guard let base = input.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let count = input.count
    var key = start..<start
    if keyColumn >= 0 {
      guard
        let found = field(
          keyColumn, of: input, from: start, delimiter: delimiter, delimiterBlock: delimiterBlock)
      else { return nil }
      key = found
    }
    var position = start
    // Non-ASCII bytes before this one are checked as UTF-8.
    var checkedTo = start
    var counts = SIMD16<UInt8>(repeating: 0)
    var (fields, quoted, lineFeedsInQuotes, blocks) = (1, 0, 0, 0)
    while position &+ ByteClassifier.width <= count {
      let block = ByteClassifier.load(raw, position)
      let delimiters = block .== delimiterBlock
      let quotes = block .== ByteClassifier.splat(CSVIndex.quote)
      // One signed compare finds LF, CR and non-ASCII bytes at once, with
      // the other control characters (a tab delimiter aside), which are
      // rare and which the look below passes over as plain bytes.
      let controls = ByteClassifier.controlOrNonASCII(block) .& .!delimiters
      if !ByteClassifier.any(quotes .| controls) {
        counts &+= unsafeBitCast(delimiters, to: SIMD16<UInt8>.self) & SIMD16(repeating: 1)
      } else {
        let lineFeeds = block .== ByteClassifier.splat(CSVIndex.lineFeed)
        let carriageReturns = block .== ByteClassifier.splat(CSVIndex.carriageReturn)
        let nonASCII = unsafeBitCast(block, to: SIMD16<Int8>.self) .< SIMD16<Int8>(repeating: 0)
        // The lanes before the row's line feed or the first quote.
        // (Most such blocks hold only a line feed: each other kind is
        // gathered only when the block has one.)
        let end = ByteClassifier.firstSet(lineFeeds)
        let stop = min(end, ByteClassifier.firstSet(quotes))
        let before: UInt64 = (1 &<< UInt64(truncatingIfNeeded: stop)) &- 1
        if ByteClassifier.any(carriageReturns) {
          let returns = ByteClassifier.bits(carriageReturns) & before
          guard returns == 0 || stop == end && endsLine(returns, end, input, position)
          else { return nil }
        }
        if ByteClassifier.any(nonASCII) {
          guard
            validUTF8(
              ByteClassifier.bits(nonASCII) & before, input, at: position, checkedTo: &checkedTo)
          else { return nil }
        }
        fields &+= (ByteClassifier.bits(delimiters) & before).nonzeroBitCount
        if stop < end {
          // A quoted field, which must open a field.
          let opening = position &+ stop
          guard opening == start || input[opening &- 1] == delimiter,
            case .closed(let fieldEnd) = CSVIndex.walkQuotedField(
              input, from: opening, lineFeeds: &lineFeedsInQuotes, wholeBlocksOnly: true),
            fieldEnd < count
          else { return nil }
          let next = input[fieldEnd]
          guard next == delimiter || next == CSVIndex.lineFeed || next == CSVIndex.carriageReturn
          else { return nil }
          quoted &+= 1
          checkedTo = max(checkedTo, fieldEnd)
          position = fieldEnd
          continue
        }
        if end < ByteClassifier.width {
          let lineFeed = position &+ end
          let crlf = lineFeed > start && input[lineFeed &- 1] == CSVIndex.carriageReturn
          return CSVBlockRow(
            contentEnd: crlf ? lineFeed &- 1 : lineFeed, next: lineFeed &+ 1,
            fields: fields &+ sum(counts), quotedFields: quoted,
            quotedLineFeeds: lineFeedsInQuotes, key: key)
        }
      }
      position &+= ByteClassifier.width
      blocks &+= 1
      if blocks == blocksPerSum {
        fields &+= sum(counts)
        counts = SIMD16(repeating: 0)
        blocks = 0
      }
    }
    return nil
  }
}
