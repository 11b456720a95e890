/// The bounds of a `RangeBounds` list read in place through a pointer,
/// for a loop over many of its ranges that writes other memory as it
/// goes (a tree layout's copy of a subtree): the list's arrays are not
/// looked up again for each range, nor their bounds checked.
///
/// Valid only inside ``RangeBounds/withReader(_:)``'s body.
struct RangeBoundsReader {
  /// The narrow bounds (`UInt32.max` for an absent range's), or `nil`
  /// for a wide list.
  private let narrow: UnsafePointer<UInt32>?
  /// The wide bounds (-1 for an absent range's), when the list is wide.
  private let wide: UnsafePointer<Int>?

  /// A reader of narrow bounds.
  init(narrow: UnsafePointer<UInt32>?) { (self.narrow, wide) = (narrow, nil) }

  /// A reader of wide bounds.
  init(wide: UnsafePointer<Int>?) { (narrow, self.wide) = (nil, wide) }

  /// The narrow bounds (`UInt32.max` twice for an absent range), `nil`
  /// for a wide list or an empty one.
  var narrowBounds: UnsafePointer<UInt32>? { narrow }

  /// Range `index`'s lower bound (-1: absent).
  @inline(__always)
  func lower(_ index: Int) -> Int {
    if let narrow {
      let bound = narrow[2 &* index]
      return bound == .max ? -1 : Int(bound)
    }
    return wide.unsafelyUnwrapped[2 &* index]
  }

  /// Range `index`'s upper bound (that of a present range).
  @inline(__always)
  func upper(_ index: Int) -> Int {
    if let narrow { return Int(narrow[2 &* index &+ 1]) }
    return wide.unsafelyUnwrapped[2 &* index &+ 1]
  }
}

extension RangeBounds {
  /// Calls `body` with a reader of these bounds.
  @inline(__always)
  func withReader<Result>(_ body: (RangeBoundsReader) -> Result) -> Result {
    if isWide {
      return wide.withUnsafeBufferPointer { body(RangeBoundsReader(wide: $0.baseAddress)) }
    }
    return narrow.withUnsafeBufferPointer { body(RangeBoundsReader(narrow: $0.baseAddress)) }
  }
}
