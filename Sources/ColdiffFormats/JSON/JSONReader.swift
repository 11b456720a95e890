/// Reads JSON text (RFC 8259, strictly) into `JSONValue`s.
///
/// What the reader accepts, where RFC 8259 leaves a choice:
/// - A UTF-8 byte order mark at the very start of a document is skipped
///   (`JSONCollectionLayout` keeps it for writing back). UTF-16 and UTF-32
///   text is rejected as invalid UTF-8.
/// - Duplicate member names are kept in order; lookups see the last one.
/// - Numbers of any size or precision are accepted and kept as written
///   (`1e999`, `-1e-999`, 30-digit integers); they compare as exact decimals.
/// - A lone or misordered UTF-16 surrogate escape (`"\uDFAA"`) is accepted
///   and decodes to U+FFFD; its escape is kept as written.
/// - Raw bytes that are not well-formed UTF-8 (overlong forms, encoded
///   surrogates, bytes above U+10FFFF, truncated or stray bytes, Latin-1)
///   are rejected, naming the byte offset.
/// - Nesting deeper than `maximumDepth` arrays and objects is rejected.
public enum JSONReader {
  /// The deepest nesting of arrays and objects the reader accepts.
  public static let maximumDepth = 1000

  /// Reads a whole document: one value with optional whitespace (and a
  /// leading byte order mark) around it.
  ///
  /// - Parameter bytes: the document's bytes.
  /// - Returns: the value.
  /// - Throws: `InputError` with the line and column of the first problem.
  /// - Complexity: O(n).
  public static func parse(_ bytes: [UInt8]) throws(InputError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(InputError) -> JSONValue in
      try parse(buffer)
    }
  }

  /// Reads a whole document from a buffer; see `parse(_:)`.
  ///
  /// - Parameter bytes: the document's bytes.
  /// - Returns: the value.
  /// - Throws: `InputError` with the line and column of the first problem.
  /// - Complexity: O(n).
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(InputError) -> JSONValue {
    let start = byteOrderMarkLength(bytes)
    return try parseValue(in: bytes, range: start..<bytes.count)
  }

  /// Reads the single value in `bytes[range]` (whitespace around it
  /// allowed), such as one record found by `JSONCollectionScanner`.
  ///
  /// - Parameters:
  ///   - bytes: the whole input; errors are located in it.
  ///   - range: the part that holds the value.
  /// - Returns: the value.
  /// - Throws: `InputError` when the part is not exactly one JSON value.
  /// - Complexity: O(range.count), plus O(offset) to locate an error.
  public static func parseValue(
    in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>
  ) throws(InputError) -> JSONValue {
    var lexer = JSONLexer(bytes: bytes, range: range)
    let value = try lexer.readValue()
    lexer.skipWhitespace()
    guard lexer.atEnd else {
      throw lexer.unexpected("expected the end of the document after the JSON value")
    }
    return value
  }

  /// 3 when `bytes` starts with a UTF-8 byte order mark, else 0.
  ///
  /// - Parameter bytes: a document's bytes.
  /// - Returns: the length of the mark.
  public static func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }
}
