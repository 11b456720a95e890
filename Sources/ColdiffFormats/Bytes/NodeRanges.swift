/// The byte ranges of a tree's nodes, held as two arrays, their starts
/// and their ends, so that the table of OLD's nodes found by their bytes
/// (`KnownRecords`) shares them instead of copying them.
public struct NodeRanges: RandomAccessCollection, MutableCollection, Sendable, Equatable,
  ExpressibleByArrayLiteral
{
  /// Where each range starts.
  @usableFromInline var starts: [Int] = []
  /// Where each range ends (exclusive).
  @usableFromInline var ends: [Int] = []

  /// An empty list.
  public init() {}

  /// A list of `elements`.
  public init(_ elements: some Sequence<Range<Int>>) {
    for element in elements { append(element) }
  }

  /// A list of `elements`.
  public init(arrayLiteral elements: Range<Int>...) { self.init(elements) }

  /// The first position, 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of ranges.
  @inlinable public var endIndex: Int { starts.count }

  /// The range at `position`.
  @inlinable public subscript(position: Int) -> Range<Int> {
    @inline(__always) get { starts[position]..<ends[position] }
    @inline(__always) set {
      starts[position] = newValue.lowerBound
      ends[position] = newValue.upperBound
    }
  }

  /// Appends a range.
  @inlinable
  public mutating func append(_ range: Range<Int>) {
    starts.append(range.lowerBound)
    ends.append(range.upperBound)
  }

  /// Appends the ranges `source` of `other`, moved on by `shift` bytes.
  ///
  /// - Complexity: O(`source.count`).
  mutating func append(_ other: Self, _ source: Range<Int>, movedBy shift: Int) {
    starts += other.starts[source].lazy.map { $0 + shift }
    ends += other.ends[source].lazy.map { $0 + shift }
  }

  /// Appends every range of `other` as it is.
  mutating func append(contentsOf other: Self) {
    starts += other.starts
    ends += other.ends
  }

  /// Makes room for `count` ranges in all, in memory advised as huge
  /// pages when it must grow (`Array.reserveAdvised`).
  mutating func reserveAdvised(_ count: Int) {
    starts.reserveAdvised(count - starts.count, expecting: count)
    ends.reserveAdvised(count - ends.count, expecting: count)
  }

  /// Makes room for `count` ranges in all.
  mutating func reserveCapacity(_ count: Int) {
    starts.reserveCapacity(count)
    ends.reserveCapacity(count)
  }

  /// Gives the memory back, leaving the list empty.
  mutating func removeAll() { (starts, ends) = ([], []) }
}
