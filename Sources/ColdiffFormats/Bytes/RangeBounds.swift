/// The bounds of a list of byte ranges, a lower and an upper bound each:
/// 4 bytes a bound while every range ends before 4 GiB, 8 bytes from the
/// first range that does not (the list is then wide for good). What
/// `ByteRanges` and `OptionalRanges` hold: a tree layout has three such
/// lists, written once for each node into fresh memory, where half the
/// bytes is half the first-touch cost.
///
/// A lower bound of -1 marks an absent range (`OptionalRanges`): it is
/// kept as `UInt32.max` in a narrow list. Offsets into an input are never
/// negative.
@usableFromInline
struct RangeBounds: Sendable {
  /// The bounds, one element's after the other, while the list is
  /// narrow; empty once it is wide.
  @usableFromInline var narrow: [UInt32] = []
  /// The bounds, one element's after the other, once the list is wide;
  /// empty before.
  @usableFromInline var wide: [Int] = []
  /// Whether a range ending at or after `UInt32.max` made the list wide.
  @usableFromInline var isWide = false

  /// The first offset a narrow list cannot hold.
  @usableFromInline static let narrowLimit = Int(UInt32.max)

  /// An empty, narrow list.
  @usableFromInline init() {}

  /// The narrow bounds `narrow`, each range's two after the previous
  /// range's (`UInt32.max` twice for an absent range).
  init(narrow: [UInt32]) {
    self.narrow = narrow
  }

  /// The bounds of `count` ranges, range `index`'s `bounds(index)` (a
  /// lower bound of -1: absent), written once each: narrow unless one
  /// ends at or after 4 GiB.
  ///
  /// - Complexity: O(`count`).
  init(count: Int, _ bounds: (Int) -> (lower: Int, upper: Int)) {
    var fits = true
    narrow = [UInt32](unsafeUninitializedCapacity: 2 * count) { out, initialized in
      for index in 0..<count {
        let (lower, upper) = bounds(index)
        if lower >= 0, upper >= Self.narrowLimit {
          fits = false
          return
        }
        out[2 * index] = lower < 0 ? .max : UInt32(truncatingIfNeeded: lower)
        out[2 * index + 1] = lower < 0 ? .max : UInt32(truncatingIfNeeded: upper)
      }
      initialized = 2 * count
    }
    guard !fits else { return }
    narrow = []
    isWide = true
    wide.reserveCapacity(2 * count)
    for index in 0..<count {
      let (lower, upper) = bounds(index)
      wide.append(lower)
      wide.append(lower < 0 ? -1 : upper)
    }
  }

  /// The first absent range, if any.
  ///
  /// - Complexity: O(`count`): a narrow list's bounds eight at a time
  ///   (an absent range's lower bound is `UInt32.max`, which no present
  ///   range's bounds are), a wide list's lower bounds one at a time.
  func firstAbsent() -> Int? {
    if isWide {
      return wide.withUnsafeBufferPointer { bounds in
        (0..<bounds.count / 2).first { bounds[2 * $0] < 0 }
      }
    }
    // No present range's bound is `UInt32.max` and an absent range's
    // lower bound is: the first such word is the lower bound of the
    // first absent range.
    return narrow.withUnsafeBufferPointer { $0.firstIndex(ofWord: .max) }.map { $0 / 2 }
  }

  /// The number of ranges.
  @inlinable var count: Int { (isWide ? wide.count : narrow.count) / 2 }

  /// Range `index`'s lower bound (-1: absent).
  @inlinable @inline(__always)
  func lower(_ index: Int) -> Int {
    if isWide { return wide[2 * index] }
    let bound = narrow[2 * index]
    return bound == .max ? -1 : Int(bound)
  }

  /// Range `index`'s upper bound (that of a present range).
  @inlinable @inline(__always)
  func upper(_ index: Int) -> Int {
    isWide ? wide[2 * index + 1] : Int(narrow[2 * index + 1])
  }

  /// Sets range `index`'s bounds (`lower` -1 and `upper` anything: absent).
  @inlinable @inline(__always)
  mutating func set(_ index: Int, _ lower: Int, _ upper: Int) {
    if !isWide, lower >= 0, upper >= Self.narrowLimit { widen() }
    if isWide {
      wide[2 * index] = lower
      wide[2 * index + 1] = lower < 0 ? -1 : upper
    } else {
      narrow[2 * index] = lower < 0 ? .max : UInt32(truncatingIfNeeded: lower)
      narrow[2 * index + 1] = lower < 0 ? .max : UInt32(truncatingIfNeeded: upper)
    }
  }

  /// Appends a range's bounds (`lower` -1 and `upper` anything: absent).
  @inlinable @inline(__always)
  mutating func append(_ lower: Int, _ upper: Int) {
    if !isWide, lower >= 0, upper >= Self.narrowLimit { widen() }
    if isWide {
      wide.append(lower)
      wide.append(lower < 0 ? -1 : upper)
    } else {
      narrow.append(lower < 0 ? .max : UInt32(truncatingIfNeeded: lower))
      narrow.append(lower < 0 ? .max : UInt32(truncatingIfNeeded: upper))
    }
  }

  /// Appends every range of `other` as it is.
  mutating func append(contentsOf other: Self) {
    if !isWide, !other.isWide {
      narrow += other.narrow
      return
    }
    widen()
    wide += other.isWide ? other.wide : Self.widened(other.narrow)
  }

  /// The narrow bounds, handed over: the list is left empty (and narrow).
  mutating func takeNarrow() -> [UInt32] {
    defer { narrow = [] }
    return narrow
  }

  /// Makes room for `count` ranges in all (`Array.reserve(_:expecting:)`).
  mutating func reserve(_ count: Int) {
    if isWide {
      wide.reserve(2 * count - wide.count, expecting: 2 * count)
    } else {
      narrow.reserve(2 * count - narrow.count, expecting: 2 * count)
    }
  }

  /// Makes room for `count` ranges in all.
  mutating func reserveCapacity(_ count: Int) {
    if isWide { wide.reserveCapacity(2 * count) } else { narrow.reserveCapacity(2 * count) }
  }

  /// Holds the bounds in 8 bytes each from now on.
  @usableFromInline
  mutating func widen() {
    guard !isWide else { return }
    wide = Self.widened(narrow)
    narrow = []
    isWide = true
  }

  /// Narrow bounds as wide ones.
  private static func widened(_ narrow: [UInt32]) -> [Int] {
    narrow.map { $0 == .max ? -1 : Int($0) }
  }
}
