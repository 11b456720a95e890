import ColdiffCore

/// The positions a scan noted for its last records, up to ``capacity``
/// of them, in memory of their own, appended to the index's arrays a
/// batch at a time (`flush(into:)`): one `append(contentsOf:)` an array
/// for every 256 records, instead of an append, with its uniqueness and
/// capacity checks, an array for every record (a fifth of a JSON Lines
/// scan's instructions outside validation).
///
/// The scan loop owns it (`allocate`, then `deallocate` when done) and
/// flushes it before anyone reads the index.
struct JSONRecordBatch {
  /// How many records a batch holds.
  static let capacity = 256

  /// Each record's start.
  private let starts: UnsafeMutablePointer<Int>
  /// Each record's length, its key member value's offset from its start
  /// (`JSONCollectionIndex.noKey` for none) and length, and where its
  /// canonical key bytes end, `capacity` apart.
  private let lengths: UnsafeMutablePointer<UInt32>
  /// Each record's partner among another input's records (-1 for none).
  private let partners: UnsafeMutablePointer<Int32>
  /// How many records the batch holds.
  private(set) var count = 0
  /// Canonical key bytes not yet in the index's `canonicalKeys`, which
  /// they follow, back to back (`JSONRecordBatch+KeyBytes`).
  let keyBytes: UnsafeMutablePointer<UInt8>
  /// How many bytes `keyBytes` holds.
  var keyByteCount = 0

  /// An empty batch; `deallocate()` frees it.
  static func allocate() -> JSONRecordBatch {
    JSONRecordBatch(
      starts: .allocate(capacity: capacity), lengths: .allocate(capacity: 4 * capacity),
      partners: .allocate(capacity: capacity), keyBytes: .allocate(capacity: keyCapacity))
  }

  private init(
    starts: UnsafeMutablePointer<Int>, lengths: UnsafeMutablePointer<UInt32>,
    partners: UnsafeMutablePointer<Int32>, keyBytes: UnsafeMutablePointer<UInt8>
  ) {
    self.starts = starts
    self.lengths = lengths
    self.partners = partners
    self.keyBytes = keyBytes
  }

  /// Frees the batch's memory; it is not used afterwards.
  func deallocate() {
    starts.deallocate()
    lengths.deallocate()
    partners.deallocate()
    keyBytes.deallocate()
  }

  /// Whether the batch is full (flush it before adding more).
  var isFull: Bool { count == Self.capacity }

  /// Adds a record.
  ///
  /// - Precondition: the record is shorter than 4 GiB
  ///   (`JSONCollectionIndex.lengthInRecord(_:)`), and so are the
  ///   canonical key bytes (`KeyArena.keyOffset(_:)`).
  /// - Parameters:
  ///   - start: where its value starts.
  ///   - end: where its value ends.
  ///   - key: its key member value's range, if it has one.
  ///   - keyBytesEnd: where its canonical key bytes end in the index's
  ///     `canonicalKeys`, those the batch holds appended
  ///     (``keyBytesEnd(after:)``).
  ///   - partner: its partner in another input, or -1.
  @inline(__always)
  mutating func add(start: Int, end: Int, key: Range<Int>?, keyBytesEnd: Int, partner: Int32) {
    let capacity = Self.capacity
    starts[count] = start
    lengths[count] = JSONCollectionIndex.lengthInRecord(end &- start)
    // (The key lies inside the record: its offset and length fit too.)
    lengths[capacity &+ count] =
      key.map { UInt32(truncatingIfNeeded: $0.lowerBound &- start) } ?? JSONCollectionIndex.noKey
    lengths[2 &* capacity &+ count] = key.map { UInt32(truncatingIfNeeded: $0.count) } ?? 0
    // (Checked when flushed: every end fits once the last one does.)
    lengths[3 &* capacity &+ count] = UInt32(truncatingIfNeeded: keyBytesEnd)
    partners[count] = partner
    count &+= 1
  }

  /// Appends the records to `index` and empties the batch: their keys
  /// when the index captures them, their partners when `partnered`, else
  /// the prefix hashes of those one in `KnownRecords.sampling` of the
  /// index, read in `input` while they are in the cache, for the scan of
  /// another input that takes this one's records (`JSONKnownRecords`).
  mutating func flush(
    into index: inout JSONCollectionIndex, partnered: Bool, of input: UnsafeBufferPointer<UInt8>
  ) {
    guard count > 0 else { return }
    flushKeyBytes(into: &index.canonicalKeys)
    if !partnered, let base = input.baseAddress {
      let first = index.count
      var record =
        (first + KnownRecords.sampling - 1) / KnownRecords.sampling * KnownRecords.sampling
      while record < first + count {
        let slot = record - first
        if let sample = KnownRecords.Sample(
          record, at: starts[slot], length: Int(lengths[slot]), in: base)
        {
          index.prefixSamples.append(sample)
        }
        record += KnownRecords.sampling
      }
    }
    func column<Element>(_ columns: UnsafeMutablePointer<Element>, _ number: Int)
      -> UnsafeBufferPointer<Element>
    {
      UnsafeBufferPointer(start: columns + number * Self.capacity, count: count)
    }
    index.recordStarts.append(contentsOf: column(starts, 0))
    index.recordLengths.append(contentsOf: column(lengths, 0))
    if index.capturesKeys {
      // The last record's key bytes end where the index's do.
      _ = KeyArena.keyOffset(index.canonicalKeys.count)
      index.keyOffsets.append(contentsOf: column(lengths, 1))
      index.keyLengths.append(contentsOf: column(lengths, 2))
      index.canonicalKeyStarts.append(contentsOf: column(lengths, 3))
    }
    if partnered {
      index.knownPartners.append(contentsOf: UnsafeBufferPointer(start: partners, count: count))
    }
    count = 0
  }
}
