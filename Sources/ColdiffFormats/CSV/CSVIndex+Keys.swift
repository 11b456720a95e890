/// The key column's canonical bytes, made while a row is scanned
/// (`CSVCapturedKeys`).
extension CSVIndex {
  /// The column of the header line at `start` whose decoded name is
  /// `name`, read before the file is validated: `nil` when no field of
  /// the line has that name, or when the line is malformed before one
  /// does (the scan then finds the error). On a valid header it is the
  /// first column the decoded header gives that name.
  ///
  /// - Complexity: O(length of the header line).
  static func headerColumn(
    named name: [UInt8], in input: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8
  ) -> Int? {
    let count = input.count
    var position = start
    var column = 0
    var value: [UInt8] = []
    while true {
      value.removeAll(keepingCapacity: true)
      if position < count, input[position] == quote {
        position += 1
        while true {
          guard position < count else { return nil }
          let byte = input[position]
          position += 1
          if byte == quote {
            guard position < count, input[position] == quote else { break }
            position += 1
          }
          value.append(byte)
        }
      } else {
        while position < count, input[position] != delimiter, input[position] != lineFeed,
          input[position] != carriageReturn
        {
          value.append(input[position])
          position += 1
        }
      }
      if value == name { return column }
      guard position < count, input[position] == delimiter else { return nil }
      position += 1
      column += 1
    }
  }

  /// Appends the canonical key bytes of field `column` of the valid row
  /// that starts at `start` of `input` (a row taken whole from another
  /// file, whose keys were not made for this column).
  ///
  /// - Complexity: O(length of the row up to the field's end).
  static func appendKey(
    _ input: UnsafeBufferPointer<UInt8>, ofRowAt start: Int, column: Int, delimiter: UInt8,
    to out: inout MappedBuffer<UInt8>
  ) {
    var fieldStart = start
    for _ in 0..<column {
      fieldStart = CSVTable.fieldEnd(input, from: fieldStart, delimiter: delimiter) + 1
    }
    let end = CSVTable.fieldEnd(input, from: fieldStart, delimiter: delimiter)
    out.appendCSVKey(input, fieldStart..<end)
  }
}
