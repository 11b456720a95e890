import ColdiffFormats
import Testing

/// Record starts in 32 bits, with the records where the high bits go up.
@Suite struct RecordOffsetsTests {
  private static let gib4 = 1 << 32
  /// Offsets on both sides of several multiples of 4 GiB, one skipped.
  private static let offsets = [
    0, 7, gib4 - 1, gib4, gib4 + 9, 2 * gib4 + 1, 2 * gib4 + 1, 4 * gib4, 4 * gib4 + 3,
  ]

  private static func appended(_ offsets: some Sequence<Int>) -> RecordOffsets {
    var appended = RecordOffsets()
    for offset in offsets { appended.append(offset) }
    return appended
  }

  @Test func offsetsPast4GiBReadBackWhole() {
    let offsets = Self.appended(Self.offsets)
    #expect(Array(offsets) == Self.offsets)
    #expect(offsets.count == Self.offsets.count)
    #expect(offsets.low[3] == 0 && offsets.low[2] == UInt32.max)
  }

  @Test func offsetsUnder4GiBAreTheirLowBits() {
    let low: [UInt32] = [0, 5, 5, UInt32.max]
    let shared = RecordOffsets(low: low)
    #expect(Array(shared) == [0, 5, 5, Int(UInt32.max)])
    #expect(shared == Self.appended(low.map { Int($0) }))
    #expect(RecordOffsets().isEmpty && RecordOffsets(low: []).isEmpty)
  }

  @Test func offsetsAppendedInPartsAreAppendedWhole() {
    let whole = Self.appended(Self.offsets)
    for cut in 0...Self.offsets.count {
      for second in cut...Self.offsets.count {
        var joined = Self.appended(Self.offsets[..<cut])
        joined.append(contentsOf: Self.appended(Self.offsets[cut..<second]))
        Self.offsets[second...].withUnsafeBufferPointer { joined.append(contentsOf: $0) }
        #expect(joined == whole, "cut at \(cut) and \(second)")
        #expect(Array(joined) == Self.offsets)
      }
    }
  }

  @Test func descendingOffsetsStopTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var offsets = RecordOffsets()
      offsets.append(1 << 33)
      offsets.append(5)
    }
  }
}
