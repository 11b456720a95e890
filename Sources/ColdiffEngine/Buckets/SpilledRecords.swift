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
    /// The position + 1 of the other input's record with the same bytes,
    /// 0 when the frame holds its text.
    private var partnerPlusOne: Int
    /// Where the frame's key starts, and the lengths of its parts.
    private var keyStart: Int
    private var keyLength: UInt32
    private var identityLength: UInt32
    private var nameLength: UInt32
    private var textLength: UInt32

    /// The frame whose header starts at `at` in `raw`.
    @inline(__always)
    fileprivate init(_ raw: UnsafeRawBufferPointer, at: Int) {
      func word(_ offset: Int) -> Int {
        Int(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + offset, as: UInt64.self)))
      }
      func length(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + offset, as: UInt32.self))
      }
      position = word(0)
      offset = word(8)
      partnerPlusOne = word(16)
      keyStart = at + BucketFiles.headerSize
      keyLength = length(24)
      identityLength = length(28)
      nameLength = length(32)
      textLength = length(36)
    }

    /// The position of the other input's record with the same bytes when
    /// the frame leaves the text out (it is then at `offset` in the
    /// input), else `nil`.
    var partner: Int? { partnerPlusOne > 0 ? partnerPlusOne - 1 : nil }
    /// The length of the record's text in the input.
    var lengthInInput: Int { Int(textLength) }

    /// Whether the identity is the text (whole values).
    private var identityIsText: Bool { identityLength == BucketFiles.identityIsText }
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

  /// The records of a bucket file's bytes.
  init(bytes: SourceBytes) {
    self.bytes = bytes
    var frames: [Frame] = []
    bytes.withUnsafeBufferPointer { buffer in
      let raw = UnsafeRawBufferPointer(buffer)
      // About a frame every 128 bytes at first.
      frames.reserveCapacity(raw.count / 128)
      var at = 0
      while at + BucketFiles.headerSize <= raw.count {
        let frame = Frame(raw, at: at)
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
