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
  /// Each position's entry, 0 while not placed: where its text starts in
  /// `bytes` (the low 40 bits), its length as held (the next 21 bits, all
  /// set for a length in `longLengths`), whether it is held with the
  /// affixes around it, whether it stands for a matched record, and that
  /// it is placed (the top bit). One word a position: placing a bucket's
  /// records, in no order, touches one place of memory for each.
  private var entries: [UInt64]
  /// The lengths of 2 MiB or more, by position.
  private var longLengths: [Int: Int] = [:]
  /// The lengths of each position's member name, which follows its text;
  /// empty until a record with a name is placed (only object maps have
  /// names).
  private var nameLengths: [UInt32] = []
  /// What goes before and after a key held alone.
  private let affixes: (prefix: [UInt8], suffix: [UInt8])

  private static let placed: UInt64 = 1 << 63
  private static let isKey: UInt64 = 1 << 62
  private static let affixed: UInt64 = 1 << 61
  private static let lengthShift: UInt64 = 40
  private static let longLength = (1 << 21) - 1
  private static let startMask: UInt64 = (1 << 40) - 1

  /// Room for `count` positions, none placed; `affixes` go around the
  /// keys placed alone.
  init(count: Int, affixes: (prefix: [UInt8], suffix: [UInt8]) = ([], [])) {
    entries = Array(repeating: 0, count: count)
    self.affixes = affixes
    // Room for a short record each, so the buffer seldom grows by copy
    // (a large buffer is mapped: room not written to takes no memory).
    bytes.reserveCapacity(count * 16)
  }

  /// The number of positions.
  var count: Int { entries.count }

  /// Whether every position holds a record.
  var isComplete: Bool { !entries.contains { $0 & PlacedRecords.placed == 0 } }

  /// Whether `position`'s record stands for a matched one.
  func isKey(_ position: Int) -> Bool { entries[position] & PlacedRecords.isKey != 0 }

  /// Notes that `position`'s text starts at `start` and is `length`
  /// bytes long as held, with `flags`.
  private mutating func note(_ position: Int, start: Int, length: Int, flags: UInt64) {
    precondition(UInt64(start) <= PlacedRecords.startMask, "more bytes than the entries hold")
    var held = length
    if length >= PlacedRecords.longLength {
      longLengths[position] = length
      held = PlacedRecords.longLength
    }
    entries[position] =
      PlacedRecords.placed | flags | UInt64(held) << PlacedRecords.lengthShift | UInt64(start)
  }

  /// Whether `position` can take a record.
  func isFree(_ position: Int) -> Bool {
    position >= 0 && position < entries.count && entries[position] == 0
  }

  /// Places a record at `position`, its text written by `text` (which
  /// appends to the buffer it is given); `isKey` when it stands for a
  /// matched record.
  ///
  /// - Returns: `false` when `position` is out of range or taken.
  mutating func place(
    _ position: Int, name: ArraySlice<UInt8>? = nil, isKey: Bool = false,
    text: (inout [UInt8]) throws -> Void
  ) rethrows -> Bool {
    guard isFree(position) else { return false }
    let start = bytes.count
    try text(&bytes)
    note(
      position, start: start, length: bytes.count - start,
      flags: isKey ? PlacedRecords.isKey : 0)
    if let name {
      bytes += name
      if nameLengths.isEmpty { nameLengths = Array(repeating: 0, count: entries.count) }
      nameLengths[position] = UInt32(name.count)
    }
    return true
  }

  /// Places a record standing for a matched one at `position` whose
  /// text is the affixes around `key`.
  ///
  /// - Returns: `false` when `position` is out of range or taken.
  mutating func place(_ position: Int, affixing key: UnsafeBufferPointer<UInt8>) -> Bool {
    guard isFree(position) else { return false }
    note(
      position, start: bytes.count, length: key.count,
      flags: PlacedRecords.isKey | PlacedRecords.affixed)
    bytes.append(contentsOf: key)
    return true
  }

  /// Where `position`'s text lies in `bytes`, as held.
  private func heldRange(_ position: Int) -> Range<Int> {
    let entry = entries[position]
    let start = Int(entry & PlacedRecords.startMask)
    var length = Int(entry >> PlacedRecords.lengthShift) & PlacedRecords.longLength
    if length == PlacedRecords.longLength { length = longLengths[position]! }
    return start..<(start + length)
  }

  /// The length of `position`'s text as written.
  func textCount(_ position: Int) -> Int {
    let held = heldRange(position).count
    return entries[position] & PlacedRecords.affixed != 0
      ? affixes.prefix.count + held + affixes.suffix.count : held
  }

  /// The length of `position`'s member name.
  func nameCount(_ position: Int) -> Int {
    nameLengths.isEmpty ? 0 : Int(nameLengths[position])
  }

  /// Writes `position`'s text.
  func writeText(_ position: Int, to writer: inout FixedByteWriter) {
    let text = bytes[heldRange(position)]
    if entries[position] & PlacedRecords.affixed != 0 {
      writer.append(affixes.prefix)
      writer.append(text)
      writer.append(affixes.suffix)
    } else {
      writer.append(text)
    }
  }

  /// Writes `position`'s member name.
  func writeName(_ position: Int, to writer: inout FixedByteWriter) {
    let start = heldRange(position).upperBound
    writer.append(bytes[start..<(start + nameCount(position))])
  }
}
