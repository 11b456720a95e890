/// The records of one input gathered position by position from shard
/// documents or buckets, in any order, without an allocation per
/// record: their texts (and member names) back to back in one buffer,
/// and where each position's lies.
///
/// A record of only its key (standing for a matched one) is held as
/// its key alone when its text is the side's affixes around the key
/// (`{"id":` and `}`), which are put around it when it is written: at
/// ten million records a side, the affixes would be some 80 MB.
struct PlacedRecords {
  private var bytes: [UInt8] = []
  /// Where each position's text starts in `bytes`, -1 while not placed.
  private var starts: [Int]
  /// The lengths of each position's text as held and member name (the
  /// name follows the text).
  private var textLengths: [UInt32]
  /// Empty until a record with a name is placed (only object maps have
  /// names).
  private var nameLengths: [UInt32] = []
  /// The positions whose record stands for a matched one.
  private(set) var keyRecords: PositionBits
  /// The positions held as a key that `affixes` go around.
  private var affixed: PositionBits
  /// What goes before and after a key held alone.
  private let affixes: (prefix: [UInt8], suffix: [UInt8])

  /// Room for `count` positions, none placed; `affixes` go around the
  /// keys placed alone.
  init(count: Int, affixes: (prefix: [UInt8], suffix: [UInt8]) = ([], [])) {
    starts = Array(repeating: -1, count: count)
    textLengths = Array(repeating: 0, count: count)
    keyRecords = PositionBits(count: count)
    affixed = PositionBits(count: count)
    self.affixes = affixes
    // Room for a short record each, so the buffer seldom grows by copy
    // (a large buffer is mapped: room not written to takes no memory).
    bytes.reserveCapacity(count * 16)
  }

  /// The number of positions.
  var count: Int { starts.count }

  /// Whether every position holds a record.
  var isComplete: Bool { !starts.contains(-1) }

  /// Places a record at `position`, its text written by `text` (which
  /// appends to the buffer it is given); `isKey` when it stands for a
  /// matched record.
  ///
  /// - Returns: `false` when `position` is out of range or taken.
  mutating func place(
    _ position: Int, name: ArraySlice<UInt8>? = nil, isKey: Bool = false,
    text: (inout [UInt8]) throws -> Void
  ) rethrows -> Bool {
    guard position >= 0, position < starts.count, starts[position] < 0 else { return false }
    let start = bytes.count
    try text(&bytes)
    starts[position] = start
    textLengths[position] = UInt32(bytes.count - start)
    if let name {
      bytes += name
      if nameLengths.isEmpty { nameLengths = Array(repeating: 0, count: starts.count) }
      nameLengths[position] = UInt32(name.count)
    }
    if isKey { keyRecords.insert(position) }
    return true
  }

  /// Places a record standing for a matched one at `position` whose
  /// text is the affixes around `key`.
  ///
  /// - Returns: `false` when `position` is out of range or taken.
  mutating func place(_ position: Int, affixing key: UnsafeBufferPointer<UInt8>) -> Bool {
    guard position >= 0, position < starts.count, starts[position] < 0 else { return false }
    starts[position] = bytes.count
    bytes.append(contentsOf: key)
    textLengths[position] = UInt32(key.count)
    keyRecords.insert(position)
    affixed.insert(position)
    return true
  }

  /// The length of `position`'s text as written.
  func textCount(_ position: Int) -> Int {
    let held = Int(textLengths[position])
    return affixed[position] ? affixes.prefix.count + held + affixes.suffix.count : held
  }

  /// The length of `position`'s member name.
  func nameCount(_ position: Int) -> Int {
    nameLengths.isEmpty ? 0 : Int(nameLengths[position])
  }

  /// Writes `position`'s text.
  func writeText(_ position: Int, to writer: inout FixedByteWriter) {
    let start = starts[position]
    let text = bytes[start..<(start + Int(textLengths[position]))]
    if affixed[position] {
      writer.append(affixes.prefix)
      writer.append(text)
      writer.append(affixes.suffix)
    } else {
      writer.append(text)
    }
  }

  /// Writes `position`'s member name.
  func writeName(_ position: Int, to writer: inout FixedByteWriter) {
    let start = starts[position] + Int(textLengths[position])
    writer.append(bytes[start..<(start + nameCount(position))])
  }
}
