/// The byte scan of one CSV or TSV row, field by field, with every error
/// (the rows that ``CSVBlockRow`` does not take), and the walk over a
/// quoted field that both readers share.
extension CSVIndex {
  /// Where the walk over a quoted field stopped
  /// (``walkQuotedField(_:from:lineFeeds:wholeBlocksOnly:)``).
  enum QuotedFieldStop {
    /// The field is closed: `end` is just after its closing quote.
    case closed(end: Int)
    /// The input ends before the field's closing quote.
    case unclosed
    /// The bytes at `offset` are not well-formed UTF-8.
    case invalidUTF8(offset: Int)
    /// The walk reached the last sixteen bytes of the input (only when
    /// asked to read whole blocks only).
    case nearEnd
  }

  /// Walks the quoted field whose opening `"` is at `opening` up to its
  /// closing quote, sixteen bytes at a time, a doubled `""` standing for
  /// one `"`, counting its line feeds into `lineFeeds` and checking its
  /// non-ASCII bytes as UTF-8.
  ///
  /// - Parameters:
  ///   - input: the input.
  ///   - opening: where the field's opening quote is.
  ///   - lineFeeds: incremented by each line feed read in the field.
  ///   - wholeBlocksOnly: stop with `.nearEnd` instead of reading the
  ///     last few bytes (fewer than sixteen before the input's end) one by
  ///     one.
  /// - Returns: where the walk stopped, the first problem it met.
  /// - Complexity: O(length of the field).
  @inline(__always)
  static func walkQuotedField(
    _ input: UnsafeBufferPointer<UInt8>, from opening: Int, lineFeeds: inout Int,
    wholeBlocksOnly: Bool
  ) -> QuotedFieldStop {
    guard let base = input.baseAddress else { return .unclosed }
    let raw = UnsafeRawPointer(base)
    let count = input.count
    var position = opening &+ 1
    while true {
      if position &+ ByteClassifier.width <= count {
        let found = ByteClassifier.firstQuotedFieldStop(raw, position)
        position &+= found
        if found == ByteClassifier.width { continue }
      } else {
        if wholeBlocksOnly { return .nearEnd }
        while position < count {
          let byte = input[position]
          if byte == quote || byte == lineFeed || byte >= 0x80 { break }
          position &+= 1
        }
        guard position < count else { return .unclosed }
      }
      let byte = input[position]
      if byte == quote {
        // A doubled quote stands for one; a lone one closes the field.
        guard position &+ 1 < count, input[position &+ 1] == quote else {
          return .closed(end: position &+ 1)
        }
        position &+= 2
      } else if byte == lineFeed {
        lineFeeds &+= 1
        position &+= 1
      } else {
        let length = UTF8Validation.sequenceLength(input, at: position, limit: count)
        guard length > 0 else { return .invalidUTF8(offset: position) }
        position &+= length
      }
    }
  }

  /// Reads the row at `position` field by field, moving `position` to
  /// the next row's start and `line` past the row's line feeds.
  ///
  /// - Parameters:
  ///   - keyColumn: the column whose canonical key bytes go to `keys`, -1
  ///     for none.
  ///   - everyFieldQuoted: set to `false` when a field is not quoted.
  /// - Returns: the row's number of fields and where its last field ends.
  /// - Throws: `InputError` at the first problem in the row.
  /// - Complexity: O(length of the row).
  @inline(__always)
  static func readRowBytes(
    _ input: UnsafeBufferPointer<UInt8>, at position: inout Int, line: inout Int,
    delimiter: UInt8, delimiters: SIMD16<UInt8>, keyColumn: Int,
    keys: inout MappedBuffer<UInt8>, everyFieldQuoted: inout Bool
  ) throws(InputError) -> (fields: Int, end: Int) {
    let count = input.count
    var fields = 0
    while true {
      let fieldStart = position
      if position < count, input[position] == quote {
        position = try quotedFieldEnd(input, from: position, delimiter: delimiter, line: &line)
      } else {
        everyFieldQuoted = false
        position = try unquotedFieldEnd(input, from: position, delimiters: delimiters)
      }
      if fields == keyColumn { keys.appendCSVKey(input, fieldStart..<position) }
      fields += 1
      let end = position
      guard position < count else { return (fields, end) }
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
      return (fields, end)
    }
  }

  /// Where the quoted field whose `"` is at `opening` ends (after its
  /// closing quote), which must be followed by the delimiter, a line
  /// ending or the input's end; `line` moves past its line feeds.
  ///
  /// - Throws: `InputError` for an unclosed field, invalid UTF-8 or text
  ///   after the closing quote.
  @inline(__always)
  private static func quotedFieldEnd(
    _ input: UnsafeBufferPointer<UInt8>, from opening: Int, delimiter: UInt8, line: inout Int
  ) throws(InputError) -> Int {
    let position: Int
    switch walkQuotedField(input, from: opening, lineFeeds: &line, wholeBlocksOnly: false) {
    case .closed(let end): position = end
    case .invalidUTF8(let offset): throw invalidUTF8(input, at: offset)
    case .unclosed, .nearEnd:
      throw InputError(
        "this quoted field is never closed (no matching `\"` before the end of the file)",
        offset: opening, in: input)
    }
    if position < input.count {
      let byte = input[position]
      guard byte == delimiter || byte == lineFeed || byte == carriageReturn else {
        throw InputError(
          "unexpected text after the closing quote of a field "
            + "(a `\"` inside a quoted field is written `\"\"`)",
          offset: position, in: input)
      }
    }
    return position
  }

  /// Where the unquoted field that starts at `start` ends: at the
  /// delimiter, CR or LF after it, or the input's end.
  ///
  /// - Throws: `InputError` for invalid UTF-8.
  @inline(__always)
  private static func unquotedFieldEnd(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, delimiters: SIMD16<UInt8>
  ) throws(InputError) -> Int {
    guard let base = input.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    let count = input.count
    let delimiter = delimiters[0]
    var position = start
    while true {
      // Sixteen bytes at a time, the last few (fewer than sixteen before
      // the end) one by one.
      if position &+ ByteClassifier.width <= count {
        let found = ByteClassifier.firstUnquotedFieldStop(raw, position, delimiter: delimiters)
        position &+= found
        if found == ByteClassifier.width { continue }
      } else {
        while position < count {
          let byte = input[position]
          if byte == delimiter || byte == lineFeed || byte == carriageReturn || byte >= 0x80 {
            break
          }
          position &+= 1
        }
      }
      guard position < count, input[position] >= 0x80 else { return position }
      let length = UTF8Validation.sequenceLength(input, at: position, limit: count)
      guard length > 0 else { throw invalidUTF8(input, at: position) }
      position += length
    }
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
