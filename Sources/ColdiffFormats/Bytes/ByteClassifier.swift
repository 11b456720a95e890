#if arch(x86_64)
  import _Builtin_intrinsics.intel
#endif

/// Sixteen bytes classified at once with SIMD compares: the first byte of
/// a block that ends a run the scanners pass over (a string's plain
/// bytes, a CSV field's plain bytes), or a whole plain number; and the
/// bytes that end a string's plain run among 64 as the bits of a word
/// (`stringSpecialBits`, for `StringStops`).
///
/// Every function reads the sixteen bytes at `base + offset`, so the
/// caller guarantees `offset + ByteClassifier.width <= end`; the bytes
/// left over at the end of an input (fewer than sixteen) are read a byte
/// at a time by the caller. The `first…` functions return the offset
/// (0…15) of the first matching byte in the block, or `width` when none
/// matches.
///
/// The vectors are concrete (`SIMD16<UInt8>`), their constants built in
/// place and the mask read as the bits of a word (`bits`), so that a
/// release build compiles each function to a load, a few
/// `pcmpeqb`/`pcmpgtb`/`por`, one `pmovmskb` and one `tzcnt`, without the
/// generic SIMD code that a scalar operand (`vector .== 0x22`) calls.
enum ByteClassifier {
  /// How many bytes one block holds.
  static let width = 16

  /// The sixteen bytes at `base + offset`.
  @inline(__always)
  static func load(_ base: UnsafeRawPointer, _ offset: Int) -> SIMD16<UInt8> {
    base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
  }

  /// A vector of sixteen copies of `byte`.
  @inline(__always)
  static func splat(_ byte: UInt8) -> SIMD16<UInt8> {
    SIMD16<UInt8>(repeating: byte)
  }

