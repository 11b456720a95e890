import ColdiffCore

/// Where the records of a scanned JSON collection are, without their
/// values: what matching needs, in flat arrays (no allocation per record).
///
/// For an array or JSON Lines, record `i` is the value at
/// `recordRange(i)`: `recordStarts[i]` and `recordLengths[i]` bytes on.
/// For an object, it is the member's value, and
/// `nameStarts[i]..<nameEnds[i]` is the member's name between its quotes,
/// escapes kept (decode it with `JSONText.decodeString`). Offsets are
/// into the scanned buffer.
///
/// Everything is kept in 32 bits a record: the records' starts as
/// `RecordOffsets` (an input may be larger than 4 GiB), what lies inside
/// a record relative to its start (its length, its key member value's
/// offset and length), and the canonical key bytes' starts as
/// `KeyArena` takes them; half the memory of `Int`s, which every record
/// of both inputs holds at the diff's peak. The scan refuses a record of
/// 4 GiB or more (``longestRecord``, an `InputError`); its caller asks
/// for canonical keys only from an input small enough for them to take
/// less than 4 GiB (`KeyArena.keyOffset(_:)` stops the program rather
/// than mix keys up).
public struct JSONCollectionIndex: Sendable {
  /// The collection's form: `.jsonArray`, `.jsonObject` or `.jsonLines`.
  public var form: InputForm
  /// Where each record's value starts.
  package var recordStarts: RecordOffsets
  /// The length in bytes of each record's value.
  public var recordLengths: [UInt32]
  /// Where each member's name starts, after its opening quote (objects
  /// only; empty otherwise).
  public var nameStarts: [Int]
  /// Where each member's name ends, before its closing quote (objects
  /// only; empty otherwise).
  public var nameEnds: [Int]
  /// Whether the scan noted a key member's value for each record.
  public var capturesKeys = false
  /// Where each record's key member value starts, from the record's
  /// start, or ``noKey`` for a record without the member (only when
  /// `capturesKeys`).
  public var keyOffsets: [UInt32] = []
  /// The length in bytes of each record's key member value, 0 without
  /// the member (only when `capturesKeys`).
  public var keyLengths: [UInt32] = []
  /// The canonical bytes (`JSONCanonicalKey`) of each record's noted key
  /// value, back to back, made while the record was in cache (only when
  /// `capturesKeys`; nothing for a record without the member).
  public var canonicalKeys: [UInt8] = []
  /// Where each record's canonical key bytes start in `canonicalKeys`,
  /// with one more entry (the end) than there are records (as
  /// `KeyArena` takes them: less than 4 GiB of key bytes).
  public var canonicalKeyStarts: [UInt32] = [0]
  /// For each record, when the scan took the records of another input
  /// whole (`JSONKnownRecords`, OLD's when this is NEW): the position of
  /// that input's record with the same bytes, or -1 for a record
  /// validated here; empty when the scan had no other input. A
  /// comparison takes such a pair as equal without reading the bytes
  /// again.
  package var knownPartners: [Int32] = []
  /// Whether the records taken whole (a `knownPartners` entry of 0 or
  /// more) have no canonical key bytes of their own (an empty key in
  /// `canonicalKeys`): their keys are those of their partners, whose
  /// bytes are theirs. A flat scan of NEW leaves them out, so that
  /// neither it nor the join of its chunks copies OLD's keys again.
  package var keysLeftToPartners = false
  /// The prefix hashes of about one record in `KnownRecords.sampling`,
  /// made by a scan without another input's records while each was in
  /// the cache (`JSONRecordBatch`), for `JSONKnownRecords`.
  var prefixSamples: [KnownRecords.Sample] = []
  /// Copies of the records the scan validated instead of taking them
  /// whole (those whose `knownPartners` entry is -1), when the scan had
  /// another input's records and the pages of this one go behind it
  /// (`RecordCopies`); empty otherwise.
  package var copies = RecordCopies()
  /// Where the collection's text starts, after a byte order mark and
  /// leading whitespace (the `[` or `{`, or the first line for JSON Lines).
  public var openingOffset: Int
  /// Where the collection's text ends, after the `]` or `}` (the end of
  /// the input for JSON Lines).
  public var closingOffset: Int
  /// The records laid out as a tree while they were validated, when the
  /// scan was asked to (`JSONTreeNames`).
  package var tree: JSONTreeCapture?

