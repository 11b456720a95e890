/// The records of one input gathered position by position from shard
/// documents or buckets, in any order, without an allocation per
/// record: their texts (and member names) back to back in one buffer,
/// and where each position's lies.
struct PlacedRecords {
  private var bytes: [UInt8] = []
  /// Where each position's text starts in `bytes`, -1 while not placed.
  private var starts: [Int]
  /// The lengths of each position's text and member name (the name
  /// follows the text).
  private var textLengths: [UInt32]
  /// Empty until a record with a name is placed (only object maps have
  /// names).
  private var nameLengths: [UInt32] = []

  /// Room for `count` positions, none placed.
  init(count: Int) {
    starts = Array(repeating: -1, count: count)
    textLengths = Array(repeating: 0, count: count)
    // Room for a short record each, so the buffer seldom grows by copy
    // (a large buffer is mapped: room not written to takes no memory).
    bytes.reserveCapacity(count * 32)
  }

  /// The number of positions.
  var count: Int { starts.count }

  /// The bytes of every record's text and name.
  var byteCount: Int { bytes.count }

  /// Whether every position holds a record.
  var isComplete: Bool { !starts.contains(-1) }

  /// Places a record at `position`, its text written by `text` (which
  /// appends to the buffer it is given).
  ///
  /// - Returns: `false` when `position` is out of range or taken.
  mutating func place(
    _ position: Int, name: ArraySlice<UInt8>? = nil, text: (inout [UInt8]) throws -> Void
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
    return true
  }

  /// Places a record at `position` whose text is `prefix`, `middle` and
  /// `suffix` one after another (a record of only its key).
  ///
  /// - Returns: `false` when `position` is out of range or taken.
  mutating func place(
    _ position: Int, _ prefix: [UInt8], _ middle: UnsafeBufferPointer<UInt8>, _ suffix: [UInt8]
  ) -> Bool {
    guard position >= 0, position < starts.count, starts[position] < 0 else { return false }
    let start = bytes.count
    bytes.append(contentsOf: prefix)
    bytes.append(contentsOf: middle)
    bytes.append(contentsOf: suffix)
    starts[position] = start
    textLengths[position] = UInt32(bytes.count - start)
    return true
  }

  /// Calls `body` with each position's text and member name, in order.
  func each(_ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) throws -> Void) rethrows {
    for position in starts.indices {
      let start = starts[position]
      let textEnd = start + Int(textLengths[position])
      let nameLength = nameLengths.isEmpty ? 0 : Int(nameLengths[position])
      try body(bytes[start..<textEnd], bytes[textEnd..<(textEnd + nameLength)])
    }
  }
}
