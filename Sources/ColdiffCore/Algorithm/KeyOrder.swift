/// An order of canonical keys in which an export may list its records
/// (`KeyTable+Ascending`): byte by byte, a key before the longer keys it
/// begins (text, and numbers written to one width), or shorter keys
/// first and keys of one length byte by byte (numbers written without
/// leading zeros, `9` before `10`).
enum KeyOrder {
  case bytewise
  case lengthFirst

  /// The orders an export is checked for, in turn.
  static let all: [KeyOrder] = [.bytewise, .lengthFirst]

  /// The longest key this order's sample numbers keep in order
  /// (``sampleNumber(_:_:from:)``): a length-first number holds the
  /// key's length in its top 16 bits.
  var longestKey: Int {
    switch self {
    case .bytewise: .max
    case .lengthFirst: 0xFFFF
    }
  }

  /// Negative, zero or positive as the bytes `left` of `leftBytes` sort
  /// before, with or after the bytes `right` of `rightBytes` in this
  /// order; the bytes are compared eight at a time, read as big-endian
  /// numbers, then one by one.
  @inline(__always)
  func compare(
    _ leftBytes: UnsafeRawBufferPointer, _ left: Range<Int>,
    _ rightBytes: UnsafeRawBufferPointer, _ right: Range<Int>
  ) -> Int {
    if self == .lengthFirst, left.count != right.count { return left.count - right.count }
    return KeyOrder.bytewiseNotingShared(leftBytes, left, rightBytes, right).sign
  }

  /// ``compare(_:_:_:_:)``'s sign, and how many bytes the two begin with
  /// alike (their common prefix), which the look-ups need not count.
  @inline(__always)
  func compareNotingShared(
    _ leftBytes: UnsafeRawBufferPointer, _ left: Range<Int>,
    _ rightBytes: UnsafeRawBufferPointer, _ right: Range<Int>
  ) -> (sign: Int, shared: Int) {
    let bytewise = KeyOrder.bytewiseNotingShared(leftBytes, left, rightBytes, right)
    guard self == .lengthFirst, left.count != right.count else { return bytewise }
    return (left.count - right.count, bytewise.shared)
  }

  /// The byte-by-byte order's sign, and the common prefix's length.
  @inline(__always)
  private static func bytewiseNotingShared(
    _ leftBytes: UnsafeRawBufferPointer, _ left: Range<Int>,
    _ rightBytes: UnsafeRawBufferPointer, _ right: Range<Int>
  ) -> (sign: Int, shared: Int) {
    let common = min(left.count, right.count)
    var offset = 0
    while offset + 8 <= common {
      let mine = UInt64(
        bigEndian: leftBytes.loadUnaligned(
          fromByteOffset: left.lowerBound + offset, as: UInt64.self))
      let theirs = UInt64(
        bigEndian: rightBytes.loadUnaligned(
          fromByteOffset: right.lowerBound + offset, as: UInt64.self))
      if mine != theirs {
        return (mine < theirs ? -1 : 1, offset + (mine ^ theirs).leadingZeroBitCount / 8)
      }
      offset += 8
    }
    while offset < common {
      let mine = leftBytes[left.lowerBound + offset]
      let theirs = rightBytes[right.lowerBound + offset]
      if mine != theirs { return (mine < theirs ? -1 : 1, offset) }
      offset += 1
    }
    return (left.count - right.count, common)
  }

  /// A number for the key `key` of `bytes` that never decreases as keys
  /// ascend in this order (keys of at most ``longestKey`` bytes that
  /// begin with the same `offset` bytes): its bytes from `offset` on as
  /// a big-endian number, eight of them (zeros past the key's end), or,
  /// length first, its length in 16 bits and six of them.
  @inline(__always)
  func sampleNumber(_ bytes: UnsafeRawBufferPointer, _ key: Range<Int>, from offset: Int)
    -> UInt64
  {
    let width = self == .bytewise ? 8 : 6
    let available = key.count - offset
    var number: UInt64 = 0
    if available >= 8 {
      number = UInt64(
        bigEndian: bytes.loadUnaligned(fromByteOffset: key.lowerBound + offset, as: UInt64.self))
      if width < 8 { number >>= 16 }
    } else {
      for byte in 0..<width {
        number <<= 8
        if byte < available { number |= UInt64(bytes[key.lowerBound + offset + byte]) }
      }
    }
    return self == .bytewise ? number : UInt64(key.count) << 48 | number
  }
}
