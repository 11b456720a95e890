/// A new row of a table given as text: the validated JSON text of an
/// object (a patch's bytes), its members read once, so that the row is
/// written (``CSVOutputRow/text(_:)``) as the object's value would be
/// (``CSVOutputRow/values(_:)``) without building it.
public struct CSVTextRow: Sendable {
  /// The object's text.
  public let text: ArraySlice<UInt8>
  /// Each member's name (between its quotes, as written) and value, as
  /// ranges of `text` counted from its start, in order. A name is read
  /// where it is written, not copied out (twelve allocations for a row of
  /// twelve fields, and as many to let go).
  let members: [(name: Range<Int>, value: Range<Int>)]
  /// The decoded names, in order, when some name is written with an
  /// escape; `nil` when every name is its written bytes.
  private let decodedNames: [[UInt8]]?

  /// Reads the members of the object `text`, or `nil` when it is not an
  /// object.
  ///
  /// - Parameter text: the validated JSON text of one value, no
  ///   whitespace around it.
  public init?(_ text: ArraySlice<UInt8>) {
    let read = text.withUnsafeBufferPointer { bytes in
      JSONText.members(in: bytes, object: 0..<bytes.count).map { members in
        let escaped = members.contains { bytes[$0.name].contains(UInt8(ascii: "\\")) }
        return (members, escaped ? members.map { CSVTextRow.decoded(bytes, $0.name) } : nil)
      }
    }
    guard let read else { return nil }
    (self.text, members, decodedNames) = (text, read.0, read.1)
  }

  /// Calls `body` with the decoded name of the member at `index` of
  /// `members`.
  func withName<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let decodedNames { return decodedNames[index].withUnsafeBufferPointer(body) }
    return text.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[members[index].name]))
    }
  }

  /// The decoded name written (between its quotes) at `range`.
  private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
    let written = bytes[range]
    return written.contains(UInt8(ascii: "\\"))
      ? JSONText.decodeString(bytes, range: range) : Array(written)
  }

  /// Why the validated JSON text of one value `text` cannot be a row,
  /// told without reading its members into one: `nil` when it is an
  /// object whose values are all strings, numbers, booleans or `null`;
  /// else, for an object, the decoded name and the kind
  /// (`JSONValue.kindName`) of its first member whose value is an array
  /// or an object, and for any other value its kind and no name.
  public static func refusal(of text: ArraySlice<UInt8>) -> (column: [UInt8]?, kind: String)? {
    text.withUnsafeBufferPointer { bytes in
      var found: (column: [UInt8]?, kind: String)?
      let isObject = JSONText.forEachMember(in: bytes, object: 0..<bytes.count) { name, value in
        let first = bytes[value.lowerBound]
        if found == nil, first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
          found = (decoded(bytes, name), JSONValue.kindName(ofTextStartingWith: first))
        }
      }
      return isObject ? found : (nil, JSONValue.kindName(ofTextStartingWith: bytes.first))
    }
  }

  /// Calls `body` with the text a field holds for the value at `value`
  /// (`nil` for none): a string's characters, a number's or a boolean's
  /// text, nothing for `null` or no value.
  ///
  /// - Throws: `InputError` for an array or an object, naming `column`.
  func withFieldText<Result>(
    of value: Range<Int>?, column: [UInt8],
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) throws(InputError) -> Result {
    try text.withUnsafeBufferPointer { (bytes) throws(InputError) -> Result in
      guard let value else { return body(UnsafeBufferPointer(rebasing: bytes[0..<0])) }
      switch bytes[value.lowerBound] {
      case UInt8(ascii: "n"):
        return body(UnsafeBufferPointer(rebasing: bytes[0..<0]))
      case UInt8(ascii: "\""):
        let characters = (value.lowerBound + 1)..<(value.upperBound - 1)
        guard bytes[characters].contains(UInt8(ascii: "\\")) else {
          return body(UnsafeBufferPointer(rebasing: bytes[characters]))
        }
        return JSONText.decodeString(bytes, range: characters).withUnsafeBufferPointer(body)
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        throw CSVRowWriter.notText(
          column: column, kind: JSONValue.kindName(ofTextStartingWith: bytes[value.lowerBound]))
      default:
        return body(UnsafeBufferPointer(rebasing: bytes[value]))
      }
    }
  }
}
