/// Samples of keys that ascend in a ``KeyOrder``, which a look-up in
/// them (`KeyTable+Ascending`) searches first: a number for every 16th
/// key (``stride``), taken after the bytes all keys begin with, and every
/// 16th of those, which stay in the cache. A look-up goes from a stretch
/// of the coarse samples to a stretch of the fine ones, and ends among
/// the few keys between two.
struct AscendingKeys {
  /// The keys between two samples, and the samples between two coarse
  /// ones.
  static let stride = 16

  /// The order the keys ascend in.
  let order: KeyOrder
  /// The number of bytes every key begins with.
  let sharedPrefix: Int
  /// The sample number (`KeyOrder.sampleNumber(_:_:from:)`) of every
  /// ``stride``-th key, from `sharedPrefix` on: they never decrease, as
  /// the keys ascend, though neighbours may tie.
  let samples: [UInt64]
  /// Every ``stride``-th of `samples`.
  let coarse: [UInt64]

  /// The samples of `arena`'s keys when each sorts after the key before
  /// it in one of the orders (`KeyOrder.all`, the first that holds), else
  /// `nil`; their being in order means they are unique.
  ///
  /// - Complexity: O(size of the keys) for each order; each check stops
  ///   at the first key out of order.
  init?(_ arena: KeyArena) {
    guard
      let sampled = arena.withUnsafeKeys({ bytes, starts in
        let raw = UnsafeRawBufferPointer(bytes)
        // Keys of one width (most exports' identifiers) sort alike in
        // both orders: checked by words.
        if let oneWidth = AscendingKeys.sampledOfOneWidth(raw, starts) {
          return oneWidth.shared.map { (KeyOrder.bytewise, $0, oneWidth.samples) }
        }
        return KeyOrder.all.lazy.compactMap { AscendingKeys.sampled(raw, starts, in: $0) }.first
      })
    else { return nil }
    let samples = sampled.2
    (order, sharedPrefix, self.samples) = (sampled.0, sampled.1, samples)
    coarse = Swift.stride(from: 0, to: samples.count, by: Self.stride).map { samples[$0] }
  }

  /// The order, the bytes all keys begin with and the samples of the keys
  /// `starts` cuts `bytes` into, when each sorts after the key before it
  /// in `order`; else `nil`.
  private static func sampled(
    _ bytes: UnsafeRawBufferPointer, _ starts: UnsafeBufferPointer<UInt32>, in order: KeyOrder
  ) -> (KeyOrder, Int, [UInt64])? {
    let count = starts.count - 1
    guard count > 0 else { return (order, 0, []) }
    let first = Int(starts[0])..<Int(starts[1])
    guard first.count <= order.longestKey else { return nil }
    var (previous, shared) = (first, first.count)
    for index in 1..<count {
      let key = Int(starts[index])..<Int(starts[index + 1])
      let (sign, common) = order.compareNotingShared(bytes, previous, bytes, key)
      guard sign < 0, key.count <= order.longestKey else { return nil }
      // The bytes every key begins with are those every two neighbours
      // begin with alike.
      (previous, shared) = (key, min(shared, common))
    }
    let samples = Swift.stride(from: 0, to: count, by: Self.stride).map { index in
      order.sampleNumber(bytes, Int(starts[index])..<Int(starts[index + 1]), from: shared)
    }
    return (order, shared, samples)
  }

  /// ``sampled(_:_:in:)`` for keys all of one width from 8 to 16 bytes,
  /// which sort in both orders as they sort byte by byte: each compared
  /// with the one before it as two big-endian words, its first eight
  /// bytes and its last eight. `nil` when the keys are not all of such a
  /// width; else the bytes all keys begin with, `nil` when the keys do
  /// not ascend, and the samples.
  private static func sampledOfOneWidth(
    _ bytes: UnsafeRawBufferPointer, _ starts: UnsafeBufferPointer<UInt32>
  ) -> (shared: Int?, samples: [UInt64])? {
    let count = starts.count - 1
    guard count > 0 else { return nil }
    let width = Int(starts[1]) - Int(starts[0])
    guard width >= 8 && width <= 16 else { return nil }
    func words(_ start: Int) -> (UInt64, UInt64) {
      (
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)),
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: start + width - 8, as: UInt64.self))
      )
    }
    var (previous, shared) = (words(Int(starts[0])), width)
    for index in 1..<count {
      let start = Int(starts[index])
      guard Int(starts[index + 1]) - start == width else { return nil }
      let key = words(start)
      if key.0 != previous.0 {
        guard key.0 > previous.0 else { return (nil, []) }
        shared = min(shared, (key.0 ^ previous.0).leadingZeroBitCount / 8)
      } else {
        // The first eight bytes alike, and so those the last eight
        // overlap.
        guard key.1 > previous.1 else { return (nil, []) }
        shared = min(shared, width - 8 + (key.1 ^ previous.1).leadingZeroBitCount / 8)
      }
      previous = key
    }
    let samples = Swift.stride(from: 0, to: count, by: Self.stride).map { index in
      KeyOrder.bytewise.sampleNumber(
        bytes, Int(starts[index])..<Int(starts[index + 1]), from: shared)
    }
    return (shared, samples)
  }

  /// The keys among which a key whose sample number is `number` lies,
  /// when it is there: from the stride of the last sample below `number`
  /// to the end of the strides of those equal to it, as the stretch of
  /// coarse samples around it bounds them.
  func stretch(of number: UInt64, count: Int) -> Range<Int> {
    let coarse = AscendingKeys.around(number, in: coarse, 0..<coarse.count)
    let fine = AscendingKeys.around(
      number, in: samples,
      (coarse.lowerBound * Self.stride)..<min(coarse.upperBound * Self.stride, samples.count))
    return (fine.lowerBound * Self.stride)..<min(fine.upperBound * Self.stride, count)
  }

  /// From the last of `numbers` in `range` below `number` (the first
  /// in `range` when none is) to the first after those up to `number`:
  /// `numbers` never decrease, and those before `range` are below
  /// `number`, those after it above.
  private static func around(_ number: UInt64, in numbers: [UInt64], _ range: Range<Int>)
    -> Range<Int>
  {
    var (below, above) = (range.lowerBound, range.upperBound)
    while below < above {
      let middle = (below + above) / 2
      if numbers[middle] < number { below = middle + 1 } else { above = middle }
    }
    var upTo = below
    while upTo < range.upperBound, numbers[upTo] == number { upTo += 1 }
    return max(below - 1, range.lowerBound)..<upTo
  }
}
