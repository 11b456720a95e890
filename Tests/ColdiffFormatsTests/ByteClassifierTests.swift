import TestSupport
import Testing

@testable import ColdiffFormats

/// The SIMD classifier against a byte-at-a-time reference: on seeded
/// random blocks drawn mostly from the bytes that matter (so that several
/// fall in most blocks), and on every lane holding one such byte alone,
/// each function finds the first byte the reference finds; the plain
/// number reader finds the numbers the grammar, read a byte at a time,
/// finds; the bits of a 64-byte block's string specials are the
/// bytes the reference picks; and a mask's bits are its lanes.
@Suite struct ByteClassifierTests {
  /// The bytes some classifier looks for, their neighbours, and plain
  /// and non-ASCII bytes.
  private static let alphabet: [UInt8] = [
    0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x2C, 0x3B, 0x5B, 0x5C, 0x5D,
    0x61, 0x7A, 0x7B, 0x7C, 0x7D, 0x7E, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF,
  ]

  /// Each classifier, with the predicate of the bytes it stops at.
  private let classifiers:
    [(name: String, find: (UnsafeRawPointer, Int) -> Int, matches: (UInt8) -> Bool)] = [
      (
        "string special", ByteClassifier.firstStringSpecial,
        { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 }
      ),
      ("quote or backslash", ByteClassifier.firstQuoteOrBackslash, { $0 == 0x22 || $0 == 0x5C }),
      ("quote", ByteClassifier.firstQuote, { $0 == 0x22 }),
      (
        "quote or bracket", ByteClassifier.firstQuoteOrBracket,
        { [0x22, 0x5B, 0x5D, 0x7B, 0x7D].contains($0) }
      ),
      (
        "unquoted field stop (comma)",
        { ByteClassifier.firstUnquotedFieldStop($0, $1, delimiter: ByteClassifier.splat(0x2C)) },
        { $0 == 0x2C || $0 == 0x0A || $0 == 0x0D || $0 >= 0x80 }
      ),
      (
        "unquoted field stop (tab)",
        { ByteClassifier.firstUnquotedFieldStop($0, $1, delimiter: ByteClassifier.splat(0x09)) },
        { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 >= 0x80 }
      ),
      (
        "quoted field stop", ByteClassifier.firstQuotedFieldStop,
        { $0 == 0x22 || $0 == 0x0A || $0 >= 0x80 }
      ),
    ]

  /// The reference: the first byte of the block at `offset` that
  /// `matches`, by a plain loop.
  private func reference(_ bytes: [UInt8], _ offset: Int, _ matches: (UInt8) -> Bool) -> Int {
    (0..<ByteClassifier.width).first { matches(bytes[offset + $0]) } ?? ByteClassifier.width
  }

