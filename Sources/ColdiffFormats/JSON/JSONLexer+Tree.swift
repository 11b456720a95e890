extension JSONLexer {
  /// Reads one value at `position` into a `JSONValue`, leaving `position`
  /// just after it.
  ///
  /// Nesting is followed with explicit stacks, not recursion, so deep
  /// input cannot overflow the thread's stack; nesting beyond
  /// `JSONReader.maximumDepth` is an error.
  ///
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  /// - Complexity: O(n) in the bytes read.
  mutating func readValue() throws(InputError) -> JSONValue {
    var values: [JSONValue] = []
    var names: [JSONString] = []
    var frames: [TreeFrame] = []
    var value: JSONValue
    nextValue: while true {
      skipWhitespace()
      guard !atEnd else { throw unexpected("expected a value") }
      switch bytes[position] {
      case UInt8(ascii: "\""): value = .string(try readString())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = position
        try scanNumber()
        value = .number(JSONNumber(text: Array(bytes[start..<position])))
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        switch try scanLiteral() {
        case UInt8(ascii: "t"): value = .bool(true)
        case UInt8(ascii: "f"): value = .bool(false)
        default: value = .null
        }
      case UInt8(ascii: "["):
        try enterContainer(depth: frames.count)
        skipWhitespace()
        if !atEnd, bytes[position] == UInt8(ascii: "]") {
          position += 1
          value = .array([])
        } else {
          frames.append(TreeFrame(isObject: false, firstValue: values.count))
          continue nextValue
        }
      case UInt8(ascii: "{"):
        try enterContainer(depth: frames.count)
        skipWhitespace()
        if !atEnd, bytes[position] == UInt8(ascii: "}") {
          position += 1
          value = .object(JSONObject())
        } else {
          frames.append(TreeFrame(isObject: true, firstValue: values.count))
          names.append(try readMemberName())
          continue nextValue
        }
      default: throw unexpected("expected a value")
      }
      // Close the containers this value completes.
      while let frame = frames.last {
        values.append(value)
        skipWhitespace()
        let closing = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if !atEnd, bytes[position] == UInt8(ascii: ",") {
          position += 1
          if frame.isObject {
            skipWhitespace()
            names.append(try readMemberName())
          }
          continue nextValue
        }
        guard !atEnd, bytes[position] == closing else {
          throw unexpected(
            frame.isObject
              ? "expected ',' or '}' after object member"
              : "expected ',' or ']' after array element"
          )
        }
        position += 1
        frames.removeLast()
        let elements = Array(values[frame.firstValue...])
        values.removeSubrange(frame.firstValue...)
        if frame.isObject {
          let memberNames = names[(names.count - elements.count)...]
          let members = zip(memberNames, elements).map { JSONObject.Member(name: $0, value: $1) }
          names.removeLast(elements.count)
          value = .object(JSONObject(members: members))
        } else {
          value = .array(elements)
        }
      }
      return value
    }
  }

  /// Steps over `[` or `{`, checking the nesting limit.
  private mutating func enterContainer(depth: Int) throws(InputError) {
    guard depth < JSONReader.maximumDepth else {
      throw error("nesting deeper than \(JSONReader.maximumDepth) levels", at: position)
    }
    position += 1
  }

  /// Reads and validates a string at `position` (its opening quote).
  ///
  /// - Throws: `InputError` when the string is not valid.
  mutating func readString() throws(InputError) -> JSONString {
    let start = position + 1
    let escaped = try scanString()
    let raw = Array(bytes[start..<(position - 1)])
    return JSONString(
      raw: raw, value: escaped ? JSONLexer.decodeString(bytes, start..<(position - 1)) : raw)
  }

  /// Reads `"name"` and the `:` after it.
  ///
  /// - Throws: `InputError` when the name is not a string or the colon is
  ///   missing.
  mutating func readMemberName() throws(InputError) -> JSONString {
    guard !atEnd, bytes[position] == UInt8(ascii: "\"") else {
      throw unexpected("expected a member name in double quotes")
    }
    let name = try readString()
    skipWhitespace()
    try expect(UInt8(ascii: ":"), "expected ':' after member name")
    return name
  }
}

/// An open array or object while reading a tree.
private struct TreeFrame {
  /// Whether the container is an object.
  let isObject: Bool
  /// Where its elements start in the value stack.
  let firstValue: Int
}
