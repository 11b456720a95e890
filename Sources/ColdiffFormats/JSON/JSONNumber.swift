/// A JSON number, kept as the text it was written with.
///
/// Numbers compare as exact decimals, never as doubles: `1.0`, `1` and
/// `1e0` are equal, `-0` equals `0`, `1.000000000000000001` does not equal
/// `1`, and integers beyond 2^53 compare exactly (SPEC §7.6).
public struct JSONNumber: Sendable {
  /// The number's text, as written (valid RFC 8259 number grammar).
  public let text: [UInt8]

  /// Creates a number from its text, which must follow the JSON number
  /// grammar (the reader guarantees it).
  public init(text: [UInt8]) {
    self.text = text
  }

  /// Creates a number from an integer.
  public init(_ value: Int) {
    self.text = Array(String(value).utf8)
  }

  /// The number's value as a normalized decimal: equal numbers have equal
  /// canonical forms.
  public var canonical: CanonicalDecimal { CanonicalDecimal(jsonNumber: text) }
}

extension JSONNumber: Hashable {
  /// Numbers are equal when their decimal values are.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    lhs.text == rhs.text || lhs.canonical == rhs.canonical
  }

  /// Hashes the decimal value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(canonical)
  }
}

/// A decimal number in normal form: `0.d₁d₂…dₙ × 10^exponent` with no
/// leading or trailing zero digit, or zero (no digits, exponent 0, not
/// negative).
///
/// Exponents beyond ±10^15 are clamped there; such numbers are far outside
/// any real data.
public struct CanonicalDecimal: Hashable, Sendable {
  /// Whether the number is below zero (never true for zero).
  public let negative: Bool
  /// The significant digits as ASCII, without leading or trailing zeros.
  public let digits: [UInt8]
  /// The power of ten that the fraction `0.digits` is multiplied by.
  public let exponent: Int

  /// Normalizes the text of a JSON number.
  ///
  /// - Complexity: O(n) in the length of the text.
  public init(jsonNumber text: [UInt8]) {
    var index = 0
    let count = text.count
    var negative = false
    if index < count, text[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    var digits: [UInt8] = []
    var skippedLeading = 0
    // Collect the significant digits of the integer part, then the fraction.
    func readDigits() -> Int {
      let start = index
      while index < count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
        if digits.isEmpty && text[index] == UInt8(ascii: "0") {
          skippedLeading += 1
        } else {
          digits.append(text[index])
        }
        index += 1
      }
      return index - start
    }
    let pointPosition = readDigits()
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      _ = readDigits()
    }
    var written = 0
    if index < count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
      index += 1
      var exponentNegative = false
      if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        exponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      let limit = 1_000_000_000_000_000
      while index < count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
        written = min(limit, written * 10 + Int(text[index] - UInt8(ascii: "0")))
        index += 1
      }
      if exponentNegative { written = -written }
    }
    while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
    if digits.isEmpty {
      self.negative = false
      self.digits = []
      self.exponent = 0
    } else {
      self.negative = negative
      self.digits = digits
      self.exponent = pointPosition - skippedLeading + written
    }
  }
}
