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
/// The buffer must stay valid and unchanged while this is used.
package struct KnownRecords: @unchecked Sendable {
  /// How many leading bytes of a record its hash reads.
  static let prefixLength = 32
  /// How many records with the hash of a prefix are compared before the
  /// scan gives up and validates (inputs whose records share long
  /// prefixes).
  static let maximumCandidates = 8
  /// How many records after the last one found are tried first, unless
  /// the caller says otherwise.
  static let window = 4
  /// One record in how many is in the table of prefixes, unless the
  /// caller says otherwise.
  static let sampling = 16

  /// The scanned input's bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where each record starts in `bytes`.
  let starts: RecordOffsets
  /// Each record's length in bytes (0 for one never to be taken: one of
  /// 4 GiB or more, see ``storedLength(_:)``); empty when each record but
  /// the last ends where the next starts (``length(of:)``).
  private let lengths: [UInt32]
  /// The last record's length when `lengths` is empty.
  private let lastLength: Int
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
  ///   - starts: where each record starts.
  ///   - lengths: each record's length (``storedLength(_:)``).
  ///   - window: how many records after the last one found to try first.
  ///   - sampling: one record in how many to put in the table of prefixes
  ///     (1: every record, for inputs whose next record is often not
  ///     among the few after the last one found).
  ///   - samples: the records of the table with their hashes, made by the
  ///     input's scan while each was in the cache (about one in
  ///     `sampling`); empty to read one record in `sampling` here.
  /// - Complexity: O(number of records / `sampling`).
  package init(
    bytes: UnsafeBufferPointer<UInt8>, starts: RecordOffsets, lengths: [UInt32],
    window: Int = Self.window, sampling: Int = Self.sampling, samples: [Sample] = []
  ) {
    precondition(lengths.count == starts.count, "one length a record")
    self.init(
      bytes: bytes, starts: starts, lengths: lengths, lastLength: 0, window: window,
      sampling: sampling, samples: samples)
  }

  /// Indexes the records of a scanned input that follow one another with
  /// nothing between them (a table's rows, each with its line ending):
  /// each record but the last ends where the next starts, so no length
  /// is stored for them.
  ///
  /// - Parameters:
  ///   - bytes: the input.
  ///   - starts: where each record starts.
  ///   - lastLength: the last record's length (``storedLength(_:)``).
  ///   - samples: as ``init(bytes:starts:lengths:window:sampling:samples:)``
  ///     takes them.
  /// - Complexity: O(number of records / ``sampling``).
  package init(
    bytes: UnsafeBufferPointer<UInt8>, starts: RecordOffsets, lastLength: UInt32,
    samples: [Sample]
  ) {
    self.init(
      bytes: bytes, starts: starts, lengths: [], lastLength: Int(lastLength),
      window: Self.window, sampling: Self.sampling, samples: samples)
  }

  private init(
    bytes: UnsafeBufferPointer<UInt8>, starts: RecordOffsets, lengths: [UInt32],
    lastLength: Int, window: Int, sampling: Int, samples: [Sample]
  ) {
    precondition(starts.count < Int(UInt32.max), "too many records to index by prefix")
    self.bytes = bytes
    self.starts = starts
    self.lengths = lengths
    self.lastLength = lastLength
    self.window = window
    var samples = samples
    if samples.isEmpty, let base = bytes.baseAddress {
      samples.reserveCapacity(starts.count / sampling + 1)
      for record in stride(from: 0, to: starts.count, by: sampling) {
        let length = Self.length(of: record, starts: starts, lengths: lengths, last: lastLength)
        if let sample = Sample(record, at: starts[record], length: length, in: base) {
          samples.append(sample)
        }
      }
    }
    var capacity = 16
    while capacity < samples.count * 2 { capacity *= 2 }
    mask = capacity - 1
    var table = [UInt64](repeating: 0, count: capacity)
    for sample in samples {
      var slot = Int(truncatingIfNeeded: sample.hash) & mask
      while table[slot] != 0 { slot = (slot + 1) & mask }
      table[slot] = (sample.hash & 0xFFFF_FFFF_0000_0000) | UInt64(sample.record + 1)
    }
    slots = table
  }

  /// A record of the table of prefixes and the hash of its prefix
  /// (``hash(_:)``).
  package struct Sample: Sendable, Equatable {
    /// The hash of the record's first ``prefixLength`` bytes.
    let hash: UInt64
    /// The record's position.
    let record: Int32

    /// The sample of record `record`, `length` bytes at `start` of the
    /// input at `base`, or `nil` when it is too short to be taken whole.
    @inline(__always)
    init?(_ record: Int, at start: Int, length: Int, in base: UnsafePointer<UInt8>) {
      guard length >= KnownRecords.prefixLength else { return nil }
      self.init(hash: KnownRecords.hash(base + start), record: record)
    }

    private init(hash: UInt64, record: Int) {
      (self.hash, self.record) = (hash, Int32(truncatingIfNeeded: record))
    }

    /// This sample for the record `shift` positions further on.
    func moved(by shift: Int) -> Sample {
      Sample(hash: hash, record: Int(record) + shift)
    }
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
    find(in: other, at: offset, after: hint, in: .next)
      ?? find(in: other, at: offset, after: hint, in: .restOfWindow)
      ?? find(in: other, at: offset, after: hint, in: .table)
  }

  /// Where ``find(in:at:after:)`` looks, in its order.
  enum Place {
    /// The record just after `hint`, tried inline, in the scan's loop
    /// (most records of NEW, which follows OLD's order).
    case next
    /// The rest of the few records after `hint` (the window), out of line.
    case restOfWindow
    /// The table of prefixes, out of line.
    case table
  }

  /// ``find(in:at:after:)`` in one of its places.
  @inline(__always)
  func find(in other: UnsafeBufferPointer<UInt8>, at offset: Int, after hint: Int, in place: Place)
    -> Int?
  {
    switch place {
    case .next:
      let next = hint &+ 1
      guard next < starts.count, let base = other.baseAddress,
        matches(next, base, offset, other.count)
      else { return nil }
      return next
    case .restOfWindow: return findInWindow(other, at: offset, after: hint)
    case .table: return findInTable(other, at: offset)
    }
  }

  /// The first record with the bytes at `offset` of `other` among the
  /// few after `hint` (the window) but the one just after it, which
  /// ``find(in:at:after:in:)`` tried first.
  @inline(never)
  private func findInWindow(_ other: UnsafeBufferPointer<UInt8>, at offset: Int, after hint: Int)
    -> Int?
  {
    guard let base = other.baseAddress, other.count - offset >= Self.prefixLength else {
      return nil
    }
    let accepts = { (record: Int) in matches(record, base, offset, other.count) }
    return candidate(after: hint, from: hint + 2, accepts)
  }

  /// A record in the table of prefixes with the bytes at `offset` of
  /// `other`.
  @inline(never)
  private func findInTable(_ other: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    guard let base = other.baseAddress, other.count - offset >= Self.prefixLength else {
      return nil
    }
    return candidate(at: base + offset) { matches($0, base, offset, other.count) }
  }

  /// The first of the few records after `hint` that `accepts`, from
  /// `first` on (`hint + 1` when `nil`).
  @inline(__always)
  func candidate(after hint: Int, from first: Int? = nil, _ accepts: (Int) -> Bool) -> Int? {
    let first = first ?? hint + 1
    for record in first..<max(first, min(hint + 1 + window, starts.count)) where accepts(record) {
      return record
    }
    return nil
  }

  /// The first record that `accepts` among those in the table with the
  /// hash of the prefix at `bytes` (``prefixLength`` bytes at least).
  @inline(__always)
  func candidate(at bytes: UnsafePointer<UInt8>, _ accepts: (Int) -> Bool) -> Int? {
    let hash = Self.hash(bytes)
    var slot = Int(truncatingIfNeeded: hash) & mask
    var candidates = 0
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if entry & 0xFFFF_FFFF_0000_0000 == hash & 0xFFFF_FFFF_0000_0000 {
        let record = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
        if accepts(record) { return record }
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
    let start = starts[record]
    let length = length(of: record)
    guard length >= Self.prefixLength, length <= count - offset, let known = bytes.baseAddress
    else { return false }
    return Self.same(known + start, base + offset, length)
  }

  /// Whether the `length` bytes at `one` and at `other` are the same:
  /// the first ``prefixLength`` of them (when there are as many) read as
  /// four words, then the rest by `memcmp`. Most records tried that are
  /// not the one looked for (the next few after a deleted record, others
  /// with the prefix's hash) differ in those first bytes, where a call
  /// to `memcmp` for each cost more than the comparison.
  @inline(__always)
  package static func same(
    _ one: UnsafePointer<UInt8>, _ other: UnsafePointer<UInt8>, _ length: Int
  ) -> Bool {
    guard length >= prefixLength else { return memcmp(one, other, length) == 0 }
    let (words, otherWords) = (UnsafeRawPointer(one), UnsafeRawPointer(other))
    var differences: UInt64 = 0
    for word in stride(from: 0, to: prefixLength, by: 8) {
      differences |=
        words.loadUnaligned(fromByteOffset: word, as: UInt64.self)
        ^ otherWords.loadUnaligned(fromByteOffset: word, as: UInt64.self)
    }
    return differences == 0
      && memcmp(one + prefixLength, other + prefixLength, length - prefixLength) == 0
  }

  /// The length of record `record` (0 for one never to be taken).
  @inline(__always)
  package func length(of record: Int) -> Int {
    Self.length(of: record, starts: starts, lengths: lengths, last: lastLength)
  }

  /// ``length(of:)`` given the stored parts.
  @inline(__always)
  private static func length(
    of record: Int, starts: RecordOffsets, lengths: [UInt32], last: Int
  ) -> Int {
    guard lengths.isEmpty else { return Int(lengths[record]) }
    return record &+ 1 < starts.count ? starts[record &+ 1] &- starts[record] : last
  }

  /// `length`, a record's length, as ``lengths`` holds it: 0 (a record
  /// never taken, validated instead) when it is 4 GiB or more.
  @inline(__always)
  package static func storedLength(_ length: Int) -> UInt32 { UInt32(exactly: length) ?? 0 }

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
