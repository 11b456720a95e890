/// A list of byte ranges held as two offsets each (`RangeBounds`: 8 bytes
/// an element while every range ends before 4 GiB, 16 after, as
/// `[Range<Int>]` always takes): the bytes of each node of a tree layout.
public struct ByteRanges: RandomAccessCollection, MutableCollection, Sendable, Equatable,
  ExpressibleByArrayLiteral, RangeBoundsList
{
  /// The bounds.
  @usableFromInline var bounds = RangeBounds()

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
  /// The number of elements.
  @inlinable public var endIndex: Int { bounds.count }

  /// The range at `position`.
  @inlinable public subscript(position: Int) -> Range<Int> {
    @inline(__always) get { bounds.lower(position)..<bounds.upper(position) }
    @inline(__always) set { bounds.set(position, newValue.lowerBound, newValue.upperBound) }
  }

  /// Appends a range.
  @inlinable
  public mutating func append(_ range: Range<Int>) {
    bounds.append(range.lowerBound, range.upperBound)
  }

  /// Whether both lists hold the same ranges, however they hold them.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}
