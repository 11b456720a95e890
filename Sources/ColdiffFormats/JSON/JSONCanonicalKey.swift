import Glibc

/// Canonical bytes of JSON values: two values are JSON-equal (as
/// `JSONValue`'s `==` defines it) exactly when their canonical bytes are
/// equal, so keys can be hashed and compared as plain bytes.
///
/// The encoding is a tag byte, then:
/// - `null`, `false`, `true`: nothing more;
/// - a number: its `CanonicalDecimal` as `-` (when negative), the digits,
///   `e` and the exponent in decimal (`0` alone for zero), then 0x00;
/// - a string: its decoded UTF-8 with each 0x00 doubled as 0x00 0xFF, then
///   0x00 0x00;
/// - an array: its elements' encodings, then an end tag;
/// - an object: its effective members (last duplicate wins) sorted by
///   their decoded names' bytes, each as the name (encoded as a string's
///   body) and the value's encoding, then an end tag.
///
/// Every encoding is self-delimiting (no encoding is a prefix of
/// another), so the encodings of a composite key's fields can simply be
/// appended one after the other.
public enum JSONCanonicalKey {
  /// The tag of `null`.
  static let nullTag: UInt8 = 0x01
  /// The tag of `false`.
  static let falseTag: UInt8 = 0x02
  /// The tag of `true`.
  static let trueTag: UInt8 = 0x03
  /// The tag of a number.
  static let numberTag: UInt8 = 0x04
  /// The tag of a string.
  static let stringTag: UInt8 = 0x05
  /// The tag of an array.
  static let arrayTag: UInt8 = 0x06
  /// The tag of an object.
  static let objectTag: UInt8 = 0x07
  /// The end of an array or object.
  static let endTag: UInt8 = 0x08

  /// The text between the quotes of a string written without escapes,
  /// from its canonical bytes alone: a string's canonical bytes are its
  /// decoded text between a tag and 0x00 0x00, and every escape decodes
  /// to fewer bytes than it is written in, so a string key written in
  /// `writtenLength` bytes (its quotes included) that is one byte longer
  /// than its canonical bytes has no escapes, and its text is the one
  /// written.
  ///
  /// - Parameters:
  ///   - key: one value's canonical bytes.
  ///   - writtenLength: the length of the value as written.
  /// - Returns: the text, `nil` when the value is not a string so
  ///   written.
  @inline(__always)
  public static func unescapedStringText(
    of key: UnsafeBufferPointer<UInt8>, writtenLength: Int
  ) -> UnsafeBufferPointer<UInt8>? {
    guard key.count >= 3, writtenLength == key.count - 1, key[0] == stringTag else { return nil }
    return UnsafeBufferPointer(rebasing: key[1..<(key.count - 2)])
  }

  /// Appends the string whose canonical bytes are `key` as JSON text,
  /// its quotes included, escaped as `JSONString` writes a string: its
  /// value is the bytes between the tag and the closing 0x00 0x00, each
  /// 0x00 of it there as 0x00 0xFF. A CSV key column's canonical bytes
  /// give the text the table writes for the field
  /// (`CSVTable.appendStringText(row:column:)`).
  ///
  /// - Parameters:
  ///   - key: one value's canonical bytes.
  ///   - out: where to append.
  /// - Returns: `false`, and nothing appended, when `key` is not a
  ///   string's.
  /// - Complexity: O(length of the key).
  package static func appendStringText(of key: UnsafeBufferPointer<UInt8>, to out: inout [UInt8])
    -> Bool
  {
    let count = key.count
    guard count >= 3, key[0] == stringTag, key[count - 2] == 0x00, key[count - 1] == 0x00,
      let base = key.baseAddress
    else { return false }
    let body = UnsafeBufferPointer(rebasing: key[1..<(count - 2)])
    out.append(UInt8(ascii: "\""))
    if memchr(base + 1, 0, body.count) == nil {
      JSONString.appendEscaped(body, to: &out)
    } else {
      // 0x00 0xFF is one 0x00 of the value.
      var value: [UInt8] = []
      value.reserveCapacity(body.count)
      var index = 0
      while index < body.count {
        value.append(body[index])
        index += body[index] == 0x00 ? 2 : 1
      }
      value.withUnsafeBufferPointer { JSONString.appendEscaped($0, to: &out) }
    }
    out.append(UInt8(ascii: "\""))
    return true
  }

  /// Appends the canonical bytes of the validated value at `range`.
  ///
  /// Strings, numbers and literals are encoded straight from the bytes;
  /// arrays and objects are read into a `JSONValue` first.
  ///
  /// - Parameters:
  ///   - bytes: the scanned buffer.
  ///   - range: a validated value's range (from `JSONKeyPath` or
  ///     `JSONCollectionIndex`).
  ///   - out: where to append.
  /// - Complexity: O(n log n) for objects (members are sorted), O(n)
  ///   otherwise.
  public static func append(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, to out: inout [UInt8]
  ) {
    switch bytes[range.lowerBound] {
    case UInt8(ascii: "\""):
      let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
      let start = bytes.baseAddress! + inner.lowerBound
      if memchr(start, Int32(UInt8(ascii: "\\")), inner.count) != nil {
        out.append(stringTag)
        appendStringBody(JSONText.decodeString(bytes, range: inner), to: &out)
      } else {
        // Raw string text holds no 0x00: control characters are escaped.
        appendPlainBody(UnsafeBufferPointer(rebasing: bytes[inner]), to: &out)
      }
    case UInt8(ascii: "t"): out.append(trueTag)
    case UInt8(ascii: "f"): out.append(falseTag)
    case UInt8(ascii: "n"): out.append(nullTag)
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      // The range was validated, so reading it cannot fail.
      guard let value = try? JSONReader.parseValue(in: bytes, range: range) else {
        preconditionFailure("canonical bytes of a value that was not validated")
      }
      append(value, to: &out)
    default: appendNumber(bytes, range: range, to: &out)
    }
  }

