import ColdiffFormats
import Testing

/// `NodeRanges` holds ranges as `[Range<Int>]` does.
@Suite struct NodeRangesTests {
  @Test func rangesComeBackAsAppendedAndSet() {
    let elements = [0..<0, 3..<9, (1 << 40)..<(1 << 41)]
    var ranges = NodeRanges()
    for element in elements { ranges.append(element) }
    #expect(Array(ranges) == elements)
    #expect(ranges == NodeRanges(elements))
    #expect(ranges == [0..<0, 3..<9, (1 << 40)..<(1 << 41)])
    ranges[1] = 4..<5
    #expect(Array(ranges) == [0..<0, 4..<5, (1 << 40)..<(1 << 41)])
    #expect(ranges != NodeRanges(elements))
  }
}