  private func check(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      for classifier in classifiers {
        for offset in 0...(bytes.count - ByteClassifier.width) {
          #expect(
            classifier.find(raw.baseAddress!, offset)
              == reference(bytes, offset, classifier.matches),
            "\(classifier.name) at offset \(offset) of \(bytes)")
        }
      }
    }
  }

  /// `count` random bytes, mostly plain `a` with the bytes looked for
  /// among them; every third round sparse, for long runs without any.
  private static func block(_ count: Int, round: Int, using generator: inout SeededGenerator)
    -> [UInt8]
  {
    let plain = round % 3 == 0 ? 0.95 : 0.4
    return (0..<count).map { _ in
      Double.random(in: 0..<1, using: &generator) < plain
        ? UInt8(ascii: "a") : alphabet.randomElement(using: &generator)!
    }
  }

  @Test func randomBlocksAtEveryAlignment() {
    var generator = SeededGenerator(seed: 17)
    for round in 0..<300 {
      let bytes = Self.block(40, round: round, using: &generator)
      check(bytes)
    }
  }

  /// The reference for `plainNumberLength`: the grammar read a byte at a
  /// time, inside the block.
  private func referenceNumberLength(_ bytes: [UInt8], _ offset: Int) -> Int {
    let end = offset + ByteClassifier.width
    func isDigit(_ index: Int) -> Bool {
      index < end && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
    }
    var index = offset
    guard isDigit(index) else { return 0 }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if isDigit(index) { return 0 }
    } else {
      while isDigit(index) { index += 1 }
    }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(index) else { return 0 }
      while isDigit(index) { index += 1 }
    }
    guard index < end, Array(",}] \t\r\n".utf8).contains(bytes[index]) else { return 0 }
    return index - offset
  }

  @Test func plainNumbersAtEveryAlignment() {
    var generator = SeededGenerator(seed: 59)
    let alphabet = Array("0123456789012345678901234567890..,}] \t\n\re-x".utf8)
    for _ in 0..<3000 {
      let bytes = (0..<40).map { _ in alphabet.randomElement(using: &generator)! }
      bytes.withUnsafeBytes { raw in
        for offset in 0...(bytes.count - ByteClassifier.width) {
          #expect(
            ByteClassifier.plainNumberLength(raw.baseAddress!, offset)
              == referenceNumberLength(bytes, offset), "\(bytes) at \(offset)")
        }
      }
    }
  }

  /// The reference for `stringSpecialBits`: the block's string specials
  /// picked a byte at a time.
  private func referenceSpecialBits(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
    (0..<64).reduce(0) { bits, lane in
      let byte = bytes[offset + lane]
      let special = byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80
      return special ? bits | 1 << UInt64(lane) : bits
    }
  }

  @Test func stringSpecialBitsOfRandomBlocksAndOfEveryByteInEveryLane() {
    var generator = SeededGenerator(seed: 4_099)
    for round in 0..<300 {
      let bytes = Self.block(100, round: round, using: &generator)
      bytes.withUnsafeBytes { raw in
        for offset in 0...(bytes.count - 64) {
          #expect(
            ByteClassifier.stringSpecialBits(raw.baseAddress!, offset)
              == referenceSpecialBits(bytes, offset), "\(bytes) at \(offset)")
        }
      }
    }
    for value in UInt8.min...UInt8.max {
      for lane in 0..<64 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64)
        bytes[lane] = value
        let bits = bytes.withUnsafeBytes { ByteClassifier.stringSpecialBits($0.baseAddress!, 0) }
        #expect(bits == referenceSpecialBits(bytes, 0), "\(value) in lane \(lane)")
      }
    }
  }

  /// `bits` and `any` of a mask (each lane's bit `i` set for lane `i`, as
  /// a `pmovmskb` or the multiplies give them) on seeded random masks and
  /// on each lane alone.
  @Test func maskBitsAndAnyOfRandomMasksAndOfEachLane() {
    var generator = SeededGenerator(seed: 8_191)
    var patterns: [UInt64] = (0..<ByteClassifier.width).map { 1 << UInt64($0) } + [0, 0xFFFF]
    for _ in 0..<1_000 { patterns.append(UInt64.random(in: 0...0xFFFF, using: &generator)) }
    for pattern in patterns {
      var block = SIMD16<UInt8>(repeating: 0)
      for lane in 0..<ByteClassifier.width where pattern & (1 << UInt64(lane)) != 0 {
        block[lane] = 1
      }
      let mask = block .== ByteClassifier.splat(1)
      #expect(ByteClassifier.bits(mask) == pattern, "\(pattern)")
      #expect(ByteClassifier.any(mask) == (pattern != 0), "\(pattern)")
      let first = pattern == 0 ? ByteClassifier.width : pattern.trailingZeroBitCount
      #expect(ByteClassifier.firstSet(mask) == first, "\(pattern)")
    }
  }

  @Test func everyByteValueInEveryLane() {
    for value in UInt8.min...UInt8.max {
      for lane in 0..<ByteClassifier.width {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: ByteClassifier.width)
        bytes[lane] = value
        check(bytes)
      }
    }
  }
}