  /// The key offset of a record without the key member: a key's offset
  /// is less than its record's length (`lengthInRecord(_:)`), never
  /// that large.
  public static let noKey = UInt32.max

  /// Creates an empty index of a form.
  ///
  /// - Parameter form: the collection's form.
  public init(form: InputForm) {
    self.form = form
    recordStarts = RecordOffsets()
    recordLengths = []
    nameStarts = []
    nameEnds = []
    openingOffset = 0
    closingOffset = 0
  }

  /// The number of records.
  public var count: Int { recordStarts.count }

  /// The byte range of record `index`'s value.
  ///
  /// - Parameter index: a record's position, `0..<count`.
  /// - Returns: the range in the scanned buffer.
  public func recordRange(_ index: Int) -> Range<Int> {
    let start = recordStarts[index]
    return start..<(start &+ Int(recordLengths[index]))
  }

  /// The byte range of member `index`'s name between its quotes (objects
  /// only).
  ///
  /// - Parameter index: a record's position, `0..<count`.
  /// - Returns: the range in the scanned buffer.
  public func nameRange(_ index: Int) -> Range<Int> {
    precondition(form == .jsonObject, "only object members have names")
    return nameStarts[index]..<nameEnds[index]
  }

  /// The bytes a record occupies when written: the value, or for an object
  /// the member from its name's opening quote to the end of its value.
  ///
  /// - Parameter index: a record's position, `0..<count`.
  /// - Returns: the range in the scanned buffer.
  public func entryRange(_ index: Int) -> Range<Int> {
    let value = recordRange(index)
    return form == .jsonObject ? (nameStarts[index] - 1)..<value.upperBound : value
  }

  /// Reserves room for the records of the whole input, estimated from
  /// the first ones (the arrays then grow once instead of doubling, which
  /// touches fresh pages of memory again each time).
  ///
  /// - Parameters:
  ///   - size: the input's length in bytes.
  ///   - consumed: how many bytes the records so far took.
  mutating func reserveForRecords(inputSize size: Int, consumed: Int) {
    guard count > 0, consumed > 0 else { return }
    let records = JoinEstimate.whole(count, in: consumed, of: size)
    recordStarts.reserveCapacity(records)
    recordLengths.reserveCapacity(records)
    if form == .jsonObject {
      nameStarts.reserveCapacity(records)
      nameEnds.reserveCapacity(records)
    }
    if !knownPartners.isEmpty { knownPartners.reserveCapacity(records) }
    if capturesKeys {
      keyOffsets.reserveCapacity(records)
      keyLengths.reserveCapacity(records)
      canonicalKeyStarts.reserveCapacity(records + 1)
      let keyBytes = canonicalKeys.count / count + 1
      canonicalKeys.reserveCapacity(records * keyBytes)
    }
  }

  /// Copies the records the scan validated instead of taking them whole
  /// (`copies`), from `bytes`, the scanned buffer; nothing when the scan
  /// had no other input's records.
  ///
  /// - Complexity: O(length of the records copied).
  mutating func copyValidatedRecords(from bytes: UnsafeBufferPointer<UInt8>) {
    guard knownPartners.count == count else { return }
    for record in 0..<count where knownPartners[record] < 0 {
      copies.append(record: record, of: bytes, range: recordRange(record))
    }
  }

  /// The range of record `index`'s key member value noted by the scan
  /// (see `JSONCollectionScanner.scan(_:as:keyName:)`), or `nil` when the
  /// record has no such member.
  ///
  /// - Precondition: the scan was asked for a key (`capturesKeys`).
  public func keyRange(_ index: Int) -> Range<Int>? {
    precondition(capturesKeys, "the scan noted no keys")
    let offset = keyOffsets[index]
    guard offset != Self.noKey else { return nil }
    let start = recordStarts[index] &+ Int(offset)
    return start..<(start &+ Int(keyLengths[index]))
  }

