import ColdiffFormats

/// One rule of `--compare FIELDS=RULE[,RULE…]` (SPEC §8.2): how two
/// values of the matched fields are compared instead of JSON equality.
package enum ComparisonRule: Hashable, Sendable {
  /// `abs:X` or `rel:X`: numbers within a tolerance are equal.
  case tolerance(NumericTolerance)
  /// `trim`: strings equal after removing white space at both ends.
  case trim
  /// `icase`: strings equal ignoring case (Unicode simple case folding).
  case icase
  /// `nfc`: strings equal after Unicode NFC normalisation.
  case nfc

  /// Parses one RULE.
  ///
  /// - Parameter text: `abs:X`, `rel:X` (X a non-negative decimal such as
  ///   `0.01` or `5e-3`), `trim`, `icase` or `nfc`.
  /// - Throws: `InputError` naming the rule and what is wrong with it.
  package init(parsing text: Substring) throws(InputError) {
    switch text {
    case "trim": self = .trim
    case "icase": self = .icase
    case "nfc": self = .nfc
    default:
      let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, parts[0] == "abs" || parts[0] == "rel" else {
        throw InputError(
          "unknown comparison rule '\(text)' (choose from abs:X, rel:X, trim, icase, nfc)")
      }
      let bound = Array(parts[1].utf8)
      guard bound.first != UInt8(ascii: "-"), JSONNumber.isNumberText(bound) else {
        throw InputError(
          "bad bound in '\(text)': \(parts[0]):X needs a non-negative decimal number (0.01, 5e-3)")
      }
      let number = JSONNumber(text: bound)
      self = .tolerance(parts[0] == "abs" ? .absolute(number) : .relative(number))
    }
  }

  /// The rule as written on the command line and in the diff document.
  package var text: String {
    switch self {
    case .tolerance(let tolerance): tolerance.text
    case .trim: "trim"
    case .icase: "icase"
    case .nfc: "nfc"
    }
  }
}

extension JSONNumber {
  /// Whether `text` follows the JSON number grammar (RFC 8259): an
  /// optional `-`, an integer without leading zeros, an optional fraction
  /// and an optional exponent.
  package static func isNumberText(_ text: some Collection<UInt8>) -> Bool {
    var rest = text[...]
    func digits() -> Int {
      let count = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      rest = rest.dropFirst(count)
      return count
    }
    if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
    let leadingZero = rest.first == UInt8(ascii: "0")
    let integer = digits()
    guard integer > 0, !(leadingZero && integer > 1) else { return false }
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      guard digits() > 0 else { return false }
    }
    if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
      rest = rest.dropFirst()
      if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") {
        rest = rest.dropFirst()
      }
      guard digits() > 0 else { return false }
    }
    return rest.isEmpty
  }
}
