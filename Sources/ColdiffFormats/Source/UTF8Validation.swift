/// Well-formed UTF-8 (Unicode Table 3-7), checked byte by byte for the
/// readers of every format.
enum UTF8Validation {
  /// The length (1…4) of the well-formed UTF-8 sequence at `index`, or 0
  /// when the bytes there are not UTF-8: overlong forms, surrogates, code
  /// points above U+10FFFF, or a sequence cut by `limit`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, limit: Int)
    -> Int
  {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return 0
    }
    guard index + length <= limit else { return 0 }
    let second = bytes[index + 1]
    guard second >= low && second <= high else { return 0 }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
    return length
  }
}
