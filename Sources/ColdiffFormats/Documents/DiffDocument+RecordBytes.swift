extension DiffDocument {
  /// Reads a list or object-map diff document keeping the record of each
  /// insert and delete as its bytes (``DocumentValue/raw(_:)``, a slice of
  /// `bytes`, validated as JSON), so that the bulk of a document is never
  /// built into a value tree (DESIGN §2.2). Every other member is read and
  /// checked as ``init(bytes:)`` reads it.
  ///
  /// - Parameter bytes: the document's bytes.
  /// - Returns: `nil` when ``init(bytes:)`` would refuse the text, for a
  ///   tree document, and for a document not in the plain form coldiff
  ///   writes (a member name with escapes, an `inserts` or `deletes` that
  ///   is not an array of objects each with one `value`);
  ///   ``init(bytes:)`` then reads it or names what is wrong with it.
  /// - Complexity: O(n) in the length of the text.
  public init?(keepingRecordBytes bytes: [UInt8]) {
    let read = bytes.withUnsafeBufferPointer { buffer -> RecordBytesReader? in
      var reader = RecordBytesReader(
        lexer: JSONLexer(
          bytes: buffer, range: JSONReader.byteOrderMarkLength(buffer)..<buffer.count))
      do {
        try reader.readDocument()
      } catch {
        return nil
      }
      return reader
    }
    guard let read, var document = try? DiffDocument(from: read.document, locator: nil),
      document.kind != .tree, document.inserts.count == read.inserts.count,
      document.deletes.count == read.deletes.count
    else { return nil }
    for (index, range) in read.inserts.enumerated() {
      document.inserts[index].value = .raw(bytes[range])
    }
    for (index, range) in read.deletes.enumerated() {
      document.deletes[index].value = .raw(bytes[range])
    }
    self = document
  }
}

/// Reads a diff document's text into a value with each insert's and
/// delete's `value` left as `null`, noting the byte ranges of those
/// values instead; the whole text is validated with the nesting limits of
/// `JSONReader`.
private struct RecordBytesReader: PlainFormReading {
  var lexer: JSONLexer
  var stack: [Bool] = []
  /// The document with the records of inserts and deletes as `null`.
  var document: JSONValue = .null
  /// The bytes of each insert's record, in order.
  var inserts: [Range<Int>] = []
  /// The bytes of each delete's record, in order.
  var deletes: [Range<Int>] = []

  /// Reads the whole text.
  mutating func readDocument() throws {
    try expect(UInt8(ascii: "{"))
    var members: [JSONObject.Member] = []
    if try peek() == UInt8(ascii: "}") {
      lexer.position += 1
    } else {
      while true {
        let name = try memberName()
        let value: JSONValue
        if name.value.elementsEqual("inserts".utf8) {
          (value, inserts) = try list()
        } else if name.value.elementsEqual("deletes".utf8) {
          (value, deletes) = try list()
        } else {
          value = try built(depth: 1)
        }
        members.append(JSONObject.Member(name: name, value: value))
        if try closes(UInt8(ascii: "}")) { break }
      }
    }
    lexer.skipWhitespace()
    guard lexer.atEnd else { throw NotPlain() }
    document = .object(JSONObject(members: members))
  }

  /// An `inserts` or `deletes` array, and the range of each element's
  /// record.
  private mutating func list() throws -> (JSONValue, [Range<Int>]) {
    try expect(UInt8(ascii: "["))
    var elements: [JSONValue] = []
    var records: [Range<Int>] = []
    if try peek() == UInt8(ascii: "]") {
      lexer.position += 1
      return (.array(elements), records)
    }
    while true {
      elements.append(try entry(records: &records))
      if try closes(UInt8(ascii: "]")) { break }
    }
    return (.array(elements), records)
  }

  /// One element of `inserts` or `deletes`: an object with one `value`.
  private mutating func entry(records: inout [Range<Int>]) throws -> JSONValue {
    try expect(UInt8(ascii: "{"))
    var members: [JSONObject.Member] = []
    var record: Range<Int>?
    guard try peek() != UInt8(ascii: "}") else { throw NotPlain() }
    while true {
      let name = try memberName()
      if name.value.elementsEqual("value".utf8) {
        guard record == nil else { throw NotPlain() }
        let start = lexer.position
        try lexer.skipValue(depth: 3, stack: &stack)
        record = start..<lexer.position
        members.append(JSONObject.Member(name: name, value: .null))
      } else {
        members.append(JSONObject.Member(name: name, value: try built(depth: 3)))
      }
      if try closes(UInt8(ascii: "}")) { break }
    }
    guard let record else { throw NotPlain() }
    records.append(record)
    return .object(JSONObject(members: members))
  }

  /// A member name without escapes, and the colon after it.
  private mutating func memberName() throws -> JSONString {
    lexer.skipWhitespace()
    let range = try lexer.skipMemberName()
    let name = Array(lexer.bytes[range])
    guard !name.contains(UInt8(ascii: "\\")) else { throw NotPlain() }
    return JSONString(raw: name, value: name)
  }

  /// The value at the current position, validated inside `depth`
  /// containers and built.
  private mutating func built(depth: Int) throws -> JSONValue {
    let start = lexer.position
    try lexer.skipValue(depth: depth, stack: &stack)
    return try JSONReader.parseValue(in: lexer.bytes, range: start..<lexer.position)
  }

  /// Steps over the `,` after an element (`false`) or the `closing`
  /// bracket (`true`).
  private mutating func closes(_ closing: UInt8) throws -> Bool {
    let next = try peek()
    lexer.position += 1
    if next == closing { return true }
    guard next == UInt8(ascii: ",") else { throw NotPlain() }
    return false
  }
}
