/// The text is not in the plain form a fast reader takes (the full reader
/// then reads it, and names what is wrong if anything is).
struct NotPlain: Error {}

/// The steps the fast document readers (`RawJSONPatch`, a diff document
/// with its records kept as bytes) share: each reads with a validating
/// lexer and gives up on anything outside the plain form.
protocol PlainFormReading {
  /// The lexer over the whole text.
  var lexer: JSONLexer { get set }
}

extension PlainFormReading {
  /// The next byte after whitespace.
  ///
  /// - Throws: `NotPlain` at the end of the text.
  mutating func peek() throws -> UInt8 {
    lexer.skipWhitespace()
    guard !lexer.atEnd else { throw NotPlain() }
    return lexer.current
  }

  /// Steps over `byte` after whitespace.
  ///
  /// - Throws: `NotPlain` when another byte comes.
  mutating func expect(_ byte: UInt8) throws {
    guard try peek() == byte else { throw NotPlain() }
    lexer.position += 1
  }
}
