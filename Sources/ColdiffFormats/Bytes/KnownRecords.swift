import Glibc

/// The records of one input already scanned and validated (OLD), found
/// again by their bytes in another input while it is scanned (NEW): most
/// records of a diff are the same in both, and a record that has the same
/// bytes as a valid one is valid too, with the same length and the same
/// parts at the same places. So the scan of NEW takes such a record whole
/// (a hash of its first bytes and one `memcmp`) instead of validating it
/// byte by byte, and what it records is what the validating scan would
/// have recorded.
///
/// Both inputs are mostly in the same order, so the scan first tries the
/// few records after the last one it found (which passes over records
/// deleted in NEW). When none of them has the bytes (a record inserted or
/// moved in NEW, or the first record of a chunk), it looks for the bytes'
/// first ``prefixLength`` bytes in a table of every ``sampling``th record,
/// small enough to stay in the cache and cheap to build: a record found
/// there puts the scan back in step with OLD. Records shorter than the
/// prefix, or that the caller leaves out, are never taken (their scan
/// validates them).
///
/// A record's bytes must end it whatever follows them (a JSON object, a
/// CSV row with its line ending): the caller makes sure of it, by the
/// ranges it gives and the first byte it looks from.
///
/// Where the records lie is `Bounds`: two arrays of offsets
/// (`RecordRanges`, JSON's records) or rows that end where the next one
/// starts (`LineBounds`, a CSV table's line starts, not copied).
///
/// The buffer must stay valid and unchanged while this is used.
package struct KnownRecords<Bounds: RecordBounds>: @unchecked Sendable {
  /// How many leading bytes of a record its hash reads.
  static var prefixLength: Int { 32 }
  /// How many records with the hash of a prefix are compared before the
  /// scan gives up and validates (inputs whose records share long
  /// prefixes).
  static var maximumCandidates: Int { 8 }
  /// How many records after the last one found are tried first, unless
  /// the caller says otherwise.
  static var window: Int { 4 }
  /// One record in how many is in the table of prefixes, unless the
  /// caller says otherwise.
  static var sampling: Int { 16 }

  /// The scanned input's bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where each record starts and ends in `bytes`.
  let bounds: Bounds
  /// How many records after the last one found are tried first.
  private let window: Int
  /// The table of every ``sampling``th record: its position + 1 in the
  /// low 32 bits, the high 32 bits of its prefix's hash in the others; 0
  /// for an empty slot.
  private let slots: [UInt64]
  private let mask: Int

  /// Indexes the records of a scanned input by their prefixes.
  ///
  /// - Parameters:
  ///   - bytes: the scanned input.
  ///   - bounds: where each record starts and ends.
  ///   - window: how many records after the last one found to try first.
  ///   - sampling: one record in how many to put in the table of prefixes
  ///     (1: every record, for inputs whose next record is often not
  ///     among the few after the last one found).
  /// - Complexity: O(number of records / `sampling`).
  package init(
    bytes: UnsafeBufferPointer<UInt8>, bounds: Bounds, window: Int = Self.window,
    sampling: Int = Self.sampling
  ) {
    precondition(bounds.count < Int(UInt32.max), "too many records to index by prefix")
    self.bytes = bytes
    self.bounds = bounds
    self.window = window
    var capacity = 16
    while capacity < bounds.count * 2 / sampling { capacity *= 2 }
    mask = capacity - 1
    var table = [UInt64](repeating: 0, count: capacity)
    if let base = bytes.baseAddress {
      for record in stride(from: 0, to: bounds.count, by: sampling)
      where bounds.end(record) - bounds.start(record) >= Self.prefixLength {
        let hash = Self.hash(base + bounds.start(record))
        var slot = Int(truncatingIfNeeded: hash) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(record + 1)
      }
    }
    slots = table
  }

  /// A record with the same bytes as those of `other` at `offset`, if
  /// there is one; `hint` (the record found last, or -1) says where to
  /// look first.
  ///
  /// - Parameters:
  ///   - other: the input being scanned.
  ///   - offset: where a record may start in `other`.
  ///   - hint: the record found last, or -1.
  /// - Returns: the record's position.
  /// - Complexity: O(length of the record) for a record found, a few
  ///   byte comparisons for one that is not.
  @inline(__always)
  package func find(in other: UnsafeBufferPointer<UInt8>, at offset: Int, after hint: Int) -> Int? {
    guard let base = other.baseAddress, other.count - offset >= Self.prefixLength else {
      return nil
    }
    for record in (hint + 1)..<min(hint + 1 + window, bounds.count)
    where matches(record, base, offset, other.count) {
      return record
    }
    let hash = Self.hash(base + offset)
    var slot = Int(truncatingIfNeeded: hash) & mask
    var candidates = 0
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if entry & 0xFFFF_FFFF_0000_0000 == hash & 0xFFFF_FFFF_0000_0000 {
        let record = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
        if matches(record, base, offset, other.count) { return record }
        candidates += 1
        if candidates == Self.maximumCandidates { return nil }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Whether record `record` has the same bytes as those at `offset` of
  /// a buffer of `count` bytes at `base`.
  @inline(__always)
  private func matches(_ record: Int, _ base: UnsafePointer<UInt8>, _ offset: Int, _ count: Int)
    -> Bool
  {
    let start = bounds.start(record)
    let length = bounds.end(record) - start
    guard length >= Self.prefixLength, length <= count - offset,
      let known = bytes.baseAddress, known[start] == base[offset]
    else { return false }
    return memcmp(known + start, base + offset, length) == 0
  }

  /// A hash of the ``prefixLength`` bytes at `pointer`.
  @inline(__always)
  static func hash(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    let raw = UnsafeRawPointer(pointer)
    var hash = raw.loadUnaligned(as: UInt64.self) &* 0x9E37_79B9_7F4A_7C15
    for offset in stride(from: 8, to: prefixLength, by: 8) {
      hash =
        (hash ^ (hash &>> 29) ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        &* 0xBF58_476D_1CE4_E5B9
    }
    return hash ^ (hash &>> 31)
  }
}

extension KnownRecords where Bounds == RecordRanges {
  /// Indexes records given as two arrays of offsets by their prefixes
  /// (`init(bytes:bounds:window:sampling:)`).
  ///
  /// - Parameters:
  ///   - bytes: the scanned input.
  ///   - starts: where each record starts.
  ///   - ends: where each record ends (exclusive).
  ///   - window: how many records after the last one found to try first.
  ///   - sampling: one record in how many to put in the table of prefixes.
  package init(
    bytes: UnsafeBufferPointer<UInt8>, starts: [Int], ends: [Int], window: Int = Self.window,
    sampling: Int = Self.sampling
  ) {
    self.init(
      bytes: bytes, bounds: RecordRanges(starts: starts, ends: ends), window: window,
      sampling: sampling)
  }
}
