/// A list of byte ranges held as `RangeBounds` (`ByteRanges`,
/// `OptionalRanges`): how the scans and joins of tree layouts grow one
/// from another's, whatever the list's elements.
protocol RangeBoundsList {
  /// The bounds, -1 for an absent range's.
  var bounds: RangeBounds { get set }

  /// An empty list.
  init()
}

extension RangeBoundsList {
  /// A list of `count` elements, element `index`'s bounds
  /// `bounds(index)` (a lower bound of -1: absent), written once each
  /// (`RangeBounds.init(count:_:)`).
  init(count: Int, _ bounds: (Int) -> (lower: Int, upper: Int)) {
    self.init()
    self.bounds = RangeBounds(count: count, bounds)
  }

  /// A list of the narrow bounds `narrow` (`RangeBounds.init(narrow:)`).
  init(narrow: [UInt32]) {
    self.init()
    self.bounds = RangeBounds(narrow: narrow)
  }

  /// Appends every element of `other` as it is.
  mutating func append(contentsOf other: Self) { bounds.append(contentsOf: other.bounds) }

  /// Makes room for `count` elements in all (`Array.reserve(_:expecting:)`).
  mutating func reserve(_ count: Int) { bounds.reserve(count) }

  /// Makes room for `count` elements in all.
  mutating func reserveCapacity(_ count: Int) { bounds.reserveCapacity(count) }

  /// Gives the memory back, leaving the list empty (and narrow).
  mutating func removeAll() { bounds = RangeBounds() }
}
