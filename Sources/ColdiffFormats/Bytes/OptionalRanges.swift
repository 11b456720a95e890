/// A list of byte ranges, any of which may be absent, held as two offsets
/// each (`RangeBounds`: 8 bytes an element while every range ends before
/// 4 GiB, 16 after, against the 24 of `[Range<Int>?]`): a tree layout
/// holds two of these for every node.
public struct OptionalRanges: RandomAccessCollection, MutableCollection, Sendable, Equatable,
  ExpressibleByArrayLiteral, RangeBoundsList
{
  /// The bounds, -1 for an absent range's.
  @usableFromInline var bounds = RangeBounds()

  /// An empty list.
  public init() {}

  /// A list of `elements`.
  public init(_ elements: some Sequence<Range<Int>?>) {
    for element in elements { append(element) }
  }

  /// A list of `elements`.
  public init(arrayLiteral elements: Range<Int>?...) { self.init(elements) }

  /// The first position, 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of elements.
  @inlinable public var endIndex: Int { bounds.count }

  /// The range at `position`, `nil` when absent.
  @inlinable public subscript(position: Int) -> Range<Int>? {
    @inline(__always) get {
      let lower = bounds.lower(position)
      return lower < 0 ? nil : lower..<bounds.upper(position)
    }
    @inline(__always) set {
      bounds.set(position, newValue?.lowerBound ?? -1, newValue?.upperBound ?? -1)
    }
  }

  /// Appends a range, or an absent one.
  @inlinable
  public mutating func append(_ range: Range<Int>?) {
    bounds.append(range?.lowerBound ?? -1, range?.upperBound ?? -1)
  }

  /// The position of the first absent range, if any (read from the
  /// bounds, without making each range).
  ///
  /// - Complexity: O(`count`).
  public func firstAbsent() -> Int? { bounds.firstAbsent() }

  /// Whether both lists hold the same ranges, however they hold them.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}
