/// A list of byte ranges, any of which may be absent, held as two offsets
/// each (16 bytes an element, against the 24 of `[Range<Int>?]`): a tree
/// layout holds two of these for every node.
///
/// An absent range is stored as a lower bound of -1 (offsets into an
/// input are never negative).
public struct OptionalRanges: RandomAccessCollection, MutableCollection, Sendable, Equatable,
  ExpressibleByArrayLiteral
{
  /// Each element's bounds, one after the other.
  @usableFromInline var bounds: [Int] = []

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
  @inlinable public var endIndex: Int { bounds.count / 2 }

  /// The range at `position`, `nil` when absent.
  @inlinable public subscript(position: Int) -> Range<Int>? {
    @inline(__always) get {
      let lower = bounds[2 * position]
      return lower < 0 ? nil : lower..<bounds[2 * position + 1]
    }
    @inline(__always) set {
      bounds[2 * position] = newValue?.lowerBound ?? -1
      bounds[2 * position + 1] = newValue?.upperBound ?? -1
    }
  }

  /// Appends a range, or an absent one.
  @inlinable
  public mutating func append(_ range: Range<Int>?) {
    bounds.append(range?.lowerBound ?? -1)
    bounds.append(range?.upperBound ?? -1)
  }

  /// Appends the elements `source` of `other`, the present ones moved on
  /// by `shift` bytes.
  ///
  /// - Complexity: O(`source.count`).
  mutating func append(_ other: Self, _ source: Range<Int>, movedBy shift: Int) {
    // Bound by bound: a tree's copied subtrees are mostly a node or two.
    other.bounds.withUnsafeBufferPointer { from in
      for index in (2 * source.lowerBound)..<(2 * source.upperBound) {
        let bound = from[index]
        bounds.append(bound < 0 ? bound : bound + shift)
      }
    }
  }

  /// Appends every element of `other` as it is.
  mutating func append(contentsOf other: Self) { bounds += other.bounds }

  /// Makes room for `count` elements in all (`Array.reserve(_:expecting:)`).
  mutating func reserve(_ count: Int) {
    bounds.reserve(2 * count - bounds.count, expecting: 2 * count)
  }

  /// Makes room for `count` elements in all.
  mutating func reserveCapacity(_ count: Int) { bounds.reserveCapacity(2 * count) }

  /// Gives the memory back, leaving the list empty.
  mutating func removeAll() { bounds = [] }
}
