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

  @Test func aReaderGivesTheBoundsOfNarrowAndWideListsAsTheListDoes() {
    for widened in [false, true] {
      var list: OptionalRanges = [nil, 3..<5, 0..<0, 7..<(Self.edge - 1)]
      if widened { list.bounds.widen() }
      let read = list.bounds.withReader { reader in
        list.indices.map { index -> Range<Int>? in
          let lower = reader.lower(index)
          return lower < 0 ? nil : lower..<reader.upper(index)
        }
      }
      #expect(read == Array(list))
    }
    let far: ByteRanges = [1..<2, Self.far..<(Self.far + 3)]
    #expect(
      far.bounds.withReader { [$0.lower(1), $0.upper(1), $0.upper(0)] } == [
        Self.far, Self.far + 3, 2,
      ])
  }

  @Test func theFirstAbsentRangeIsFoundInNarrowAndWideLists() {
    var list: OptionalRanges = [1..<2, 3..<4, nil, 5..<6, nil]
    #expect(list.firstAbsent() == 2)
    list.bounds.widen()
    #expect(list.firstAbsent() == 2)
    #expect(OptionalRanges([1..<2, Self.far..<(Self.far + 1)]).firstAbsent() == nil)
    #expect(OptionalRanges([0..<0]).firstAbsent() == nil && OptionalRanges().firstAbsent() == nil)
  }

  @Test(arguments: [1, 4, 5, 9, 33])
  func theFirstAbsentRangeIsFoundWhereverItIsInALongerList(count: Int) {
    // Present ranges as far as a narrow list goes, then one absent range
    // at each place in turn (the bounds are read eight at a time).
    let last = RangeBounds.narrowLimit - 1
    let present = (0..<count).map { Optional($0 % 2 == 0 ? $0..<($0 + 1) : (last - 1)..<last) }
    #expect(OptionalRanges(present).firstAbsent() == nil)
    for absent in 0..<count {
      var ranges = present
      ranges[absent] = nil
      if absent + 2 < count { ranges[absent + 2] = nil }
      let list = OptionalRanges(ranges)
      #expect(!list.bounds.isWide)
      #expect(list.firstAbsent() == absent, "\(count) ranges, absent at \(absent)")
    }
  }

  @Test func listsWrittenOnceAreNarrowUnlessARangeEndsPast4GiB() {
    let bounds = [(1, 2), (-1, 0), (10, 20), (Self.edge - 30, Self.edge - 1)]
    let small = OptionalRanges(count: bounds.count) { bounds[$0] }
    #expect(!small.bounds.isWide)
    #expect(Array(small) == [1..<2, nil, 10..<20, (Self.edge - 30)..<(Self.edge - 1)])

    // The last ends at the first offset a narrow list cannot hold.
    let past = bounds + [(Self.edge - 1, Self.edge)]
    let wide = OptionalRanges(count: past.count) { past[$0] }
    #expect(wide.bounds.isWide)
    #expect(Array(wide) == Array(small) + [(Self.edge - 1)..<Self.edge])

    let nodes = ByteRanges(count: 2) { [(0, 50), (Self.far, Self.far + 9)][$0] }
    #expect(nodes.bounds.isWide && Array(nodes) == [0..<50, Self.far..<(Self.far + 9)])
    #expect(ByteRanges(count: 0) { _ in (0, 0) }.isEmpty)
  }
}
