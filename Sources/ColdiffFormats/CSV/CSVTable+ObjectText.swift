extension CSVTable {
  /// Record `row` as the text of a JSON object of strings, on one line as
  /// the documents write values (`{"id": "7", "name": "Ada"}`): the same
  /// bytes as ``value(ofRow:)`` written inline, without building it.
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Returns: the object's text.
  /// - Complexity: O(length of the row and the header).
  public func objectText(ofRow row: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(rowRange(row).count + memberPrefixes.bytes.count + 8)
    appendObjectText(ofRow: row, to: &out)
    return out
  }

  /// Appends the text ``objectText(ofRow:)`` gives to `out`: each field's
  /// text after its member's prefix made once from the header, its value
  /// escaped in runs, a quoted field's without its quotes and with each
  /// `""` written as `\"`.
  ///
  /// - Parameters:
  ///   - row: a record index, `0..<rowCount`.
  ///   - out: where to append.
  /// - Complexity: O(length of the row and the header).
  public func appendObjectText(ofRow row: Int, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "{"))
    // (A row the scan copied is read in its copy.)
    withRowBytes(row) { bytes, start in
      var start = start
      memberPrefixes.bytes.withUnsafeBufferPointer { prefixes in
        var prefixStart = 0
        for column in 0..<columnCount {
          let prefixEnd = memberPrefixes.ends[column]
          out.append(contentsOf: UnsafeBufferPointer(rebasing: prefixes[prefixStart..<prefixEnd]))
          prefixStart = prefixEnd
          let end = CSVTable.fieldEnd(bytes, from: start, delimiter: delimiter)
          CSVTable.appendEscapedValue(bytes, start..<end, to: &out)
          start = end + 1
        }
      }
    }
    if columnCount > 0 { out.append(UInt8(ascii: "\"")) }
    out.append(UInt8(ascii: "}"))
  }

  /// Appends field `column` of record `row` as a JSON string, quotes
  /// included: the same bytes as `JSONString(utf8: field(row:column:))`
  /// written, without decoding the field into an array first.
  ///
  /// - Parameters:
  ///   - row: a record index, `0..<rowCount`.
  ///   - column: a column index, `0..<columnCount`.
  ///   - out: where to append.
  /// - Complexity: O(length of the row up to the field's end).
  package func appendStringText(row: Int, column: Int, to out: inout [UInt8]) {
    precondition(column >= 0 && column < columnCount, "column \(column) is out of range")
    out.append(UInt8(ascii: "\""))
    // (A row the scan copied is read in its copy.)
    withRowBytes(row) { bytes, start in
      let field = CSVTable.fieldRange(column, in: bytes, row: start, delimiter: delimiter)
      CSVTable.appendEscapedValue(bytes, field, to: &out)
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Appends the value of the valid field written at `range` of `bytes`
  /// (``decodeField(_:_:)``'s) as the text between a JSON string's
  /// quotes: a quoted field's runs between its doubled quotes escaped
  /// one by one, each `""` between them written as `\"`.
  private static func appendEscapedValue(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8]
  ) {
    let quote = UInt8(ascii: "\"")
    guard !range.isEmpty, bytes[range.lowerBound] == quote else {
      JSONString.appendEscaped(UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
      return
    }
    let end = range.upperBound - 1
    var run = range.lowerBound + 1
    var index = run
    while index < end {
      guard bytes[index] == quote else {
        index += 1
        continue
      }
      // A doubled quote: one `"` of the value.
      JSONString.appendEscaped(UnsafeBufferPointer(rebasing: bytes[run..<index]), to: &out)
      out.append(UInt8(ascii: "\\"))
      out.append(quote)
      index += 2
      run = index
    }
    JSONString.appendEscaped(UnsafeBufferPointer(rebasing: bytes[run..<end]), to: &out)
  }

  /// The text before each field's value in a row's object text, back to
  /// back: the first `"name": "`, each other `", "name": "` (the
  /// value before it closed), every name as the header's JSON string
  /// writes it.
  struct MemberPrefixes: Sendable {
    /// The prefixes, back to back.
    let bytes: [UInt8]
    /// Where each column's prefix ends in ``bytes``.
    let ends: [Int]

    /// The prefixes of a header whose names are `names`.
    init(_ names: [JSONString]) {
      var bytes: [UInt8] = []
      var ends: [Int] = []
      for (column, name) in names.enumerated() {
        if column > 0 { bytes += "\", ".utf8 }
        JSONWriter.write(name, to: &bytes)
        bytes += ": \"".utf8
        ends.append(bytes.count)
      }
      self.bytes = bytes
      self.ends = ends
    }
  }
}
