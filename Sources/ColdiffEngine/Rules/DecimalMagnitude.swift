import ColdiffFormats

/// A non-negative integer of any size, as decimal digits, for comparing
/// numbers against a tolerance exactly (no binary floating point).
///
/// Only what the tolerances need: comparison, addition, subtraction of a
/// smaller number, multiplication and multiplication by a power of ten.
struct DecimalMagnitude: Comparable {
  /// The digits, least significant first, with no trailing (most
  /// significant) zero; zero has none.
  private(set) var digits: [UInt8]

  /// The integer whose decimal digits (ASCII, most significant first) are
  /// `ascii`.
  init(ascii: some Collection<UInt8>) {
    digits = ascii.reversed().map { $0 - UInt8(ascii: "0") }
    trim()
  }

  private init(littleEndian digits: [UInt8]) {
    self.digits = digits
    trim()
  }

  private mutating func trim() {
    while digits.last == 0 { digits.removeLast() }
  }

  /// This number times 10^`power` (`power` ≥ 0).
  func shifted(by power: Int) -> DecimalMagnitude {
    guard !digits.isEmpty, power > 0 else { return self }
    return DecimalMagnitude(littleEndian: [UInt8](repeating: 0, count: power) + digits)
  }

  static func < (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> Bool {
    guard lhs.digits.count == rhs.digits.count else { return lhs.digits.count < rhs.digits.count }
    for index in lhs.digits.indices.reversed() where lhs.digits[index] != rhs.digits[index] {
      return lhs.digits[index] < rhs.digits[index]
    }
    return false
  }

  static func + (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    var result: [UInt8] = []
    result.reserveCapacity(max(lhs.digits.count, rhs.digits.count) + 1)
    var carry: UInt8 = 0
    for index in 0..<max(lhs.digits.count, rhs.digits.count) {
      let sum =
        (index < lhs.digits.count ? lhs.digits[index] : 0)
        + (index < rhs.digits.count ? rhs.digits[index] : 0) + carry
      result.append(sum % 10)
      carry = sum / 10
    }
    if carry > 0 { result.append(carry) }
    return DecimalMagnitude(littleEndian: result)
  }

  /// `lhs − rhs`, for `lhs ≥ rhs`.
  static func - (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    precondition(rhs <= lhs, "a magnitude difference is taken larger minus smaller")
    var result = lhs.digits
    var borrow: Int = 0
    for index in result.indices {
      var digit =
        Int(result[index]) - borrow - (index < rhs.digits.count ? Int(rhs.digits[index]) : 0)
      borrow = digit < 0 ? 1 : 0
      if digit < 0 { digit += 10 }
      result[index] = UInt8(digit)
    }
    return DecimalMagnitude(littleEndian: result)
  }

  static func * (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    guard !lhs.digits.isEmpty, !rhs.digits.isEmpty else { return DecimalMagnitude(ascii: []) }
    var result = [Int](repeating: 0, count: lhs.digits.count + rhs.digits.count)
    for (i, a) in lhs.digits.enumerated() {
      var carry = 0
      for (j, b) in rhs.digits.enumerated() {
        let sum = result[i + j] + Int(a) * Int(b) + carry
        result[i + j] = sum % 10
        carry = sum / 10
      }
      var position = i + rhs.digits.count
      while carry > 0 {
        let sum = result[position] + carry
        result[position] = sum % 10
        carry = sum / 10
        position += 1
      }
    }
    return DecimalMagnitude(littleEndian: result.map { UInt8($0) })
  }
}

/// A decimal number as an exact integer and a power of ten:
/// `magnitude × 10^scale`, with its sign.
struct ScaledDecimal {
  var negative: Bool
  var magnitude: DecimalMagnitude
  var scale: Int

  /// The exact value of a canonical decimal.
  init(_ decimal: CanonicalDecimal) {
    negative = decimal.negative
    magnitude = DecimalMagnitude(ascii: decimal.digits)
    scale = decimal.exponent - decimal.digits.count
  }

  /// The magnitude written with scale `scale` (≤ this number's scale).
  func magnitude(atScale scale: Int) -> DecimalMagnitude {
    magnitude.shifted(by: self.scale - scale)
  }
}
