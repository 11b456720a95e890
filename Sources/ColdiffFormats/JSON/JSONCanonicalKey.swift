/// Canonical bytes of JSON values: two values are JSON-equal (as
/// `JSONValue`'s `==` defines it) exactly when their canonical bytes are
/// equal, so keys can be hashed and compared as plain bytes.
///
/// The encoding is a tag byte, then:
/// - `null`, `false`, `true`: nothing more;
/// - a number: its `CanonicalDecimal` as `-` (when negative), the digits,
///   `e` and the exponent in decimal (`0` alone for zero);
/// - a string: its decoded UTF-8;
/// - an array: each element's encoding, each preceded by its length;
/// - an object: the effective members (last duplicate wins) sorted by
///   their decoded names' bytes, each as the name's length, the name, the
///   value encoding's length and the value encoding.
///
/// Lengths are LEB128 varints. The top-level encoding is not
/// self-delimiting: to join several fields into one composite key, use
/// `appendDelimited`.
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
      out.append(stringTag)
      let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
      if bytes[inner].contains(UInt8(ascii: "\\")) {
        out += JSONText.decodeString(bytes, range: inner)
      } else {
        out += bytes[inner]
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

  /// Appends the canonical bytes of a value.
  ///
  /// - Parameters:
  ///   - value: the value.
  ///   - out: where to append.
  /// - Complexity: O(n log n) for objects (members are sorted), O(n)
  ///   otherwise.
  public static func append(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out.append(nullTag)
    case .bool(let flag): out.append(flag ? trueTag : falseTag)
    case .number(let number):
      number.text.withUnsafeBufferPointer { appendNumber($0, range: 0..<$0.count, to: &out) }
    case .string(let string):
      out.append(stringTag)
      out += string.value
    case .array(let elements):
      out.append(arrayTag)
      for element in elements { appendDelimited(element, to: &out) }
    case .object(let object):
      out.append(objectTag)
      let members = object.effectiveMembers.sorted {
        $0.name.value.lexicographicallyPrecedes($1.name.value)
      }
      for member in members {
        appendLength(member.name.value.count, to: &out)
        out += member.name.value
        appendDelimited(member.value, to: &out)
      }
    }
  }

  /// Appends a value's canonical bytes preceded by their length, so that
  /// several fields can be joined into one composite key.
  ///
  /// - Parameters:
  ///   - value: the value.
  ///   - out: where to append.
  public static func appendDelimited(_ value: JSONValue, to out: inout [UInt8]) {
    var encoding: [UInt8] = []
    append(value, to: &encoding)
    appendLength(encoding.count, to: &out)
    out += encoding
  }

  /// Appends the canonical bytes of the validated value at `range`,
  /// preceded by their length; see `appendDelimited(_:to:)`.
  ///
  /// - Parameters:
  ///   - bytes: the scanned buffer.
  ///   - range: a validated value's range.
  ///   - out: where to append.
  public static func appendDelimited(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, to out: inout [UInt8]
  ) {
    var encoding: [UInt8] = []
    append(bytes, range: range, to: &encoding)
    appendLength(encoding.count, to: &out)
    out += encoding
  }

  /// Appends a length as an LEB128 varint.
  private static func appendLength(_ length: Int, to out: inout [UInt8]) {
    var rest = UInt(length)
    while rest >= 0x80 {
      out.append(UInt8(rest & 0x7F) | 0x80)
      rest >>= 7
    }
    out.append(UInt8(rest))
  }

  /// Appends a number's tag and canonical decimal. Plain integers are
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
      return
    }
    if decimal.negative { out.append(UInt8(ascii: "-")) }
    out += decimal.digits
    appendExponent(decimal.exponent, to: &out)
  }

  /// Appends `e` and an exponent in decimal.
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
  }
}
