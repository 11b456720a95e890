extension CSVTable {
  /// Record `row` as the text of a JSON object of strings, on one line as
  /// the documents write values (`{"id": "7", "name": "Ada"}`): the same
  /// bytes as ``value(ofRow:)`` written inline, without building it.
  ///
  /// - Parameter row: a record index, `0..<rowCount`.
  /// - Returns: the object's text.
  /// - Complexity: O(length of the row and the header).
  public func objectText(ofRow row: Int) -> [UInt8] {
    let fields = rawFieldRanges(ofRow: row)
    var out: [UInt8] = []
    out.reserveCapacity(rowRange(row).count + headerText + 2 * columnCount + 8)
    out.append(UInt8(ascii: "{"))
    bytes.withUnsafeBufferPointer { bytes in
      for (column, range) in fields.enumerated() {
        if column > 0 { out += ", ".utf8 }
        JSONWriter.write(headerStrings[column], to: &out)
        out += ": \"".utf8
        if !range.isEmpty, bytes[range.lowerBound] == UInt8(ascii: "\"") {
          CSVTable.decodeField(self.bytes, range).withUnsafeBufferPointer {
            JSONString.appendEscaped($0, to: &out)
          }
        } else {
          JSONString.appendEscaped(UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
        }
        out.append(UInt8(ascii: "\""))
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
}
