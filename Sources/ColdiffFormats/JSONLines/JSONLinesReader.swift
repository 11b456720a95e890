/// Reads JSON Lines (`.jsonl`, `.ndjson`): one JSON value a line.
///
/// Blank lines (spaces, tabs, a carriage return) are skipped; a line may
/// end with LF or CRLF; the last line may lack its line ending; a UTF-8
/// byte order mark at the start is skipped. A value may not continue on the
/// next line, and a line may not hold two values. Errors name the line and
/// column. An empty input is an empty collection (SPEC §7.11).
public enum JSONLinesReader {
  /// Reads every record.
  ///
  /// - Parameter bytes: the whole input.
  /// - Returns: the records, in order.
  /// - Throws: `InputError` with the line and column of the first problem.
  /// - Complexity: O(n).
  public static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(InputError) -> [JSONValue] {
    let index = try JSONCollectionScanner.scan(bytes, as: .jsonLines)
    var records: [JSONValue] = []
    records.reserveCapacity(index.count)
    for record in 0..<index.count {
      records.append(try JSONReader.parseValue(in: bytes, range: index.recordRange(record)))
    }
    return records
  }

  /// Reads every record of an array of bytes; see `read(_:)`.
  ///
  /// - Parameter bytes: the whole input.
  /// - Returns: the records, in order.
  /// - Throws: `InputError` with the line and column of the first problem.
  /// - Complexity: O(n).
  public static func read(_ bytes: [UInt8]) throws(InputError) -> [JSONValue] {
    try bytes.withUnsafeBufferPointer { (buffer) throws(InputError) -> [JSONValue] in
      try read(buffer)
    }
  }
}
