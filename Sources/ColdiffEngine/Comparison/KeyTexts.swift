/// Keys as the diff document writes them (`KeyTextWriter`), back to
/// back in one buffer, each found by the order it was added in: no array
/// or value per key.
struct KeyTexts {
  private var bytes: [UInt8] = []
  /// Where each key ends in `bytes` (and the next starts).
  private var ends: [Int] = []

  /// No keys, with room for `count` of them.
  init(capacity count: Int) {
    ends.reserveCapacity(count)
  }

  /// How many keys were added.
  var count: Int { ends.count }

  /// Adds a key's text.
  mutating func append(_ text: ArraySlice<UInt8>) {
    bytes += text
    ends.append(bytes.count)
  }

  /// Adds the keys of `other`, after these.
  mutating func append(contentsOf other: KeyTexts) {
    let shift = bytes.count
    bytes += other.bytes
    ends += other.ends.lazy.map { $0 + shift }
  }

  /// The text of key `index`, `0..<count`, in the order they were added.
  subscript(index: Int) -> ArraySlice<UInt8> {
    bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
  }
}
