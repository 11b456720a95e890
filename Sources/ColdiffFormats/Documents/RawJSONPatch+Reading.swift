extension RawJSONPatch {
  /// Reads a patch in its plain form, validating the whole text as JSON
  /// without building values.
  ///
  /// - Parameter bytes: the patch document's bytes.
  /// - Returns: `nil` when the text is not JSON, not a well-formed patch,
  ///   or not in the plain form (a member written twice or with escapes
  ///   in its name, an `op`, `path` or `from` that is not a string without
  ///   escapes); `JSONPatch(bytes:)` then reads it or names the problem.
  /// - Complexity: O(n) in the length of the text.
  public init?(bytes: [UInt8]) {
    self.init(bytes: bytes, chunking: RawPatchReader.chunking)
  }

  /// Reads a patch as ``init(bytes:)`` does, a long one in chunks of
  /// operations on every core (`RawPatchReader.operations(of:_:chunking:)`);
  /// tests force small chunks to exercise the joins.
  package init?(bytes: [UInt8], chunking: ScanChunking) {
    let read = bytes.withUnsafeBufferPointer { buffer in
      RawPatchReader.operations(of: bytes, buffer, chunking: chunking)
    }
    guard let read else { return nil }
    self.bytes = bytes
    operations = read
  }
}

/// Reads the operations of a plain patch with a validating lexer.
struct RawPatchReader: PlainFormReading {
  /// The text the lexer reads, which the operations' values are slices of.
  let text: [UInt8]
  var lexer: JSONLexer
  var stack: [Bool] = []

  /// The fewest bytes an operation takes in a patch, for the room made
  /// for the operations at once (`{"op":"remove","path":""}` and a comma).
  static let shortestOperation = 32

  /// All operations, the whole text checked.
  mutating func operations() throws -> [JSONPatchOperation] {
    lexer.skipWhitespace()
    try expect(UInt8(ascii: "["))
    guard try peek() == UInt8(ascii: "]") else { return try operations(upTo: .max).operations }
    lexer.position += 1
    lexer.skipWhitespace()
    guard lexer.atEnd else { throw NotPlain() }
    return []
  }

  /// The operations from the lexer's position (an operation's start) on,
  /// up to the first operation that starts at or after `limit` (where the
  /// lexer is left), or to the array's end, the text after it checked.
  ///
  /// - Throws: `NotPlain` for text outside the plain form.
  mutating func operations(upTo limit: Int) throws -> OperationsRead {
    var operations: [JSONPatchOperation] = []
    // Room for as many as the text up to `limit` can hold, made once: an
    // array grown by doubling copies its operations into fresh memory
    // again and again.
    operations.reserveCapacity(
      (min(limit, lexer.end) - lexer.position) / RawPatchReader.shortestOperation + 1)
    while true {
      operations.append(try operation())
      let next = try peek()
      lexer.position += 1
      if next == UInt8(ascii: "]") {
        lexer.skipWhitespace()
        guard lexer.atEnd else { throw NotPlain() }
        return OperationsRead(operations: operations, closed: true)
      }
      guard next == UInt8(ascii: ",") else { throw NotPlain() }
      lexer.skipWhitespace()
      if lexer.position >= limit { return OperationsRead(operations: operations, closed: false) }
    }
  }

  /// One operation object.
  private mutating func operation() throws -> JSONPatchOperation {
    lexer.skipWhitespace()
    try expect(UInt8(ascii: "{"))
    var op: Range<Int>?
    var path: Range<Int>?
    var from: Range<Int>?
    var value: Range<Int>?
    guard try peek() != UInt8(ascii: "}") else { throw NotPlain() }
    while true {
      lexer.skipWhitespace()
      let name = try lexer.skipMemberName()
      guard !lexer.bytes[name].contains(UInt8(ascii: "\\")) else { throw NotPlain() }
      switch Member(lexer.bytes[name]) {
      case .op: try once(&op, try string())
      case .path: try once(&path, try string())
      case .from: try once(&from, try string())
      case .value: try once(&value, try skippedValue())
      case nil: _ = try skippedValue()
      }
      let next = try peek()
      lexer.position += 1
      if next == UInt8(ascii: "}") { break }
      guard next == UInt8(ascii: ",") else { throw NotPlain() }
    }
    guard let op, let path else { throw NotPlain() }
    let kind = try Self.kind(lexer.bytes[op])
    let target = try pointer(path)
    switch kind {
    case .add, .replace, .test:
      guard let value else { throw NotPlain() }
      return JSONPatchOperation(kind: kind, path: target, value: .raw(text[value]))
    case .remove:
      return JSONPatchOperation(kind: kind, path: target)
    case .move, .copy:
      guard let from else { throw NotPlain() }
      let source = try pointer(from)
      if kind == .move, source.isPrefix(of: target), source != target { throw NotPlain() }
      return JSONPatchOperation(kind: kind, path: target, from: source)
    }
  }

