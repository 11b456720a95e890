/// Finds the records of a JSON collection in one validating pass, without
/// building values (the command line's hot path, DESIGN §2).
///
/// The whole input is validated as strictly as `JSONReader` does, with the
/// same messages and limits, so any record's range can later be read with
/// `JSONReader.parseValue(in:range:)` or searched with `JSONKeyPath`.
public enum JSONCollectionScanner {
  /// Scans a collection.
  ///
  /// - Parameters:
  ///   - bytes: the whole input.
  ///   - form: what is known of the form: `.jsonArray` or `.jsonObject`
  ///     demands one; `.jsonLines` reads JSON Lines (an empty input is an
  ///     empty collection); `.jsonObjectOrLines` (standard input, other
  ///     extensions, SPEC §7.15) reads a document starting with `{` or `[`
  ///     as JSON Lines when another value follows the first, else as an
  ///     object or array, and a scalar followed by more values as JSON
  ///     Lines (an empty input or a lone scalar is "not a collection").
  ///     Not `.csv` or `.tsv`.
  ///   - keyName: a member name (decoded) whose value's range to note for
  ///     each record that is an object, in the same pass (the key of
  ///     `--key NAME` or the default `id`).
  /// - Returns: the form and the records' positions.
  /// - Throws: `InputError` for malformed input, for "not a collection"
  ///   (an empty document or a top-level scalar, SPEC §7.11), and for a
  ///   form other than the one `form` demands.
  /// - Complexity: O(n), no allocation per record beyond the index's
  ///   arrays.
  public static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, as form: InputForm, keyName: [UInt8]? = nil
  ) throws(InputError) -> JSONCollectionIndex {
    var scanner = Scanner(bytes: bytes, keyName: keyName)
    switch form {
    case .jsonLines: return try scanner.scanLines()
    case .jsonArray: return try scanner.scanDocument(expecting: .jsonArray)
    case .jsonObject: return try scanner.scanDocument(expecting: .jsonObject)
    case .csv, .tsv: preconditionFailure("a table is not scanned as JSON")
    case .jsonObjectOrLines:
      let isLines = try scanner.followsAnotherValue()
      var rescanner = Scanner(bytes: bytes, keyName: keyName)
      return try isLines ? rescanner.scanLines() : rescanner.scanDocument(expecting: nil)
    }
  }

  /// Scans a collection held in an array; see `scan(_:as:keyName:)`.
  ///
  /// - Parameters:
  ///   - bytes: the whole input.
  ///   - form: what is known of the form.
  ///   - keyName: a member name whose value's range to note per record.
  /// - Returns: the form and the records' positions.
  /// - Throws: `InputError`, as `scan(_:as:keyName:)`.
  public static func scan(_ bytes: [UInt8], as form: InputForm, keyName: [UInt8]? = nil)
    throws(InputError) -> JSONCollectionIndex
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(InputError) -> JSONCollectionIndex in
      try scan(buffer, as: form, keyName: keyName)
    }
  }
}

/// The state of one scan.
private struct Scanner {
  /// After how many records the scan estimates the input's number of
  /// records and reserves room for them.
  static let recordsBeforeEstimate = 256

  var lexer: JSONLexer
  var stack: [Bool] = []
  let keyName: [UInt8]?

  init(bytes: UnsafeBufferPointer<UInt8>, keyName: [UInt8]?) {
    self.keyName = keyName
    lexer = JSONLexer(bytes: bytes, range: 0..<bytes.count)
    lexer.position = JSONReader.byteOrderMarkLength(bytes)
    stack.reserveCapacity(64)
  }

  /// Whether the input holds more than one value (SPEC §7.15), after
  /// checking that it holds at least one.
  mutating func followsAnotherValue() throws(InputError) -> Bool {
    lexer.skipWhitespace()
    guard !lexer.atEnd else { throw lexer.error("not a collection: the input is empty", at: 0) }
    try lexer.skipValue(depth: 0, stack: &stack)
    lexer.skipWhitespace()
    return !lexer.atEnd
  }

  /// Scans a top-level array or object; `form` demands one of them.
  mutating func scanDocument(expecting form: InputForm?) throws(InputError)
    -> JSONCollectionIndex
  {
    lexer.skipWhitespace()
    guard !lexer.atEnd else { throw lexer.error("not a collection: the input is empty", at: 0) }
    let opening = lexer.current
    let found: InputForm? =
      opening == UInt8(ascii: "[") ? .jsonArray : opening == UInt8(ascii: "{") ? .jsonObject : nil
    guard let found, form == nil || form == found else {
      switch form {
      case .jsonArray: throw lexer.unexpected("expected a JSON array ('[')")
      case .jsonObject: throw lexer.unexpected("expected a JSON object ('{')")
      default:
        throw lexer.unexpected("not a collection: expected a JSON array or object")
      }
    }
    var index = JSONCollectionIndex(form: found)
    index.capturesKeys = keyName != nil
    index.openingOffset = lexer.position
    lexer.position += 1
    lexer.skipWhitespace()
    let closing = found == .jsonObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    if !lexer.atEnd, lexer.current == closing {
      lexer.position += 1
    } else {
      try scanElements(into: &index, closing: closing)
    }
    index.closingOffset = lexer.position
    lexer.skipWhitespace()
    guard lexer.atEnd else {
      throw lexer.unexpected("expected the end of the document after the JSON value")
    }
    return index
  }

  /// Scans the elements or members of the top-level container up to and
  /// including its closing bracket.
  private mutating func scanElements(into index: inout JSONCollectionIndex, closing: UInt8)
    throws(InputError)
  {
    let isObject = closing == UInt8(ascii: "}")
    while true {
      if isObject {
        let name = try lexer.skipMemberName()
        index.nameStarts.append(name.lowerBound)
        index.nameEnds.append(name.upperBound)
      }
      let start = lexer.position
      let key = try lexer.skipValue(depth: 1, stack: &stack, capturing: keyName)
      index.append(start: start, end: lexer.position, key: key, in: lexer.bytes)
      if index.count == Scanner.recordsBeforeEstimate {
        index.reserveForRecords(inputSize: lexer.end, consumed: lexer.position)
      }
      lexer.skipWhitespace()
      guard !lexer.atEnd else { throw lexer.unexpectedAfterElement(isObject) }
      let byte = lexer.current
      lexer.position += 1
      if byte == closing { return }
      guard byte == UInt8(ascii: ",") else {
        lexer.position -= 1
        throw lexer.unexpectedAfterElement(isObject)
      }
      lexer.skipWhitespace()
    }
  }

  /// Scans JSON Lines: one value per non-blank line.
  mutating func scanLines() throws(InputError) -> JSONCollectionIndex {
    var index = JSONCollectionIndex(form: .jsonLines)
    index.capturesKeys = keyName != nil
    index.openingOffset = lexer.position
    lexer.stopsAtNewline = true
    while lexer.position < lexer.end {
      lexer.skipWhitespace()
      if !lexer.atEnd {
        let start = lexer.position
        let key = try lexer.skipValue(depth: 0, stack: &stack, capturing: keyName)
        index.append(start: start, end: lexer.position, key: key, in: lexer.bytes)
        if index.count == Scanner.recordsBeforeEstimate {
          index.reserveForRecords(inputSize: lexer.end, consumed: lexer.position)
        }
        lexer.skipWhitespace()
        guard lexer.atEnd else {
          throw lexer.unexpected("expected the end of the line after the record (one value a line)")
        }
      }
      if lexer.position < lexer.end {
        lexer.position += 1
      }
    }
    index.closingOffset = lexer.end
    return index
  }
}
