extension JSONText {
  /// The bytes of the value of the member named `name` of a validated
  /// object, found without building the object: names are compared as
  /// they are written (decoded when they hold escapes), values skipped by
  /// counting brackets.
  ///
  /// - Parameters:
  ///   - name: the member's decoded name (UTF-8).
  ///   - bytes: the buffer.
  ///   - range: the object's bytes (validated JSON, no whitespace around).
  /// - Returns: the range of the value of the last member of that name (as
  ///   `JSONReader` lookups see the last one), or `nil` when the value is
  ///   not an object or has no such member.
  /// - Complexity: O(range.count).
  public static func memberValue(
    named name: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, object range: Range<Int>
  ) -> Range<Int>? {
    guard !range.isEmpty, bytes[range.lowerBound] == UInt8(ascii: "{") else { return nil }
    var lexer = JSONLexer(bytes: bytes, range: range)
    lexer.position += 1
    lexer.skipWhitespace()
    var found: Range<Int>?
    while lexer.current == UInt8(ascii: "\"") {
      let nameStart = lexer.position + 1
      let nameEnd = JSONLexer.endOfValidatedString(bytes, from: lexer.position) - 1
      lexer.position = nameEnd + 1
      lexer.skipWhitespace()
      lexer.position += 1  // the colon
      lexer.skipWhitespace()
      let valueStart = lexer.position
      lexer.position = JSONLexer.endOfValidatedValue(bytes, from: valueStart)
      if string(bytes, range: nameStart..<nameEnd, equals: name) {
        found = valueStart..<lexer.position
      }
      lexer.skipWhitespace()
      guard lexer.current == UInt8(ascii: ",") else { break }
      lexer.position += 1
      lexer.skipWhitespace()
    }
    return found
  }

  /// The members of a validated object, as the byte ranges of each name
  /// (between its quotes, as written) and value, in order.
  ///
  /// - Parameters:
  ///   - bytes: the buffer.
  ///   - range: the object's bytes (validated JSON, no whitespace around).
  /// - Returns: the members, or `nil` when the value is not an object.
  /// - Complexity: O(range.count).
  public static func members(
    in bytes: UnsafeBufferPointer<UInt8>, object range: Range<Int>
  ) -> [(name: Range<Int>, value: Range<Int>)]? {
    guard !range.isEmpty, bytes[range.lowerBound] == UInt8(ascii: "{") else { return nil }
    var members: [(name: Range<Int>, value: Range<Int>)] = []
    var lexer = JSONLexer(bytes: bytes, range: range)
    lexer.position += 1
    lexer.skipWhitespace()
    while lexer.current == UInt8(ascii: "\"") {
      let nameStart = lexer.position + 1
      let nameEnd = JSONLexer.endOfValidatedString(bytes, from: lexer.position) - 1
      lexer.position = nameEnd + 1
      lexer.skipWhitespace()
      lexer.position += 1  // the colon
      lexer.skipWhitespace()
      let valueStart = lexer.position
      lexer.position = JSONLexer.endOfValidatedValue(bytes, from: valueStart)
      members.append((nameStart..<nameEnd, valueStart..<lexer.position))
      lexer.skipWhitespace()
      guard lexer.current == UInt8(ascii: ","), lexer.position < range.upperBound else { break }
      lexer.position += 1
      lexer.skipWhitespace()
    }
    return members
  }
}
