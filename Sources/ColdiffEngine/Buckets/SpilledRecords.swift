import ColdiffFormats

/// The records of one bucket of one side, read back from its file: the
/// frames `BucketFiles` wrote, indexed without a copy or an allocation
/// per record.
struct SpilledRecords {
  /// One record's frame: its position and offset in the input, and where
  /// its parts lie in `bytes`.
  struct Frame {
    var position: Int
    var offset: Int
    var key: Range<Int>
    var identity: Range<Int>
    var name: Range<Int>
    var text: Range<Int>
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
      var at = 0
      while at + BucketFiles.headerSize <= raw.count {
        func word(_ offset: Int) -> Int {
          Int(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + offset, as: UInt64.self)))
        }
        func length(_ offset: Int) -> UInt32 {
          UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + offset, as: UInt32.self))
        }
        let identityLength = length(20)
        let keyStart = at + BucketFiles.headerSize
        let identityStart = keyStart + Int(length(16))
        let nameStart =
          identityStart + (identityLength == BucketFiles.identityIsText ? 0 : Int(identityLength))
        let textStart = nameStart + Int(length(24))
        let end = textStart + Int(length(28))
        let text = textStart..<end
        frames.append(
          Frame(
            position: word(0), offset: word(8), key: keyStart..<identityStart,
            identity: identityLength == BucketFiles.identityIsText
              ? text : identityStart..<nameStart,
            name: nameStart..<textStart, text: text))
        at = end
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
