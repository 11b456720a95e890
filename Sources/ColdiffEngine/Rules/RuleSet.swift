import ColdiffFormats

/// The comparison rules in force at one place of a record: those of every
/// `--compare` pattern that matches the place or a field holding it.
struct RuleSet {
  /// The numeric tolerances; two numbers within any of them are equal.
  private(set) var tolerances: [NumericTolerance] = []
  private(set) var trim = false
  private(set) var icase = false
  private(set) var nfc = false

  /// Whether no rule is in force (JSON equality).
  var isEmpty: Bool { tolerances.isEmpty && !trim && !icase && !nfc }

  /// Adds the rules of a matching pattern.
  mutating func add(_ rules: [ComparisonRule]) {
    for rule in rules {
      switch rule {
      case .tolerance(let tolerance): tolerances.append(tolerance)
      case .trim: trim = true
      case .icase: icase = true
      case .nfc: nfc = true
      }
    }
  }

  /// Adds the rules of another set.
  mutating func add(_ other: RuleSet) {
    tolerances += other.tolerances
    trim = trim || other.trim
    icase = icase || other.icase
    nfc = nfc || other.nfc
  }

  /// Whether two values that are neither arrays nor objects are equal
  /// under these rules.
  ///
  /// Tolerances compare numbers, and strings whose whole text is a JSON
  /// number (CSV fields are strings), exactly. String rules compare
  /// strings: trimmed of Unicode white space, case-folded, and by
  /// canonical equivalence for `nfc` (Swift's `String` equality is
  /// canonical equivalence, which is equality after NFC normalisation);
  /// without `nfc`, strings compare scalar by scalar.
  func equal(_ old: JSONValue, _ new: JSONValue) -> Bool {
    if old == new { return true }
    if !tolerances.isEmpty, let a = RuleSet.number(old), let b = RuleSet.number(new) {
      return tolerances.contains { $0.allows(a, b) }
    }
    guard trim || icase || nfc, case .string(let a) = old, case .string(let b) = new else {
      return false
    }
    let (x, y) = (scalars(a), scalars(b))
    return nfc ? String(String.UnicodeScalarView(x)) == String(String.UnicodeScalarView(y)) : x == y
  }

  /// A number, or a string that is a number's text, as a decimal.
  private static func number(_ value: JSONValue) -> CanonicalDecimal? {
    switch value {
    case .number(let number): return number.canonical
    case .string(let string) where JSONNumber.isNumberText(string.value):
      return CanonicalDecimal(jsonNumber: string.value)
    default: return nil
    }
  }

  /// A string's scalars after `trim` and `icase`.
  private func scalars(_ string: JSONString) -> [Unicode.Scalar] {
    var scalars = Array(string.string.unicodeScalars)
    if trim {
      while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
      while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    }
    if icase { scalars = scalars.map(RuleSet.simpleCaseFold) }
    return scalars
  }

  /// Unicode simple case folding of one scalar, from the standard
  /// library's case mappings: the lowercase of its uppercase when both
  /// are single scalars (so `ς`, `σ` and `Σ` fold alike, and `ß`, whose
  /// uppercase is two letters, stays), else its own single-scalar
  /// lowercase, else itself. The Turkic dotted `İ` and dotless `ı` fold
  /// to nothing else, as in CaseFolding.txt's simple (C + S) mappings.
  static func simpleCaseFold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar == "\u{130}" || scalar == "\u{131}" { return scalar }
    func single(_ text: String) -> Unicode.Scalar? {
      var iterator = text.unicodeScalars.makeIterator()
      guard let first = iterator.next(), iterator.next() == nil else { return nil }
      return first
    }
    if let upper = single(scalar.properties.uppercaseMapping),
      let folded = single(upper.properties.lowercaseMapping)
    {
      return folded
    }
    return single(scalar.properties.lowercaseMapping) ?? scalar
  }
}