  /// The members an operation uses.
  private enum Member {
    case op, path, from, value

    init?(_ name: Slice<UnsafeBufferPointer<UInt8>>) {
      switch name.count {
      case 2 where RawPatchReader.is(name, "op"): self = .op
      case 4 where RawPatchReader.is(name, "path"): self = .path
      case 4 where RawPatchReader.is(name, "from"): self = .from
      case 5 where RawPatchReader.is(name, "value"): self = .value
      default: return nil
      }
    }
  }

  /// The operation `name` names, told by its first byte (and a `r`'s
  /// length), then checked whole.
  private static func kind(_ name: Slice<UnsafeBufferPointer<UInt8>>) throws
    -> JSONPatchOperation.Kind
  {
    let (kind, text): (JSONPatchOperation.Kind, StaticString)
    switch name.first {
    case UInt8(ascii: "a"): (kind, text) = (.add, "add")
    case UInt8(ascii: "c"): (kind, text) = (.copy, "copy")
    case UInt8(ascii: "m"): (kind, text) = (.move, "move")
    case UInt8(ascii: "t"): (kind, text) = (.test, "test")
    case UInt8(ascii: "r") where name.count == 6: (kind, text) = (.remove, "remove")
    case UInt8(ascii: "r"): (kind, text) = (.replace, "replace")
    default: throw NotPlain()
    }
    guard Self.is(name, text) else { throw NotPlain() }
    return kind
  }

  /// Whether `name` is the ASCII `text`, compared without making a string.
  private static func `is`(_ name: Slice<UnsafeBufferPointer<UInt8>>, _ text: StaticString)
    -> Bool
  {
    name.count == text.utf8CodeUnitCount
      && name.base.sameBytes(
        name.startIndex..<name.endIndex,
        as: UnsafeBufferPointer(start: text.utf8Start, count: name.count),
        0..<name.count)
  }

  private func pointer(_ range: Range<Int>) throws -> JSONPointer {
    try JSONPointer(parsing: lexer.bytes[range])
  }

  /// Keeps the first value of a member; a second is not plain.
  private func once(_ slot: inout Range<Int>?, _ range: Range<Int>) throws {
    guard slot == nil else { throw NotPlain() }
    slot = range
  }

  /// The range between the quotes of a string without escapes.
  private mutating func string() throws -> Range<Int> {
    guard !lexer.atEnd, lexer.current == UInt8(ascii: "\"") else { throw NotPlain() }
    let start = lexer.position + 1
    guard try !lexer.scanString() else { throw NotPlain() }
    return start..<(lexer.position - 1)
  }

  /// The range of a validated value: a string, number or literal read
  /// straight, as `skipValue` reads one inside a container.
  private mutating func skippedValue() throws -> Range<Int> {
    let start = lexer.position
    switch lexer.atEnd ? 0 : lexer.current {
    case UInt8(ascii: "\""): _ = try lexer.scanString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try lexer.scanNumber()
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): _ = try lexer.scanLiteral()
    default: try lexer.skipValue(depth: 2, stack: &stack)
    }
    return start..<lexer.position
  }
}

/// The operations `RawPatchReader.operations(upTo:)` read (a chunk's, or
/// the whole patch's), and whether the array ends with them.
struct OperationsRead {
  let operations: [JSONPatchOperation]
  let closed: Bool
}
