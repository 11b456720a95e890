/// The header of a frame of a bucket file (`BucketFiles`) in few bytes:
/// each field a LEB128 number, the position and the offset as signed
/// differences (zigzag coded) from the frame before in the same file, a
/// partner's as differences from the frame's own. A frame of a pair
/// (some 40 bytes of key, identity and header at ten million records)
/// then takes about 15 bytes of header, not 48.
struct FrameHeader: Equatable {
  /// The record's position and the offset of its text in the input.
  var position: Int
  var offset: Int
  /// NEW's record with the same bytes (in a frame of OLD), its position
  /// and offset in NEW: the frame leaves the text out.
  var partner: Partner?
  /// The lengths of the key, of the identity as written (`nil`: the
  /// identity is the text), of the member name, and of the text in the
  /// input (also when the frame leaves it out).
  var keyLength: Int
  var identityLength: Int?
  var nameLength: Int
  var textLength: Int

  /// A pair's record in NEW.
  struct Partner: Equatable {
    var position: Int
    var offset: Int
  }

  /// The most bytes a header takes (eight numbers of up to ten bytes).
  static let largestSize = 80

  /// Writes the header at `start`, after a frame of `previous` position
  /// and offset in the same file.
  ///
  /// - Returns: the number of bytes written.
  @inline(__always)
  func write(to start: UnsafeMutableRawPointer, after previous: (position: Int, offset: Int))
    -> Int
  {
    var at = 0
    func put(_ value: UInt64) {
      var value = value
      while value >= 0x80 {
        start.storeBytes(
          of: UInt8(truncatingIfNeeded: value) | 0x80, toByteOffset: at, as: UInt8.self)
        value >>= 7
        at += 1
      }
      start.storeBytes(of: UInt8(value), toByteOffset: at, as: UInt8.self)
      at += 1
    }
    put(FrameHeader.zigzag(position - previous.position))
    put(FrameHeader.zigzag(offset - previous.offset))
    put(UInt64(keyLength))
    put(identityLength.map { UInt64($0) + 1 } ?? 0)
    put(UInt64(nameLength))
    put(UInt64(textLength))
    if let partner {
      put(FrameHeader.zigzag(partner.position - position) + 1)
      put(FrameHeader.zigzag(partner.offset - offset))
    } else {
      put(0)
    }
    return at
  }

  /// Reads the header at `at` in `raw`, after a frame of `previous`
  /// position and offset, and moves `at` past it.
  @inline(__always)
  init(_ raw: UnsafeRawBufferPointer, at: inout Int, after previous: (position: Int, offset: Int)) {
    func get() -> UInt64 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        let byte = raw[at]
        at += 1
        value |= UInt64(byte & 0x7F) << shift
        if byte < 0x80 { return value }
        shift += 7
      }
    }
    position = previous.position + FrameHeader.unzigzag(get())
    offset = previous.offset + FrameHeader.unzigzag(get())
    keyLength = Int(get())
    let identity = get()
    identityLength = identity == 0 ? nil : Int(identity - 1)
    nameLength = Int(get())
    textLength = Int(get())
    let partnerPosition = get()
    if partnerPosition == 0 {
      partner = nil
    } else {
      let partnerAt = position + FrameHeader.unzigzag(partnerPosition - 1)
      partner = Partner(position: partnerAt, offset: offset + FrameHeader.unzigzag(get()))
    }
  }

  /// A memberwise header.
  init(
    position: Int, offset: Int, partner: Partner?, keyLength: Int, identityLength: Int?,
    nameLength: Int, textLength: Int
  ) {
    self.position = position
    self.offset = offset
    self.partner = partner
    self.keyLength = keyLength
    self.identityLength = identityLength
    self.nameLength = nameLength
    self.textLength = textLength
  }

  /// A signed number as an unsigned one, small either way for small
  /// magnitudes.
  private static func zigzag(_ value: Int) -> UInt64 {
    UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
  }

  private static func unzigzag(_ value: UInt64) -> Int {
    Int(bitPattern: UInt(value >> 1)) ^ -Int(bitPattern: UInt(value & 1))
  }
}