  /// Appends the canonical bytes of a string whose decoded bytes are
  /// `value` (a CSV field, say): the same bytes as for
  /// `.string(JSONString(utf8: value))`, without building the value.
  ///
  /// - Parameters:
  ///   - value: the string's decoded UTF-8 bytes.
  ///   - out: where to append.
  /// - Complexity: O(n).
  public static func appendString(_ value: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(stringTag)
    if let base = value.baseAddress, memchr(base, 0, value.count) != nil {
      for byte in value {
        out.append(byte)
        if byte == 0x00 { out.append(0xFF) }
      }
    } else {
      out.append(contentsOf: value)
    }
    out.append(0x00)
    out.append(0x00)
  }

  /// Appends the canonical bytes of a value.
  ///
  /// - Parameters:
  ///   - value: the value.
  ///   - out: where to append.
  /// - Complexity: O(n log n) for objects (members are sorted), O(n)
  ///   otherwise; nesting is followed with an explicit stack.
  public static func append(_ value: JSONValue, to out: inout [UInt8]) {
    var pending: [PendingItem] = [.value(value)]
    while let item = pending.popLast() {
      switch item {
      case .end: out.append(endTag)
      case .name(let name): appendStringBody(name, to: &out)
      case .value(.null): out.append(nullTag)
      case .value(.bool(let flag)): out.append(flag ? trueTag : falseTag)
      case .value(.number(let number)):
        number.text.withUnsafeBufferPointer { appendNumber($0, range: 0..<$0.count, to: &out) }
      case .value(.string(let string)):
        out.append(stringTag)
        appendStringBody(string.value, to: &out)
      case .value(.array(let elements)):
        out.append(arrayTag)
        pending.append(.end)
        for element in elements.reversed() { pending.append(.value(element)) }
      case .value(.object(let object)):
        out.append(objectTag)
        pending.append(.end)
        let members = object.effectiveMembers.sorted {
          $0.name.value.lexicographicallyPrecedes($1.name.value)
        }
        for member in members.reversed() {
          pending.append(.value(member.value))
          pending.append(.name(member.name.value))
        }
      }
    }
  }

  /// Appends the tag, `body` and the terminator of a string whose text
  /// holds no escape (so no 0x00) in one append: a key of a scanned
  /// record is most often such a string.
  @inline(__always)
  private static func appendPlainBody(_ body: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: body.count + 3) { encoded in
      encoded[0] = stringTag
      if let source = body.baseAddress {
        encoded.baseAddress!.advanced(by: 1).update(from: source, count: body.count)
      }
      encoded[body.count + 1] = 0x00
      encoded[body.count + 2] = 0x00
      out.append(contentsOf: UnsafeBufferPointer(encoded))
    }
  }

  /// Appends decoded string bytes with each 0x00 doubled as 0x00 0xFF,
  /// then the terminator 0x00 0x00.
  private static func appendStringBody(_ value: [UInt8], to out: inout [UInt8]) {
    if value.contains(0x00) {
      for byte in value {
        out.append(byte)
        if byte == 0x00 { out.append(0xFF) }
      }
    } else {
      out += value
    }
    out.append(0x00)
    out.append(0x00)
  }

  /// Appends a number's tag, canonical decimal and terminator. Plain integers are
  /// encoded without allocating.
  private static func appendNumber(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, to out: inout [UInt8]
  ) {
    out.append(numberTag)
    let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
    let digits = (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound
    if bytes[digits].allSatisfy(JSONLexer.isDigit) {
      // An integer: no leading zeros by the grammar, so only "0" is zero.
      guard bytes[digits.lowerBound] != UInt8(ascii: "0") else {
        out.append(UInt8(ascii: "0"))
        out.append(0x00)
        return
      }
      if negative { out.append(UInt8(ascii: "-")) }
      var last = digits.upperBound
      while bytes[last - 1] == UInt8(ascii: "0") { last -= 1 }
      out += bytes[digits.lowerBound..<last]
      appendExponent(digits.count, to: &out)
      return
    }
    let decimal = CanonicalDecimal(jsonNumber: Array(bytes[range]))
    guard !decimal.digits.isEmpty else {
      out.append(UInt8(ascii: "0"))
      out.append(0x00)
      return
    }
    if decimal.negative { out.append(UInt8(ascii: "-")) }
    out += decimal.digits
    appendExponent(decimal.exponent, to: &out)
  }

  /// Appends `e`, an exponent in decimal and the terminator 0x00.
  private static func appendExponent(_ exponent: Int, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "e"))
    if exponent < 0 { out.append(UInt8(ascii: "-")) }
    var rest = exponent.magnitude
    var divisor: UInt = 1
    while divisor <= rest / 10 { divisor *= 10 }
    repeat {
      out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    } while divisor > 0
    out.append(0x00)
  }
}

/// What is left to encode while encoding a value.
private enum PendingItem {
  /// A value.
  case value(JSONValue)
  /// A member name, decoded.
  case name([UInt8])
  /// The end of an array or object.
  case end
}
