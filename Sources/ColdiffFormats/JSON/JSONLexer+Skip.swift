extension JSONLexer {
  /// Validates one value at `position` without building it, leaving
  /// `position` just after it.
  ///
  /// - Parameters:
  ///   - depth: how many containers already enclose the value (counts
  ///     towards `JSONReader.maximumDepth`).
  ///   - stack: scratch space for the open containers (`true` for an
  ///     object), reused between calls so that no call allocates.
  ///   - key: a member name (decoded) to look for at the value's top
  ///     level, when the value is an object.
  /// - Returns: the range of the value of the member named `key` (the
  ///   last one of that name), or `nil`.
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  /// - Complexity: O(n) in the bytes read.
  ///
  /// An object or array is first given to `quickSkip`, which takes most
  /// records in one tight loop; what it gives up on (every error among
  /// them) is read again from its start by the token loop
  /// (`skipValueByTokens`), which makes the error.
  @discardableResult
  mutating func skipValue(depth: Int, stack: inout [Bool], capturing key: [UInt8]? = nil)
    throws(InputError) -> Range<Int>?
  {
    try skipValue(depth: depth, stack: &stack, capturing: key, quickKey: QuickKey(key))
  }

  /// Validates one value at `position` as `skipValue(depth:stack:capturing:)`
  /// does, with `key` made ready for `quickSkip` once for many values
  /// (`quickKey`, `QuickKey(key)`): borrowed all the way down, so that no
  /// value's skip retains and releases the name (a reference count that
  /// the chunks' scans on every core share).
  @discardableResult
  @inline(__always)
  mutating func skipValue(
    depth: Int, stack: inout [Bool], capturing key: [UInt8]?, quickKey: borrowing QuickKey
  ) throws(InputError) -> Range<Int>? {
    var found: Range<Int>?
    let end = quickSkip(depth: depth, key: quickKey, found: &found)
    if end >= 0 {
      position = end
      return found
    }
    return try skipValueByTokens(depth: depth, stack: &stack, capturing: key)
  }

  /// Validates one value at `position` token by token; see `skipValue`,
  /// which calls it for what `quickSkip` does not take.
  ///
  /// - Parameters:
  ///   - depth: how many containers already enclose the value.
  ///   - stack: scratch space for the open containers.
  ///   - key: a member name (decoded) to look for at the top level.
  /// - Returns: the range of the value of the last member named `key`.
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  ///
  /// Long by design: hot scanner loop (the validator of every JSON input,
  /// its container stack and states kept in locals).
  @discardableResult
  mutating func skipValueByTokens(
    depth: Int, stack: inout [Bool], capturing key: [UInt8]? = nil
  ) throws(InputError) -> Range<Int>? {
    if !stack.isEmpty { stack.removeAll(keepingCapacity: true) }
    var found: Range<Int>?
    var keyStart = -1
    var keyFollows = false
    // The open containers: how many, and whether the innermost is an
    // object; `stack` keeps the kinds of the outer ones.
    var open = 0
    var inObject = false
    // Whether a member name comes next (read here, inline: most of what
    // a record holds is names).
    var nameFollows = false
    // The key's length and first byte, to pass over other names quickly.
    let keyCount = key?.count ?? Int.max
    let keyFirst = key?.first ?? 0
    nextValue: while true {
      if nameFollows {
        nameFollows = false
        skipWhitespace()
        guard position < end, bytes[position] == UInt8(ascii: "\"") else {
          throw unexpected("expected a member name in double quotes")
        }
        let nameStart = position + 1
        let stop = JSONLexer.skipPlainASCII(bytes, from: nameStart, to: end)
        if stop < end && bytes[stop] == UInt8(ascii: "\"") {
          position = stop + 1
        } else {
          _ = try scanStringRest(openingAt: position, from: stop)
        }
        let name = nameStart..<(position - 1)
        // Most names are followed straight by the colon.
        if position < end && bytes[position] == UInt8(ascii: ":") {
          position += 1
        } else {
          skipWhitespace()
          try expect(UInt8(ascii: ":"), "expected ':' after member name")
        }
        keyFollows =
          open == 1 && name.count >= keyCount
          && (keyCount == 0 || bytes[nameStart] == keyFirst
            || bytes[nameStart] == UInt8(ascii: "\\"))
          && JSONText.string(bytes, range: name, equals: key ?? [])
      }
      skipWhitespace()
      if keyFollows {
        keyStart = position
        keyFollows = false
      }
      guard position < end else { throw unexpected("expected a value") }
      // (A line feed here ends a JSON Lines record: the default case.)
      switch bytes[position] {
      case UInt8(ascii: "\""): _ = try scanString()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): _ = try scanLiteral()
      case UInt8(ascii: "["):
        try enterNested(depth: depth + open)
        skipWhitespace()
        if !atEnd, bytes[position] == UInt8(ascii: "]") {
          position += 1
        } else {
          if open > 0 { stack.append(inObject) }
          open += 1
          inObject = false
          continue nextValue
        }
      case UInt8(ascii: "{"):
        try enterNested(depth: depth + open)
        skipWhitespace()
        if !atEnd, bytes[position] == UInt8(ascii: "}") {
          position += 1
        } else {
          if open > 0 { stack.append(inObject) }
          open += 1
          inObject = true
          nameFollows = true
          continue nextValue
        }
      default: throw unexpected("expected a value")
      }
      // Close the containers this value completes.
      while open > 0 {
        if keyStart >= 0 && open == 1 {
          found = keyStart..<position
          keyStart = -1
        }
        // Most values are followed straight by a comma.
        if position < end && bytes[position] == UInt8(ascii: ",") {
          position += 1
          nameFollows = inObject
          continue nextValue
        }
        skipWhitespace()
        guard !atEnd else { throw unexpectedAfterElement(inObject) }
        let byte = bytes[position]
        if byte == UInt8(ascii: ",") {
          position += 1
          nameFollows = inObject
          continue nextValue
        }
        guard byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
          throw unexpectedAfterElement(inObject)
        }
        position += 1
        open -= 1
        if open > 0 { inObject = stack.removeLast() }
      }
      return found
    }
  }

  /// The error for a byte after an array element or object member that is
  /// neither `,` nor the closing bracket.
  @inline(never)
  func unexpectedAfterElement(_ isObject: Bool) -> InputError {
    unexpected(
      isObject
        ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element")
  }

  /// Steps over `[` or `{`, checking the nesting limit.
  @inline(__always)
  mutating func enterNested(depth: Int) throws(InputError) {
    guard depth < JSONReader.maximumDepth else {
      throw error("nesting deeper than \(JSONReader.maximumDepth) levels", at: position)
    }
    position += 1
  }

  /// Validates `"name"` and the `:` after it, and skips the whitespace
  /// that follows.
  ///
  /// - Returns: the range of the name between its quotes.
  /// - Throws: `InputError` when the name is not a string or the colon is
  ///   missing.
  @discardableResult
  @inline(__always)
  mutating func skipMemberName() throws(InputError) -> Range<Int> {
    guard !atEnd, bytes[position] == UInt8(ascii: "\"") else {
      throw unexpected("expected a member name in double quotes")
    }
    let start = position + 1
    _ = try scanString()
    let name = start..<(position - 1)
    skipWhitespace()
    try expect(UInt8(ascii: ":"), "expected ':' after member name")
    skipWhitespace()
    return name
  }
}
