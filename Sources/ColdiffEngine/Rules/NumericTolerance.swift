import ColdiffFormats

/// How far apart two numbers may be and still be equal (`abs:X`,
/// `rel:X`), decided exactly on their decimal digits: `1.00` and `1.01`
/// are within `abs:0.01`, `1.00` and `1.011` are not.
package enum NumericTolerance: Hashable, Sendable {
  /// Equal when `|a − b| ≤ X`.
  case absolute(JSONNumber)
  /// Equal when `|a − b| ≤ X · max(|a|, |b|)`.
  case relative(JSONNumber)

  /// The most digits an exact comparison writes out; numbers whose
  /// exponents lie further apart than this are equal only when they are
  /// the same number (no real data is near this).
  static let digitLimit = 4096

  /// Whether `a` and `b` are within this tolerance.
  ///
  /// - Complexity: O(d²) in the number of digits once the numbers are
  ///   written at a common scale.
  package func allows(_ a: CanonicalDecimal, _ b: CanonicalDecimal) -> Bool {
    if a == b { return true }
    let (first, second) = (ScaledDecimal(a), ScaledDecimal(b))
    switch self {
    case .absolute(let bound):
      let limit = ScaledDecimal(bound.canonical)
      let scale = min(first.scale, second.scale, limit.scale)
      guard Self.fits(scale, first, second, limit) else { return false }
      return Self.distance(first, second, scale) <= limit.magnitude(atScale: scale)
    case .relative(let factor):
      let limit = ScaledDecimal(factor.canonical)
      let scale = min(first.scale, second.scale)
      guard Self.fits(scale, first, second), abs(limit.scale) <= Self.digitLimit else {
        return false
      }
      // |a−b| ≤ X·m·10^s  ⇔  |a−b|·10^(−s) ≤ X·m  for X = x·10^s.
      var distance = Self.distance(first, second, scale)
      var allowed =
        limit.magnitude
        * max(first.magnitude(atScale: scale), second.magnitude(atScale: scale))
      if limit.scale >= 0 {
        allowed = allowed.shifted(by: limit.scale)
      } else {
        distance = distance.shifted(by: -limit.scale)
      }
      return distance <= allowed
    }
  }

  /// Whether writing each number at `scale` stays within the digit limit.
  private static func fits(_ scale: Int, _ numbers: ScaledDecimal...) -> Bool {
    numbers.allSatisfy { $0.scale - scale + $0.magnitude.digits.count <= digitLimit }
  }

  /// `|a − b|` at `scale`.
  private static func distance(_ a: ScaledDecimal, _ b: ScaledDecimal, _ scale: Int)
    -> DecimalMagnitude
  {
    let (x, y) = (a.magnitude(atScale: scale), b.magnitude(atScale: scale))
    if a.negative != b.negative { return x + y }
    return x < y ? y - x : x - y
  }

  /// The rule as written: `abs:X` or `rel:X`.
  package var text: String {
    switch self {
    case .absolute(let bound): "abs:" + String(decoding: bound.text, as: UTF8.self)
    case .relative(let factor): "rel:" + String(decoding: factor.text, as: UTF8.self)
    }
  }
}
