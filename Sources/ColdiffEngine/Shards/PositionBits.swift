/// One bit for each position of an input, all clear at first: which
/// records are of a kind, at an eighth of a byte each (ten million
/// records take 1.25 MB).
struct PositionBits {
  private var words: [UInt64]

  /// `count` positions, none set.
  init(count: Int) {
    words = Array(repeating: 0, count: (count + 63) / 64)
  }

  /// Whether `position` is set.
  subscript(position: Int) -> Bool {
    words[position >> 6] & (1 << UInt64(position & 63)) != 0
  }

  /// Sets `position`.
  mutating func insert(_ position: Int) {
    words[position >> 6] |= 1 << UInt64(position & 63)
  }
}
