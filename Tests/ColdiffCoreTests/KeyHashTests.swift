import TestSupport
import Testing

@testable import ColdiffCore

/// `KeyHash.hash` reads a key's last bytes (fewer than eight after its
/// whole words) with one load: the hash of every length is the one the
/// bytes read one at a time give, so shard fingerprints stay.
@Suite struct KeyHashTests {
  /// The hash with the last bytes read one at a time.
  private static func byteByByte(_ bytes: [UInt8]) -> UInt64 {
    func mix(_ value: UInt64) -> UInt64 {
      var z = value &* 0xBF58_476D_1CE4_E5B9
      z ^= z >> 31
      z = z &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 29)
    }
    var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
    var index = 0
    while index + 8 <= bytes.count {
      var word: UInt64 = 0
      for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
      state = mix(state ^ word)
      index += 8
    }
    var tail: UInt64 = 0
    for (offset, byte) in bytes[index...].enumerated() {
      tail |= UInt64(byte) << (8 * UInt64(offset))
    }
    return mix(state ^ tail ^ 0x9E37_79B9_7F4A_7C15)
  }

  @Test func everyLengthHashesAsByteByByte() {
    var random = SeededGenerator(seed: 64)
    for length in 0...40 {
      for _ in 0..<20 {
        let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        let hash = bytes.withUnsafeBufferPointer { KeyHash.hash($0) }
        #expect(hash == Self.byteByByte(bytes), "\(bytes)")
      }
    }
  }

  @Test func aKeyInsideALargerBufferHashesAsItself() {
    let buffer = Array("xxxxxxxxxxkey-0123456789yyyyyyyy".utf8)
    for end in 10...24 {
      let key = Array(buffer[10..<end])
      let inside = buffer.withUnsafeBufferPointer {
        KeyHash.hash(UnsafeBufferPointer(rebasing: $0[10..<end]))
      }
      #expect(inside == Self.byteByByte(key))
    }
  }
}
