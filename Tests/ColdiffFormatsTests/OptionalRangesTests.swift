import ColdiffFormats
import Testing

/// `OptionalRanges` holds ranges and absent ones as `[Range<Int>?]` does.
@Suite struct OptionalRangesTests {
  @Test func absentAndPresentRangesComeBackAsAppended() {
    let elements: [Range<Int>?] = [nil, 0..<0, 3..<9, nil, 1 << 40..<(1 << 41)]
    var ranges = OptionalRanges()
    for element in elements { ranges.append(element) }
    #expect(Array(ranges) == elements)
    #expect(ranges.count == elements.count)
    #expect(ranges == OptionalRanges(elements))
    #expect(ranges == [nil, 0..<0, 3..<9, nil, 1 << 40..<(1 << 41)])
  }

  @Test func anElementCanBeSetAndCleared() {
    var ranges: OptionalRanges = [nil, 2..<4]
    ranges[0] = 5..<7
    ranges[1] = nil
    #expect(Array(ranges) == [5..<7, nil])
    #expect(ranges != [5..<7, 0..<0])
  }
}
