/// Where the records of a scanned JSON collection are, without their
/// values: what matching needs, in flat arrays (no allocation per record).
///
/// For an array or JSON Lines, record `i` is the value at
/// `recordStarts[i]..<recordEnds[i]`. For an object, it is the member's
/// value, and `nameStarts[i]..<nameEnds[i]` is the member's name between
/// its quotes, escapes kept (decode it with `JSONText.decodeString`).
/// Offsets are into the scanned buffer.
public struct JSONCollectionIndex: Sendable {
  /// The collection's form: `.jsonArray`, `.jsonObject` or `.jsonLines`.
  public var form: InputForm
  /// Where each record's value starts.
  public var recordStarts: [Int]
  /// Where each record's value ends (exclusive).
  public var recordEnds: [Int]
  /// Where each member's name starts, after its opening quote (objects
  /// only; empty otherwise).
  public var nameStarts: [Int]
  /// Where each member's name ends, before its closing quote (objects
  /// only; empty otherwise).
  public var nameEnds: [Int]
  /// Whether the scan noted a key member's value for each record.
  public var capturesKeys = false
  /// Where each record's key member value starts, or -1 (only when
  /// `capturesKeys`).
  public var keyStarts: [Int] = []
  /// Where each record's key member value ends (only when
  /// `capturesKeys`).
  public var keyEnds: [Int] = []
  /// The canonical bytes (`JSONCanonicalKey`) of each record's noted key
  /// value, back to back, made while the record was in cache (only when
  /// `capturesKeys`; nothing for a record without the member).
  public var canonicalKeys: [UInt8] = []
  /// Where each record's canonical key bytes start in `canonicalKeys`,
  /// with one more entry (the end) than there are records.
  public var canonicalKeyStarts: [Int] = [0]
  /// For each record, when the scan took the records of another input
  /// whole (`JSONKnownRecords`, OLD's when this is NEW): the position of
  /// that input's record with the same bytes, or -1 for a record
  /// validated here; empty when the scan had no other input. A
  /// comparison takes such a pair as equal without reading the bytes
  /// again.
  package var knownPartners: [Int32] = []
  /// Where the collection's text starts, after a byte order mark and
  /// leading whitespace (the `[` or `{`, or the first line for JSON Lines).
  public var openingOffset: Int
  /// Where the collection's text ends, after the `]` or `}` (the end of
  /// the input for JSON Lines).
  public var closingOffset: Int
  /// The records laid out as a tree while they were validated, when the
  /// scan was asked to (`JSONTreeNames`).
  package var tree: JSONTreeCapture?

  /// Creates an empty index of a form.
  ///
  /// - Parameter form: the collection's form.
  public init(form: InputForm) {
    self.form = form
    recordStarts = []
    recordEnds = []
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
    recordStarts[index]..<recordEnds[index]
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
    form == .jsonObject ? (nameStarts[index] - 1)..<recordEnds[index] : recordRange(index)
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
    let estimate = size / consumed * count + size % consumed * count / consumed
    let records = estimate + estimate / 8 + 16
    recordStarts.reserveCapacity(records)
    recordEnds.reserveCapacity(records)
    if form == .jsonObject {
      nameStarts.reserveCapacity(records)
      nameEnds.reserveCapacity(records)
    }
    if !knownPartners.isEmpty { knownPartners.reserveCapacity(records) }
    if capturesKeys {
      keyStarts.reserveCapacity(records)
      keyEnds.reserveCapacity(records)
      canonicalKeyStarts.reserveCapacity(records + 1)
      let keyBytes = canonicalKeys.count / count + 1
      canonicalKeys.reserveCapacity(records * keyBytes)
    }
  }

  /// The range of record `index`'s key member value noted by the scan
  /// (see `JSONCollectionScanner.scan(_:as:keyName:)`), or `nil` when the
  /// record has no such member.
  ///
  /// - Precondition: the scan was asked for a key (`capturesKeys`).
  public func keyRange(_ index: Int) -> Range<Int>? {
    precondition(capturesKeys, "the scan noted no keys")
    let start = keyStarts[index]
    return start < 0 ? nil : start..<keyEnds[index]
  }
}

extension JSONCollectionIndex: Equatable {
  /// Whether two indexes find the same records at the same places.
  /// `knownPartners` is left out: it says which equal record of another
  /// input a scan found, and when that input holds a record twice, scans
  /// cut into other chunks may find the other one. `tree` is left out
  /// too: it is a tree scan's result, compared as such.
  public static func == (lhs: JSONCollectionIndex, rhs: JSONCollectionIndex) -> Bool {
    lhs.form == rhs.form && lhs.recordStarts == rhs.recordStarts
      && lhs.recordEnds == rhs.recordEnds && lhs.nameStarts == rhs.nameStarts
      && lhs.nameEnds == rhs.nameEnds && lhs.capturesKeys == rhs.capturesKeys
      && lhs.keyStarts == rhs.keyStarts && lhs.keyEnds == rhs.keyEnds
      && lhs.canonicalKeys == rhs.canonicalKeys
      && lhs.canonicalKeyStarts == rhs.canonicalKeyStarts
      && lhs.openingOffset == rhs.openingOffset && lhs.closingOffset == rhs.closingOffset
  }
}
