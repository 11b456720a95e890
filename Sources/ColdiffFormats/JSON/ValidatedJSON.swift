/// A cursor over JSON text that was already validated (a record of a
/// scanned collection, a document read once), read without bounds checks:
/// every position it reads lies inside a validated value, before its
/// closing byte. The one walker of validated JSON: skipping whitespace,
/// strings and values (strings and numbers sixteen bytes at a time, with
/// `ByteClassifier`), the members of an object and the elements of an
/// array. The tree scan, the
/// key paths, the member and element look-ups and the style detection all
/// go through it; the validating `JSONLexer` and `JSONReader` do not.
struct ValidatedJSON {
  let base: UnsafePointer<UInt8>
  let count: Int

  /// A cursor over `bytes`, which must not be empty.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    base = bytes.baseAddress!
    count = bytes.count
  }

  @inline(__always)
  subscript(_ index: Int) -> UInt8 { base[index] }

  /// The first position at or after `index` that is not whitespace.
  @inline(__always)
  func skipSpace(_ index: Int) -> Int {
    var index = index
    while index < count {
      switch base[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return index
      }
    }
    return index
  }

  /// The position just after the closing quote of the string whose
  /// opening quote is at `start`; `escaped` is set when it holds an
  /// escape.
  @inline(__always)
  func endOfString(_ start: Int, escaped: inout Bool) -> Int {
    var index = start + 1
    let raw = UnsafeRawPointer(base)
    while true {
      if index &+ ByteClassifier.width <= count {
        let found = ByteClassifier.firstQuoteOrBackslash(raw, index)
        index &+= found
        if found == ByteClassifier.width { continue }
      } else {
        while base[index] != UInt8(ascii: "\"") && base[index] != UInt8(ascii: "\\") {
          index += 1
        }
      }
      if base[index] == UInt8(ascii: "\"") { return index + 1 }
      escaped = true
      index += 2
    }
  }

  /// The position just after the closing quote of the string whose
  /// opening quote is at `start`, found by looking for quotes alone,
  /// sixteen bytes at a time: a quote ends the string unless an odd number
  /// of backslashes comes before it.
  @inline(__always)
  func endOfValueString(_ start: Int) -> Int {
    var index = start + 1
    let raw = UnsafeRawPointer(base)
    while true {
      index = ByteClassifier.nextQuote(raw, from: index, count: count)
      // The opening quote stops the walk back.
      var before = index - 1
      while base[before] == UInt8(ascii: "\\") { before -= 1 }
      if (index - before) & 1 == 1 { return index + 1 }
      index += 1
    }
  }

  /// The first position at or after `index` that holds `"`, `{`, `}`,
  /// `[` or `]`, outside a string: the next thing a record's members hold
  /// that matters to the scan (numbers, literals, `:` and `,` are
  /// skipped).
  @inline(__always)
  func nextStructural(_ index: Int) -> Int {
    var index = index
    let raw = UnsafeRawPointer(base)
    while index &+ ByteClassifier.width <= count {
      // Outside strings only those bytes and whitespace can be there, and
      // the classifier finds exactly the five.
      let found = ByteClassifier.firstQuoteOrBracket(raw, index)
      index &+= found
      if found < ByteClassifier.width { return index }
    }
    while true {
      switch base[index] {
      case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["),
        UInt8(ascii: "]"):
        return index
      default: index += 1
      }
    }
  }

  /// The position just after the value starting at `start`.
  func endOfValue(_ start: Int) -> Int {
    switch base[start] {
    case UInt8(ascii: "\""): return endOfValueString(start)
    case UInt8(ascii: "{"), UInt8(ascii: "["): return endOfContainer(start)
    default: return endOfScalar(start)
    }
  }

  /// The position just after the object or array starting at `start`.
  ///
  /// Compact text is stepped through a byte at a time between strings
  /// (`:` and `,` most often come straight before the next string or
  /// bracket); numbers, literals and whitespace are passed over with
  /// `nextStructural`.
  func endOfContainer(_ start: Int) -> Int {
    var index = start + 1
    var depth = 1
    while true {
      switch base[index] {
      case UInt8(ascii: "\""): index = endOfValueString(index)
      case UInt8(ascii: ":"), UInt8(ascii: ","): index += 1
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        index += 1
        if depth == 0 { return index }
      default: index = nextStructural(index)
      }
    }
  }

  /// The position just after the number or literal starting at `start`:
  /// at a delimiter (whitespace, `,`, `]`, `}`) or the end of the input.
  @inline(__always)
  func endOfScalar(_ start: Int) -> Int {
    var index = start + 1
    while index < count {
      // Below `+` only whitespace can follow a scalar; or-ing 0x20 folds
      // `]` into `}`.
      let byte = base[index]
      if byte < UInt8(ascii: "+") || byte == UInt8(ascii: ",") || byte | 0x20 == UInt8(ascii: "}") {
        return index
      }
      index += 1
    }
    return index
  }

  /// Calls `body` with the name (between its quotes, as written) and the
  /// value of each member of the object whose `{` is at `start`, in order,
  /// and whether the name holds an escape, until it returns false.
  ///
  /// - Complexity: O(length of the object).
  @inline(__always)
  func forEachMember(
    object start: Int,
    _ body: (_ name: Range<Int>, _ value: Range<Int>, _ nameEscaped: Bool) -> Bool
  ) {
    var index = skipSpace(start + 1)
    while base[index] == UInt8(ascii: "\"") {
      var escaped = false
      let nameEnd = endOfString(index, escaped: &escaped)
      let valueStart = skipSpace(skipSpace(nameEnd) + 1)
      let valueEnd = endOfValue(valueStart)
      guard body((index + 1)..<(nameEnd - 1), valueStart..<valueEnd, escaped) else { return }
      index = skipSpace(valueEnd)
      guard base[index] == UInt8(ascii: ",") else { return }
      index = skipSpace(index + 1)
    }
  }

  /// Calls `body` with the range of each element of the array whose `[`
  /// is at `start`, in order, until it returns false.
  ///
  /// - Complexity: O(length of the array).
  @inline(__always)
  func forEachElement(array start: Int, _ body: (_ element: Range<Int>) -> Bool) {
    var index = skipSpace(start + 1)
    while base[index] != UInt8(ascii: "]") {
      let end = endOfValue(index)
      guard body(index..<end) else { return }
      index = skipSpace(end)
      guard base[index] == UInt8(ascii: ",") else { return }
      index = skipSpace(index + 1)
    }
  }

  /// The range of the value of the last member named `name` (decoded
  /// UTF-8) of the object whose `{` is at `start`, as `JSONObject` lookups
  /// see the last one; `nil` when there is none.
  func member(named name: [UInt8], object start: Int) -> Range<Int>? {
    let bytes = UnsafeBufferPointer(start: base, count: count)
    var found: Range<Int>?
    forEachMember(object: start) { member, value, _ in
      if JSONText.string(bytes, range: member, equals: name) { found = value }
      return true
    }
    return found
  }

  /// The range of element `position` of the array whose `[` is at
  /// `start`, or `nil` when the array is shorter.
  func element(_ position: Int, array start: Int) -> Range<Int>? {
    var current = 0
    var found: Range<Int>?
    forEachElement(array: start) { element in
      if current == position { found = element }
      current += 1
      return found == nil
    }
    return found
  }
}
