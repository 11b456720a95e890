/// Where each record of an input starts, in order, in 32 bits a record:
/// an offset's low 32 bits, and the few records where the high bits go
/// up (one for every 4 GiB of input before a record; none in an input
/// under 4 GiB). Half the memory of `[Int]`, which every record of both
/// inputs holds at a diff's peak; reading an offset of an input under
/// 4 GiB is one load and one test.
///
/// The offsets never go down (records are noted in order).
package struct RecordOffsets: RandomAccessCollection, Sendable, Equatable {
  /// Each offset's low 32 bits.
  package internal(set) var low: [UInt32] = []
  /// For each multiple of 4 GiB, `k` from 1, the first record at or
  /// past `k << 32`, ascending.
  private(set) var highStarts: [Int] = []

  /// No offsets.
  package init() {}

  /// The offsets of an input under 4 GiB, shared (no copy).
  ///
  /// - Parameter low: the offsets, ascending.
  package init(low: [UInt32]) {
    self.low = low
  }

  /// The first offset's position, 0.
  package var startIndex: Int { 0 }

  /// The number of offsets.
  package var endIndex: Int { low.count }

  /// Offset `index`.
  @inline(__always)
  package subscript(index: Int) -> Int {
    let offset = Int(low[index])
    return highStarts.isEmpty ? offset : offset | high(of: index) << 32
  }

  /// The high 32 bits of offset `index`: how many records start the
  /// multiples of 4 GiB at or before it.
  private func high(of index: Int) -> Int {
    var (lower, upper) = (0, highStarts.count)
    while lower < upper {
      let middle = (lower + upper) / 2
      if highStarts[middle] <= index { lower = middle + 1 } else { upper = middle }
    }
    return lower
  }

  /// Appends `offset`.
  ///
  /// - Precondition: `offset` is at or past the last offset.
  @inline(__always)
  package mutating func append(_ offset: Int) {
    noteHigh(offset &>> 32, at: low.count)
    low.append(UInt32(truncatingIfNeeded: offset))
  }

  /// Appends `offsets`.
  ///
  /// - Precondition: `offsets` ascend, from the last offset on.
  package mutating func append(contentsOf offsets: UnsafeBufferPointer<Int>) {
    guard let last = offsets.last, last &>> 32 == 0 else {
      for offset in offsets { append(offset) }
      return
    }
    precondition(highStarts.isEmpty, "offsets must ascend")
    // Narrowed in a buffer of their own and appended in one copy: a
    // lazily narrowed sequence is appended an element at a time.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: offsets.count) { narrowed in
      for (index, offset) in offsets.enumerated() {
        narrowed.initializeElement(at: index, to: UInt32(truncatingIfNeeded: offset))
      }
      low.append(contentsOf: UnsafeBufferPointer(narrowed))
    }
  }

  /// Appends the offsets of `other`, which follow these (a chunk's).
  ///
  /// - Precondition: `other`'s offsets are at or past the last offset.
  package mutating func append(contentsOf other: RecordOffsets) {
    noteHighStarts(of: other, from: low.count)
    low += other.low
  }

  /// Notes where the high bits of `other`'s offsets go up, `other`'s
  /// offsets being appended from record `first` on (before its `low`
  /// is, when a join copies it on its own).
  ///
  /// - Precondition: `other`'s offsets are at or past the last offset.
  mutating func noteHighStarts(of other: RecordOffsets, from first: Int) {
    for (high, record) in other.highStarts.enumerated() where high >= highStarts.count {
      // (A multiple of 4 GiB these records passed is not crossed again.)
      highStarts.append(first + record)
    }
  }

  /// Notes that record `record` starts at `high` times 4 GiB or past.
  @inline(__always)
  private mutating func noteHigh(_ high: Int, at record: Int) {
    guard high != highStarts.count else { return }
    precondition(high > highStarts.count, "offsets must ascend")
    while highStarts.count < high { highStarts.append(record) }
  }

  /// Reserves room for `count` offsets.
  package mutating func reserveCapacity(_ count: Int) {
    low.reserveCapacity(count)
  }
}
