/// A size of memory as `--memory` spells it: a number of bytes with an
/// optional suffix `K`, `M`, `G` or `T` (powers of 1024, either case).
enum MemorySize {
  private static let suffixes: [Character: Int] = ["k": 10, "m": 20, "g": 30, "t": 40]

  /// The bytes `text` names, or `nil` when it is not a size.
  static func bytes(_ text: String) -> Int? {
    var digits = Substring(text)
    var shift = 0
    if let last = digits.last, let found = suffixes[Character(last.lowercased())] {
      shift = found
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), number <= Int.max >> shift
    else { return nil }
    return number << shift
  }

  /// `bytes` spelled with the largest suffix that divides it (`64K`,
  /// `128M`), rounded up to a whole number of KiB or more.
  static func spelled(_ bytes: Int) -> String {
    for (suffix, shift) in [("T", 40), ("G", 30), ("M", 20), ("K", 10)]
    where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
      return "\(bytes >> shift)\(suffix)"
    }
    if bytes >= 1 << 20 { return "\((bytes + (1 << 20) - 1) >> 20)M" }
    return "\((bytes + 1023) >> 10)K"
  }
}
