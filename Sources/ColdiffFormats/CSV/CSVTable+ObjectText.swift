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
  /// escaped (``CSVFieldText``), the whole object written in a buffer of
  /// its own and appended at once.
  ///
  /// - Parameters:
  ///   - row: a record index, `0..<rowCount`.
  ///   - out: where to append.
  /// - Complexity: O(length of the row and the header).
  public func appendObjectText(ofRow row: Int, to out: inout [UInt8]) {
    // (A row the scan copied is read in its copy.)
    withRowRange(row) { bytes, range in
      memberPrefixes.bytes.withUnsafeBufferPointer { prefixes in
        let capacity = prefixes.count + CSVFieldText.capacity(forFieldBytes: range.count) + 3
        CSVTable.append(atMost: capacity, to: &out) { text in
          text.write(UInt8(ascii: "{"))
          var (start, prefixStart) = (range.lowerBound, 0)
          for column in 0..<columnCount {
            let prefixEnd = memberPrefixes.ends[column]
            text.write(UnsafeBufferPointer(rebasing: prefixes[prefixStart..<prefixEnd]))
            prefixStart = prefixEnd
            start = text.writeField(bytes, from: start, delimiter: delimiter) + 1
          }
          if columnCount > 0 { text.write(UInt8(ascii: "\"")) }
          text.write(UInt8(ascii: "}"))
        }
      }
    }
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
    // (A row the scan copied is read in its copy.)
    withRowBytes(row) { bytes, start in
      let field = CSVTable.fieldRange(column, in: bytes, row: start, delimiter: delimiter)
      CSVTable.append(atMost: CSVFieldText.capacity(forFieldBytes: field.count) + 2, to: &out) {
        text in
        text.write(UInt8(ascii: "\""))
        _ = text.writeField(bytes, from: field.lowerBound, delimiter: delimiter)
        text.write(UInt8(ascii: "\""))
      }
    }
  }

  /// Appends to `out` the text `write` writes, at most `capacity` bytes,
  /// written first in a buffer of its own (on the stack when small).
  private static func append(
    atMost capacity: Int, to out: inout [UInt8], _ write: (inout CSVFieldText) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      guard let base = buffer.baseAddress else { return }
      var text = CSVFieldText(base)
      write(&text)
      out.append(contentsOf: UnsafeBufferPointer(start: base, count: text.length))
    }
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
