import ColdiffFormats

/// The records of one bucket of one side, read back from its file: the
/// frames `BucketFiles` wrote, indexed without a copy or an allocation
/// per record.
struct SpilledRecords {
  /// One record's frame: its position and offset in the input, and where
  /// its parts lie in `bytes` (kept small: a bucket holds many).
  struct Frame {
    var position: Int
    var offset: Int
    /// The position + 1 of NEW's record with the same bytes (in a frame
    /// of OLD), 0 when the frame holds its text; and that record's
    /// offset in NEW.
    private var partnerPlusOne: Int
    private(set) var partnerOffset: Int
    /// Where the frame's key starts, and the lengths of its parts.
    private var keyStart: Int
    private var keyLength: UInt32
    private var identityLength: UInt32
    private var nameLength: UInt32
    private var textLength: UInt32

    /// The identity length that means "the record's text" (whole
    /// values).
    private static let identityIsText = UInt32.max

    /// The frame of `header`, whose key starts at `keyStart`.
    @inline(__always)
    fileprivate init(_ header: FrameHeader, keyStart: Int) {
      position = header.position
      offset = header.offset
      partnerPlusOne = header.partner.map { $0.position + 1 } ?? 0
      partnerOffset = header.partner?.offset ?? 0
      self.keyStart = keyStart
      keyLength = UInt32(header.keyLength)
      identityLength = header.identityLength.map { UInt32($0) } ?? Frame.identityIsText
      nameLength = UInt32(header.nameLength)
      textLength = UInt32(header.textLength)
    }

    /// The frame NEW's file would hold for the partner of `pair`, a frame
    /// of OLD written for a pair: its position and offset in NEW, its text
    /// left out (the same bytes as `pair`'s), and no key or identity.
    init(partnerOf pair: Frame) {
      precondition(pair.partnerPlusOne > 0, "a frame of a pair")
      position = pair.partnerPlusOne - 1
      offset = pair.partnerOffset
      partnerPlusOne = pair.position + 1
      partnerOffset = pair.offset
      keyStart = 0
      keyLength = 0
      identityLength = 0
      nameLength = 0
      textLength = pair.textLength
    }

    /// The position of the other input's record with the same bytes when
    /// the frame leaves the text out (it is then at `offset` in the
    /// input), else `nil`.
    var partner: Int? { partnerPlusOne > 0 ? partnerPlusOne - 1 : nil }
    /// The length of the record's text in the input.
    var lengthInInput: Int { Int(textLength) }

    /// Whether the identity is the text (whole values).
    private var identityIsText: Bool { identityLength == Frame.identityIsText }
    private var nameStart: Int {
      keyStart + Int(keyLength) + (identityIsText ? 0 : Int(identityLength))
    }

    /// The canonical key.
    var key: Range<Int> { keyStart..<(keyStart + Int(keyLength)) }
    /// The identity as written.
    var identity: Range<Int> {
      identityIsText ? text : (keyStart + Int(keyLength))..<nameStart
    }
    /// The member name (an object map's, else empty).
    var name: Range<Int> { nameStart..<(nameStart + Int(nameLength)) }
    /// The record's text (empty when the frame leaves it out).
    var text: Range<Int> {
      let start = nameStart + Int(nameLength)
      return start..<(start + (partnerPlusOne > 0 ? 0 : Int(textLength)))
    }
    /// Where the next frame starts.
    fileprivate var end: Int { text.upperBound }
  }

  /// The bucket file's bytes.
  let bytes: SourceBytes
  /// The records in input order.
  let frames: [Frame]

  /// The records of some bytes and their frames.
  private init(bytes: SourceBytes, frames: [Frame]) {
    self.bytes = bytes
    self.frames = frames
  }

  /// NEW's records of a bucket with the partners of OLD's frames of
  /// pairs (`old`), which NEW's file leaves out, put back in input order
  /// (the texts they leave out are read again from the input): the
  /// records a run in memory reads there, for its errors.
  func withPartners(of old: SpilledRecords) -> SpilledRecords {
    let partners = old.frames.filter { $0.partner != nil }.map(Frame.init(partnerOf:))
    guard !partners.isEmpty else { return self }
    return SpilledRecords(
      bytes: bytes, frames: (frames + partners).sorted { $0.position < $1.position })
  }

  /// The records of a bucket file's bytes.
  init(bytes: SourceBytes) {
    self.bytes = bytes
    var frames: [Frame] = []
    bytes.withUnsafeBufferPointer { buffer in
      let raw = UnsafeRawBufferPointer(buffer)
      // Room for frames of short keys and no text (those of pairs) at
      // first: room never written to takes no memory.
      frames.reserveCapacity(raw.count / 32)
      var at = 0
      var previous = (position: 0, offset: 0)
      while at < raw.count {
        let header = FrameHeader(raw, at: &at, after: previous)
        previous = (header.position, header.offset)
        let frame = Frame(header, keyStart: at)
        frames.append(frame)
        at = frame.end
      }
    }
    self.frames = frames
  }

  /// The number of records.
  var count: Int { frames.count }

  /// Calls `body` with the bytes of `range`.
  func withBytes<Result>(
    _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Whether record `record`'s text has the same bytes as record
  /// `otherRecord`'s of `other`.
  func sameText(_ record: Int, as other: SpilledRecords, _ otherRecord: Int) -> Bool {
    let range = frames[record].text
    let otherRange = other.frames[otherRecord].text
    guard range.count == otherRange.count else { return false }
    return bytes.withUnsafeBufferPointer { mine in
      other.bytes.withUnsafeBufferPointer { mine.sameBytes(range, as: $0, otherRange) }
    }
  }
}
