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

  /// Each record's start, end, key member value start and end (-1 for
  /// none), and where its canonical key bytes end, `capacity` apart.
  private let columns: UnsafeMutablePointer<Int>
  /// Each record's partner among another input's records (-1 for none).
  private let partners: UnsafeMutablePointer<Int32>
  /// How many records the batch holds.
  private(set) var count = 0

  /// An empty batch; `deallocate()` frees it.
  static func allocate() -> JSONRecordBatch {
    JSONRecordBatch(
      columns: .allocate(capacity: 5 * capacity), partners: .allocate(capacity: capacity))
  }

  private init(columns: UnsafeMutablePointer<Int>, partners: UnsafeMutablePointer<Int32>) {
    self.columns = columns
    self.partners = partners
  }

  /// Frees the batch's memory; it is not used afterwards.
  func deallocate() {
    columns.deallocate()
    partners.deallocate()
  }

  /// Whether the batch is full (flush it before adding more).
  var isFull: Bool { count == Self.capacity }

  /// Adds a record.
  ///
  /// - Parameters:
  ///   - start: where its value starts.
  ///   - end: where its value ends.
  ///   - key: its key member value's range, if it has one.
  ///   - keyBytesEnd: where its canonical key bytes end in the index's
  ///     `canonicalKeys`.
  ///   - partner: its partner in another input, or -1.
  @inline(__always)
  mutating func add(start: Int, end: Int, key: Range<Int>?, keyBytesEnd: Int, partner: Int32) {
    let capacity = Self.capacity
    columns[count] = start
    columns[capacity &+ count] = end
    columns[2 &* capacity &+ count] = key?.lowerBound ?? -1
    columns[3 &* capacity &+ count] = key?.upperBound ?? -1
    columns[4 &* capacity &+ count] = keyBytesEnd
    partners[count] = partner
    count &+= 1
  }

  /// Appends the records to `index` and empties the batch: their keys
  /// when the index captures them, their partners when `partnered`.
  mutating func flush(into index: inout JSONCollectionIndex, partnered: Bool) {
    guard count > 0 else { return }
    func column(_ number: Int) -> UnsafeBufferPointer<Int> {
      UnsafeBufferPointer(start: columns + number * Self.capacity, count: count)
    }
    index.recordStarts.append(contentsOf: column(0))
    index.recordEnds.append(contentsOf: column(1))
    if index.capturesKeys {
      index.keyStarts.append(contentsOf: column(2))
      index.keyEnds.append(contentsOf: column(3))
      index.canonicalKeyStarts.append(contentsOf: column(4))
    }
    if partnered {
      index.knownPartners.append(contentsOf: UnsafeBufferPointer(start: partners, count: count))
    }
    count = 0
  }
}
