import Testing

@testable import ColdiffFormats

/// `StringStops` finds where strings' plain runs stop block by block, and
/// stays on a block it could make when it cannot make the next one.
@Suite struct StringStopsTests {
  @Test func aStopThatRunsPastTheLastWholeBlockLeavesTheBlocksAsTheyWere() {
    // 100 plain bytes but a quote at 40: the second block (64..<128)
    // would end past the input.
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100)
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
    // Quotes at 80 (second block) and 140 (in no whole block: 150 bytes).
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 150)
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
}
