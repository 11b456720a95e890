/// A JSON value for end-to-end tests, compared as JSON values are (SPEC
/// §3, §7.6): object member order does not matter, numbers compare as
/// exact decimals (`1.50` equals `1.5`, `1e3` equals `1000`, big integers
/// exactly), strings by their decoded characters.
///
/// It is independent of the code under test, so a test that compares the
/// tools' output with it does not trust the tools' own reader.
public indirect enum ColpatchJSON: Hashable, Sendable, CustomStringConvertible {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number as its exact decimal value.
  case number(ColpatchDecimal)
  /// A string, decoded.
  case string(String)
  /// An array.
  case array([ColpatchJSON])
  /// An object; a repeated name keeps its last value.
  case object([String: ColpatchJSON])

  /// Parses a whole JSON text (surrounding white space allowed).
  ///
  /// - Parameter bytes: the UTF-8 text.
  /// - Throws: `ColpatchJSONError` at the first byte that is not JSON.
  public init(parsing bytes: [UInt8]) throws {
    var parser = ColpatchJSONParser(bytes: bytes)
    self = try parser.document()
  }

  /// Parses a whole JSON text given as a string.
  ///
  /// - Throws: `ColpatchJSONError` at the first byte that is not JSON.
  public init(parsing text: String) throws {
    try self.init(parsing: Array(text.utf8))
  }

  /// The elements of an array, or `nil`.
  public var arrayValue: [ColpatchJSON]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The members of an object, or `nil`.
  public var objectValue: [String: ColpatchJSON]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// Whether this is an array or an object (a collection colpatch can
  /// patch).
  public var isCollection: Bool { arrayValue != nil || objectValue != nil }

  /// A compact rendering with members sorted by name (for messages and
  /// for sorting records as a multiset).
  public var description: String {
    switch self {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return number.description
    case .string(let text): return "\"" + text + "\""
    case .array(let elements): return "[" + elements.map(\.description).joined(separator: ",") + "]"
    case .object(let members):
      let parts = members.keys.sorted().map { "\"\($0)\":" + members[$0]!.description }
      return "{" + parts.joined(separator: ",") + "}"
    }
  }
}

/// An exact decimal: `sign · digits · 10^exponent`, normalised so that
/// equal values have equal fields (no leading or trailing zero digits,
/// zero has no sign).
public struct ColpatchDecimal: Hashable, Sendable, CustomStringConvertible {
  /// Whether the value is below zero.
  public let negative: Bool
  /// The significant digits, without leading or trailing zeros (empty for
  /// zero).
  public let digits: String
  /// The power of ten of the last digit.
  public let exponent: Int

  /// Normalises a number's parts.
  ///
  /// - Parameters:
  ///   - negative: whether a minus sign was written.
  ///   - digits: integer and fraction digits together.
  ///   - exponent: the power of ten of the last digit.
  init(negative: Bool, digits: String, exponent: Int) {
    var digits = Substring(digits.drop { $0 == "0" })
    var exponent = exponent
    while digits.last == "0" {
      digits.removeLast()
      exponent += 1
    }
    self.digits = String(digits)
    self.negative = negative && !digits.isEmpty
    self.exponent = digits.isEmpty ? 0 : exponent
  }

  /// `[-]DIGITSeEXPONENT`.
  public var description: String {
    digits.isEmpty ? "0" : (negative ? "-" : "") + digits + "e" + String(exponent)
  }
}

/// Where a test's JSON text stops being JSON.
public struct ColpatchJSONError: Error, CustomStringConvertible {
  /// The byte offset.
  public let offset: Int
  /// What was expected there.
  public let message: String
  /// Creates an error at `offset`.
  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  /// `offset N: message`.
  public var description: String { "offset \(offset): \(message)" }
}

/// A recursive-descent reader of RFC 8259 JSON into ``ColpatchJSON``.
struct ColpatchJSONParser {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  mutating func document() throws -> ColpatchJSON {
    let result = try value()
    skipSpace()
    guard position == bytes.count else { throw failure("text after the value") }
    return result
  }

  private func failure(_ message: String) -> ColpatchJSONError {
    ColpatchJSONError(offset: position, message: message)
  }

  private mutating func skipSpace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
      position += 1
    }
  }

  private mutating func literal(_ word: String, _ result: ColpatchJSON) throws -> ColpatchJSON {
    let expected = Array(word.utf8)
    guard bytes[position...].starts(with: expected) else { throw failure("expected \(word)") }
    position += expected.count
    return result
  }

  private mutating func value() throws -> ColpatchJSON {
    skipSpace()
    guard position < bytes.count else { throw failure("expected a value") }
    switch bytes[position] {
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "["):
      position += 1
      var elements: [ColpatchJSON] = []
      skipSpace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      }
      while true {
        elements.append(try value())
        skipSpace()
        guard position < bytes.count else { throw failure("unterminated array") }
        position += 1
        if bytes[position - 1] == UInt8(ascii: "]") { return .array(elements) }
        guard bytes[position - 1] == UInt8(ascii: ",") else { throw failure("expected , or ]") }
      }
    case UInt8(ascii: "{"):
      position += 1
      var members: [String: ColpatchJSON] = [:]
      skipSpace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
          throw failure("expected a member name")
        }
        let name = try string()
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
          throw failure("expected :")
        }
        position += 1
        members[name] = try value()
        skipSpace()
        guard position < bytes.count else { throw failure("unterminated object") }
        position += 1
        if bytes[position - 1] == UInt8(ascii: "}") { return .object(members) }
        guard bytes[position - 1] == UInt8(ascii: ",") else { throw failure("expected , or }") }
      }
    default:
      return .number(try number())
    }
  }

  private mutating func digitRun() -> String {
    let start = position
    while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private mutating func number() throws -> ColpatchDecimal {
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let integer = digitRun()
    guard !integer.isEmpty else { throw failure("expected a value") }
    var fraction = ""
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      fraction = digitRun()
      guard !fraction.isEmpty else { throw failure("expected fraction digits") }
    }
    var exponent = 0
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      var sign = 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+")
      {
        sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
        position += 1
      }
      let digits = digitRun()
      guard let value = Int(digits) else { throw failure("expected exponent digits") }
      exponent = sign * value
    }
    return ColpatchDecimal(
      negative: negative, digits: integer + fraction, exponent: exponent - fraction.count)
  }

  private mutating func hexQuad() throws -> UInt32 {
    guard position + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
    else { throw failure("expected four hex digits") }
    position += 4
    return value
  }

  private mutating func string() throws -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
      run.removeAll()
    }
    while true {
      guard position < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        guard position < bytes.count else { throw failure("unterminated escape") }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""):
          scalars.append(Unicode.Scalar(escape))
        case UInt8(ascii: "u"):
          var code = try hexQuad()
          if (0xD800..<0xDC00).contains(code), bytes[position...].starts(with: Array("\\u".utf8)) {
            position += 2
            let low = try hexQuad()
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        default: throw failure("bad escape")
        }
      default:
        guard byte >= 0x20 else { throw failure("control character in a string") }
        run.append(byte)
      }
    }
  }
}