  /// Whether every record has the key member the scan noted.
  ///
  /// - Precondition: the scan was asked for a key (`capturesKeys`).
  /// - Complexity: O(number of records).
  public var everyRecordHasKey: Bool { firstRecordWithoutKey == nil }

  /// The first record without the key member the scan noted, if any.
  ///
  /// - Precondition: the scan was asked for a key (`capturesKeys`).
  /// - Complexity: O(number of records), eight a step (a run asks
  ///   several times, and a million records one at a time took a
  ///   millisecond each time).
  public var firstRecordWithoutKey: Int? {
    precondition(capturesKeys, "the scan noted no keys")
    return keyOffsets.withUnsafeBufferPointer { $0.firstIndex(ofWord: Self.noKey) }
  }

  /// The most bytes a record takes: its length is kept in 32 bits (a
  /// scan refuses a longer record, `InputError`).
  package static let longestRecord = Int(UInt32.max)

  /// `length`, the length of a record or of a part of it, in 32 bits.
  ///
  /// - Precondition: `length` is at most ``longestRecord`` (the scans
  ///   refuse a longer record first).
  @inline(__always)
  package static func lengthInRecord(_ length: Int) -> UInt32 {
    guard let short = UInt32(exactly: length) else {
      preconditionFailure("a JSON record of 4 GiB or more (\(length) bytes) cannot be indexed")
    }
    return short
  }
}

extension JSONCollectionIndex: Equatable {
  /// Whether two indexes find the same records at the same places.
  /// `knownPartners` is left out: it says which equal record of another
  /// input a scan found, and when that input holds a record twice, scans
  /// cut into other chunks may find the other one; so are the `copies`
  /// of the others. `tree` is left out too: it is a tree scan's result,
  /// compared as such; and `prefixSamples`, which a chunked scan takes
  /// one in sixteen of each chunk's records, not of the whole input's.
  public static func == (lhs: JSONCollectionIndex, rhs: JSONCollectionIndex) -> Bool {
    lhs.form == rhs.form && lhs.recordStarts == rhs.recordStarts
      && lhs.recordLengths == rhs.recordLengths && lhs.nameStarts == rhs.nameStarts
      && lhs.nameEnds == rhs.nameEnds && lhs.capturesKeys == rhs.capturesKeys
      && lhs.keyOffsets == rhs.keyOffsets && lhs.keyLengths == rhs.keyLengths
      && lhs.sameCanonicalKeys(as: rhs)
      && lhs.openingOffset == rhs.openingOffset && lhs.closingOffset == rhs.closingOffset
  }

  /// Whether both indexes hold the same canonical keys, but for those
  /// either leaves to a record's partner (`keysLeftToPartners`).
  private func sameCanonicalKeys(as other: JSONCollectionIndex) -> Bool {
    guard keysLeftToPartners || other.keysLeftToPartners else {
      return canonicalKeys == other.canonicalKeys
        && canonicalKeyStarts == other.canonicalKeyStarts
    }
    guard canonicalKeyStarts.count == other.canonicalKeyStarts.count else { return false }
    return (0..<(canonicalKeyStarts.count - 1)).allSatisfy { record in
      guard let mine = ownCanonicalKey(record), let theirs = other.ownCanonicalKey(record) else {
        return true
      }
      return mine.elementsEqual(theirs)
    }
  }

  /// Record `record`'s canonical key bytes, or `nil` when they are its
  /// partner's (`keysLeftToPartners`).
  package func ownCanonicalKey(_ record: Int) -> ArraySlice<UInt8>? {
    if keysLeftToPartners, record < knownPartners.count, knownPartners[record] >= 0 { return nil }
    return canonicalKeys[Int(canonicalKeyStarts[record])..<Int(canonicalKeyStarts[record + 1])]
  }
}
