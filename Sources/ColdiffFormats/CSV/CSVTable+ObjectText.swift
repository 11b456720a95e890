extension CSVTable {
  /// Record `row` as the text of a JSON object of strings, on one line as
  /// the documents write values (`{"id": "7", "name": "Ada"}`): the same
  /// bytes as ``value(ofRow:)`` written inline, without building it.
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Returns: the object's text.
  /// - Complexity: O(length of the row and the header).
  public func objectText(ofRow row: Int) -> [UInt8] {
    let range = rowRange(row)
    var out: [UInt8] = []
    out.reserveCapacity(range.count + headerText + 2 * columnCount + 8)
    out.append(UInt8(ascii: "{"))
    bytes.withUnsafeBufferPointer { bytes in
      var start = range.lowerBound
      for column in 0..<columnCount {
        let end = CSVTable.fieldEnd(bytes, from: start, delimiter: delimiter)
        if column > 0 { out += ", ".utf8 }
        JSONWriter.write(headerStrings[column], to: &out)
        out += ": \"".utf8
        CSVTable.appendEscapedField(bytes, start..<end, to: &out)
        out.append(UInt8(ascii: "\""))
        start = end + 1
      }
    }
    out.append(UInt8(ascii: "}"))
    return out
  }

  /// The header's names as written in an object's text, quotes and `: `
  /// included, summed: room reserved for them.
  private var headerText: Int {
    headerStrings.reduce(0) { $0 + $1.raw.count + 4 }
  }

  /// Appends the value of the field written at `range` (see
  /// ``decodeField(_:_:)``) escaped for a JSON string.
  private static func appendEscapedField(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8]
  ) {
    let quote = UInt8(ascii: "\"")
    guard !range.isEmpty, bytes[range.lowerBound] == quote else {
      JSONString.appendEscaped(UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
      return
    }
    var index = range.lowerBound + 1
    let end = range.upperBound - 1
    while index < end {
      let run = index
      while index < end, bytes[index] != quote { index += 1 }
      JSONString.appendEscaped(UnsafeBufferPointer(rebasing: bytes[run..<index]), to: &out)
      guard index < end else { break }
      out += #"\""#.utf8
      index += 2
    }
  }
}
