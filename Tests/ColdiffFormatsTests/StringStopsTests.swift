import Testing

@testable import ColdiffFormats

/// `StringStops` finds where strings' plain runs stop block by block,
/// makes a block only with the quick skip's margin after it, and stays on
/// a block it could make when it cannot make the next one.
@Suite struct StringStopsTests {
  @Test func aStopThatRunsPastTheLastWholeBlockLeavesTheBlocksAsTheyWere() {
    // 164 plain bytes but a quote at 40: the second block (64..<128)
    // would leave less than the margin after it.
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 164)
    bytes[40] = UInt8(ascii: "\"")
    bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      var stops = StringStops(base, at: 0, end: buffer.count)
      #expect(stops.stop(base, from: 1, end: buffer.count) == 40)
      #expect(stops.stop(base, from: 41, end: buffer.count) == -1)
      // Asked again past the first block: still none, not a stop read
      // from the first block's bits (which would say 104).
      #expect(stops.stop(base, from: 70, end: buffer.count) == -1)
      // And from a new block that fits: the quote again.
      #expect(stops.stop(base, from: 30, end: buffer.count) == 40)
    }
  }

  @Test func aStopThatRunsPastTheNextBlockLeavesThatBlockAsItWas() {
    // Quotes at 80 (second block) and 140 (in no block with the margin
    // after it: 214 bytes).
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 214)
    bytes[80] = UInt8(ascii: "\"")
    bytes[140] = UInt8(ascii: "\"")
    bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      var stops = StringStops(base, at: 0, end: buffer.count)
      #expect(stops.stop(base, from: 100, end: buffer.count) == -1)
      // Past the second block: none, not a stop read from the second
      // block's bits (which would say 144).
      #expect(stops.stop(base, from: 130, end: buffer.count) == -1)
      #expect(stops.stop(base, from: 70, end: buffer.count) == 80)
    }
  }

  @Test func everyStopHasTheMarginAfterTheByteAfterIt() {
    // Quotes everywhere: each position asked for is a stop when the
    // stops give it at all.
    for count in StringStops.reach..<(StringStops.reach + 200) {
      let bytes = [UInt8](repeating: UInt8(ascii: "\""), count: count)
      bytes.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress!
        var stops = StringStops(base, at: 0, end: count)
        var (given, last) = (0, -1)
        for from in 0..<count {
          let stop = stops.stop(base, from: from, end: count)
          guard stop >= 0 else { continue }
          #expect(stop == from && stop + 1 + JSONLexer.quickMargin <= count)
          (given, last) = (given + 1, stop)
        }
        // The stops reach as far as whole blocks with the margin allow.
        #expect(given > 0 && last + 1 + JSONLexer.quickMargin + 64 > count)
      }
    }
  }
}
