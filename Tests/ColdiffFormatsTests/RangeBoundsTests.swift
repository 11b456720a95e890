import Testing

@testable import ColdiffFormats

/// `RangeBounds`, under `ByteRanges` and `OptionalRanges`: 4-byte bounds
/// until a range ends at 4 GiB or later, the same ranges either way.
@Suite struct RangeBoundsTests {
  /// An offset past what a narrow list holds.
  static let far = 1 << 40
  /// The first offset a narrow list cannot hold.
  static let edge = Int(UInt32.max)

  @Test func rangesUnder4GiBStayNarrowAndTheFirstPastThemWidensTheList() {
    var ranges: ByteRanges = [0..<0, 3..<(Self.edge - 1)]
    #expect(!ranges.bounds.isWide)
    ranges.append((Self.edge - 1)..<Self.edge)
    #expect(ranges.bounds.isWide)
    #expect(Array(ranges) == [0..<0, 3..<(Self.edge - 1), (Self.edge - 1)..<Self.edge])
    ranges[0] = 1..<2
    #expect(Array(ranges) == [1..<2, 3..<(Self.edge - 1), (Self.edge - 1)..<Self.edge])

    var set: OptionalRanges = [1..<2, nil]
    set[1] = Self.far..<(Self.far + 1)
    #expect(set.bounds.isWide)
    #expect(Array(set) == [1..<2, Self.far..<(Self.far + 1)])
    set[0] = nil
    #expect(Array(set) == [nil, Self.far..<(Self.far + 1)])
  }

  @Test func narrowAndWideListsJoinAndCompareByTheirRanges() {
    let narrow: OptionalRanges = [nil, 3..<5]
    let wide: OptionalRanges = [Self.far..<(Self.far + 2), nil]
    var joined = narrow
    joined.append(contentsOf: wide)
    #expect(Array(joined) == [nil, 3..<5, Self.far..<(Self.far + 2), nil])
    var other = wide
    other.append(contentsOf: narrow)
    #expect(Array(other) == [Self.far..<(Self.far + 2), nil, nil, 3..<5])

    var widened = narrow
    widened.bounds.widen()
    #expect(widened.bounds.isWide && widened == narrow)
    widened.removeAll()
    #expect(widened.isEmpty && !widened.bounds.isWide)

    let nodes: ByteRanges = [0..<10, 2..<4]
    var wideNodes = nodes
    wideNodes.bounds.widen()
    #expect(wideNodes == nodes && wideNodes != [0..<10, 2..<5])
  }

  @Test func movedRangesWidenTheListAtTheFirstThatEndsPast4GiB() {
    let source: OptionalRanges = [1..<2, nil, 10..<20, 30..<40]
    var small = OptionalRanges()
    small.append(source, 0..<4, movedBy: 100)
    #expect(!small.bounds.isWide)
    #expect(Array(small) == [101..<102, nil, 110..<120, 130..<140])

    // The third fits narrow once moved, the fourth does not.
    let shift = Self.edge - 25
    var moved: OptionalRanges = [nil]
    moved.append(source, 1..<4, movedBy: shift)
    #expect(moved.bounds.isWide)
    #expect(
      Array(moved) == [nil, nil, (10 + shift)..<(20 + shift), (30 + shift)..<(40 + shift)])

    var back = OptionalRanges()
    back.append(moved, 2..<4, movedBy: -shift)
    #expect(Array(back) == [10..<20, 30..<40])

    let nodes: ByteRanges = [0..<50, 5..<9]
    var copied: ByteRanges = [0..<1]
    copied.append(nodes, 0..<2, movedBy: Self.far)
    #expect(Array(copied) == [0..<1, Self.far..<(Self.far + 50), (Self.far + 5)..<(Self.far + 9)])
  }
}