  /// The index of the first lane of `mask` that is set, `width` when none
  /// is.
  @inline(__always)
  static func firstSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
    #if arch(x86_64)
      // Bit 16 stands for the lane past the block.
      return (UInt32(truncatingIfNeeded: bits(mask)) | 0x1_0000).trailingZeroBitCount
    #else
      let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
      if words[0] != 0 { return words[0].trailingZeroBitCount &>> 3 }
      // 64 trailing zeros in an empty word give 8 + 8 = `width`.
      return (words[1].trailingZeroBitCount &>> 3) &+ 8
    #endif
  }

  /// Whether any lane of `mask` is set.
  @inline(__always)
  static func any(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
    #if arch(x86_64)
      return bits(mask) != 0
    #else
      let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
      return words[0] | words[1] != 0
    #endif
  }

  /// The lanes of `block` that are below 0x20 (control characters) or
  /// 0x80 and above (non-ASCII): one signed compare does both.
  @inline(__always)
  static func controlOrNonASCII(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    unsafeBitCast(block, to: SIMD16<Int8>.self) .< SIMD16<Int8>(repeating: 0x20)
  }

  /// The lanes of `block` equal to `byte`.
  @inline(__always)
  static func equal(_ block: SIMD16<UInt8>, _ byte: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    block .== byte
  }

  /// The first byte of the block that ends a JSON string's plain run: `"`,
  /// `\`, a control character or a non-ASCII byte.
  @inline(__always)
  static func firstStringSpecial(_ base: UnsafeRawPointer, _ offset: Int) -> Int {
    let block = load(base, offset)
    return firstSet(
      equal(block, splat(0x22)) .| equal(block, splat(0x5C)) .| controlOrNonASCII(block))
  }

  /// The lanes of `mask` as the low sixteen bits of a word (lane `i` as
  /// bit `i`): on x86-64 one `pmovmskb` (SSE2, which every x86-64 has,
  /// reached through Clang's intrinsics module: the standard library's
  /// SIMD types have no movemask); elsewhere each half's eight bytes of
  /// 0x00 or 0xFF kept one bit each and gathered into one byte by a
  /// multiply.
  @inline(__always)
  static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
    #if arch(x86_64)
      let lanes = _mm_movemask_epi8(unsafeBitCast(mask, to: __m128i.self))
      return UInt64(UInt32(bitPattern: lanes))
    #else
      let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
      let low = (words[0] & 0x8040_2010_0804_0201) &* 0x0101_0101_0101_0101
      let high = (words[1] & 0x8040_2010_0804_0201) &* 0x0101_0101_0101_0101
      return low &>> 56 | (high &>> 48) & 0xFF00
    #endif
  }

  /// The bytes of `firstStringSpecial` among the 64 at `base + offset`
  /// (which the caller guarantees are there): bit `i` set when the byte
  /// at `offset + i` is one.
  @inline(__always)
  static func stringSpecialBits(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    var bits: UInt64 = 0
    for part in 0..<4 {
      let block = load(base, offset &+ part &* width)
      let mask =
        equal(block, splat(0x22)) .| equal(block, splat(0x5C)) .| controlOrNonASCII(block)
      bits |= Self.bits(mask) &<< UInt64(part &* width)
    }
    return bits
  }

  /// The first `"` or `\` of the block (in text already validated).
  @inline(__always)
  static func firstQuoteOrBackslash(_ base: UnsafeRawPointer, _ offset: Int) -> Int {
    let block = load(base, offset)
    return firstSet(equal(block, splat(0x22)) .| equal(block, splat(0x5C)))
  }

  /// The first `"` of the block.
  @inline(__always)
  static func firstQuote(_ base: UnsafeRawPointer, _ offset: Int) -> Int {
    firstSet(equal(load(base, offset), splat(0x22)))
  }

  /// The offset of the first `"` at or after `offset`: sixteen bytes at a
  /// time, the last few (fewer than sixteen before `count`) one by one.
  ///
  /// - Precondition: a `"` comes before `count` (text already validated).
  @inline(__always)
  static func nextQuote(_ base: UnsafeRawPointer, from offset: Int, count: Int) -> Int {
    var index = offset
    while index &+ width <= count {
      let found = firstQuote(base, index)
      index &+= found
      if found < width { return index }
    }
    while base.load(fromByteOffset: index, as: UInt8.self) != 0x22 { index += 1 }
    return index
  }

  /// The first `"`, `{`, `}`, `[` or `]` of the block (in text already
  /// validated).
  @inline(__always)
  static func firstQuoteOrBracket(_ base: UnsafeRawPointer, _ offset: Int) -> Int {
    let block = load(base, offset)
    // Or-ing 0x20 folds `[` into `{` and `]` into `}`, and no other byte
    // of JSON text into either or into `"`.
    let folded = block | splat(0x20)
    return firstSet(
      equal(block, splat(0x22)) .| equal(folded, splat(0x7B)) .| equal(folded, splat(0x7D)))
  }

  /// The length of the plain number at the start of the block, or 0 when
  /// the block does not start with one: a number without sign or
  /// exponent (`0`, `45`, `1234.56`, `0.5`: no leading zero, digits after
  /// the point) followed, inside the block, by `,`, `}`, `]`, a space, a
  /// tab, CR or LF. Those are exactly the numbers the byte-at-a-time
  /// grammar accepts with such a byte after them; every other start (a
  /// sign, an exponent, an error, a number running past the block) gives
  /// 0 and is read a byte at a time.
  @inline(__always)
  static func plainNumberLength(_ base: UnsafeRawPointer, _ offset: Int) -> Int {
    let block = load(base, offset)
    let nonDigits = (block &- splat(0x30)) .>= splat(10)
    let integerEnd = firstSet(nonDigits)
    // At least one digit, no leading zero, and room for what follows.
    guard integerEnd >= 1, integerEnd < width,
      integerEnd == 1 || base.load(fromByteOffset: offset, as: UInt8.self) != 0x30
    else { return 0 }
    var end = integerEnd
    if base.load(fromByteOffset: offset &+ end, as: UInt8.self) == 0x2E {
      // The first non-digit after the point.
      let lanes = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
      end = firstSet(nonDigits .& (lanes .> splat(UInt8(truncatingIfNeeded: integerEnd))))
      guard end > integerEnd &+ 1, end < width else { return 0 }
    }
    switch base.load(fromByteOffset: offset &+ end, as: UInt8.self) {
    case 0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0D, 0x0A: return end
    default: return 0
    }
  }

  /// The first byte of `block` that a JSON string's text escapes (`"`,
  /// `\`, a control character) or that is one of `stops` (sixteen copies
  /// of a byte).
  @inline(__always)
  static func firstEscapeOrStop(_ block: SIMD16<UInt8>, stops: SIMD16<UInt8>) -> Int {
    firstSet(
      equal(block, stops) .| equal(block, splat(0x22)) .| equal(block, splat(0x5C))
        .| (block .< splat(0x20)))
  }

  /// The first byte of the block that ends an unquoted CSV field's plain
  /// run: the delimiter (given as sixteen copies), CR, LF or a non-ASCII
  /// byte.
  @inline(__always)
  static func firstUnquotedFieldStop(
    _ base: UnsafeRawPointer, _ offset: Int, delimiter: SIMD16<UInt8>
  ) -> Int {
    let block = load(base, offset)
    let nonASCII = unsafeBitCast(block, to: SIMD16<Int8>.self) .< SIMD16<Int8>(repeating: 0)
    return firstSet(
      equal(block, delimiter) .| equal(block, splat(0x0A)) .| equal(block, splat(0x0D))
        .| nonASCII)
  }

  /// The first byte of the block that ends a quoted CSV field's plain
  /// run: `"`, LF or a non-ASCII byte.
  @inline(__always)
  static func firstQuotedFieldStop(_ base: UnsafeRawPointer, _ offset: Int) -> Int {
    let block = load(base, offset)
    let nonASCII = unsafeBitCast(block, to: SIMD16<Int8>.self) .< SIMD16<Int8>(repeating: 0)
    return firstSet(equal(block, splat(0x22)) .| equal(block, splat(0x0A)) .| nonASCII)
  }
}
