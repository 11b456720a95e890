/// Keys that ascend: a snapshot exported in the order of its key (as a
/// database exports a table by its primary key) has each key sort after
/// the one before it. Such keys are unique without a hash table, and a
/// key is found among them by binary search in the arena itself, so
/// ``KeyTable/init(_:)`` checks for that order first and builds no slots
/// when the keys are in it: one pass over the keys in order instead of a
/// write to a random slot for each, and a table of a few hundred
/// kilobytes instead of 16 bytes a key.
///
/// The search starts in samples of the keys: eight bytes of every 16th
/// key (``ascendingStride``), taken after the bytes all keys begin with,
/// as numbers in the order of the keys, and every 16th of those, which
/// stay in the cache; it goes from a stretch of the coarse samples to a
/// stretch of the fine ones, and ends among the few keys between two.
extension KeyTable {
  /// The table of `arena` when its keys ascend, which reads no hashes
  /// (the arena may be unhashed, and so may the keys looked up in it);
  /// `nil` otherwise.
  ///
  /// - Complexity: O(size of the keys); stops at the first key out of
  ///   order.
  package static func ascending(_ arena: KeyArena) -> KeyTable? {
    ascendingKeys(arena).map { KeyTable(ascending: $0) }
  }

  /// Whether the keys of this table ascend: looking keys up in it reads
  /// no hashes.
  package var keysAscend: Bool { ascending != nil }

  /// The keys between two samples of ``AscendingKeys``.
  static let ascendingStride = 16

  /// The sample of keys that ascend, which a lookup searches first.
  struct AscendingKeys {
    /// The number of bytes every key begins with (those of the first and
    /// the last key, as they ascend).
    let sharedPrefix: Int
    /// Eight bytes of every ``KeyTable/ascendingStride``-th key from
    /// `sharedPrefix` on, as a big-endian number (zeros past a key's
    /// end): they ascend as the keys do, though neighbours may tie.
    let samples: [UInt64]
    /// Every ``KeyTable/ascendingStride``-th of `samples`.
    let coarse: [UInt64]

    init(sharedPrefix: Int, samples: [UInt64]) {
      (self.sharedPrefix, self.samples) = (sharedPrefix, samples)
      coarse = Swift.stride(from: 0, to: samples.count, by: KeyTable.ascendingStride).map {
        samples[$0]
      }
    }

    /// The keys among which a key whose sample number (``prefix(_:_:from:)``)
    /// is `number` lies, when it is there: from the stride of the last
    /// sample below `number` to the end of the strides of those equal to
    /// it, as the stretch of coarse samples around it bounds them.
    func stretch(of number: UInt64, count: Int) -> Range<Int> {
      let stride = KeyTable.ascendingStride
      let coarse = AscendingKeys.around(number, in: coarse, 0..<coarse.count)
      let fine = AscendingKeys.around(
        number, in: samples,
        (coarse.lowerBound * stride)..<min(coarse.upperBound * stride, samples.count))
      return (fine.lowerBound * stride)..<min(fine.upperBound * stride, count)
    }

    /// From the last of `numbers` in `range` below `number` (the first
    /// in `range` when none is) to the first after those up to `number`:
    /// `numbers` ascend, and those before `range` are below `number`,
    /// those after it above.
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

  /// The sample of `arena`'s keys when each sorts after the key before
  /// it, byte by byte (a key before the longer keys it begins), else
  /// `nil`.
  ///
  /// - Complexity: O(size of the keys); stops at the first key out of
  ///   order.
  static func ascendingKeys(_ arena: KeyArena) -> AscendingKeys? {
    arena.withUnsafeKeys { bytes, starts in
      let raw = UnsafeRawBufferPointer(bytes)
      let count = starts.count - 1
      var previous = 0..<0
      for index in 0..<count {
        let key = Int(starts[index])..<Int(starts[index + 1])
        if index > 0, order(raw, previous, raw, key) >= 0 { return nil }
        previous = key
      }
      guard count > 0 else { return AscendingKeys(sharedPrefix: 0, samples: []) }
      let first = Int(starts[0])..<Int(starts[1])
      var shared = 0
      while shared < min(first.count, previous.count),
        raw[first.lowerBound + shared] == raw[previous.lowerBound + shared]
      {
        shared += 1
      }
      let samples = stride(from: 0, to: count, by: ascendingStride).map { index in
        prefix(raw, Int(starts[index])..<Int(starts[index + 1]), from: shared)
      }
      return AscendingKeys(sharedPrefix: shared, samples: samples)
    }
  }

  /// The position in `arena`, whose keys ascend with the sample
  /// `ascending`, of the key that equals record `index` of `other`, or
  /// -1.
  ///
  /// - Complexity: O(log n) comparisons of numbers in the sample, then of
  ///   a few keys.
  static func ascendingLookup(
    _ index: Int, of other: KeyArena, in arena: KeyArena, _ ascending: AscendingKeys
  ) -> Int32 {
    other.withUnsafeKeys { otherBytes, otherStarts in
      arena.withUnsafeKeys { bytes, starts in
        let (raw, probeBytes) = (UnsafeRawBufferPointer(bytes), UnsafeRawBufferPointer(otherBytes))
        let probe = Int(otherStarts[index])..<Int(otherStarts[index + 1])
        let shared = ascending.sharedPrefix
        guard starts.count > 1, probe.count >= shared,
          order(raw, Int(starts[0])..<Int(starts[0]) + shared, probeBytes, probe.prefix(shared))
            == 0
        else { return -1 }
        let stretch = ascending.stretch(
          of: prefix(probeBytes, probe, from: shared), count: starts.count - 1)
        // In order rather than by halves: the reads of the next keys do
        // not wait for this one's comparison, so their cache misses
        // overlap.
        for candidate in stretch {
          let sign = order(
            raw, Int(starts[candidate])..<Int(starts[candidate + 1]), probeBytes, probe)
          if sign >= 0 { return sign == 0 ? Int32(candidate) : -1 }
        }
        return -1
      }
    }
  }

  /// Eight bytes of the key `key` of `bytes` from its byte `offset` on,
  /// as a big-endian number, zeros past the key's end.
  @inline(__always)
  fileprivate static func prefix(
    _ bytes: UnsafeRawBufferPointer, _ key: Range<Int>, from offset: Int
  )
    -> UInt64
  {
    let available = key.count - offset
    if available >= 8 {
      return UInt64(
        bigEndian: bytes.loadUnaligned(fromByteOffset: key.lowerBound + offset, as: UInt64.self))
    }
    var number: UInt64 = 0
    for byte in 0..<8 {
      number <<= 8
      if byte < available { number |= UInt64(bytes[key.lowerBound + offset + byte]) }
    }
    return number
  }

  /// Negative, zero or positive as the bytes `left` of `leftBytes` sort
  /// before, with or after the bytes `right` of `rightBytes`: eight bytes
  /// at a time, read as big-endian numbers, then byte by byte; a key
  /// sorts before the longer keys it begins.
  @inline(__always)
  static func order(
    _ leftBytes: UnsafeRawBufferPointer, _ left: Range<Int>,
    _ rightBytes: UnsafeRawBufferPointer, _ right: Range<Int>
  ) -> Int {
    let common = min(left.count, right.count)
    var offset = 0
    while offset + 8 <= common {
      let mine = UInt64(
        bigEndian: leftBytes.loadUnaligned(
          fromByteOffset: left.lowerBound + offset, as: UInt64.self))
      let theirs = UInt64(
        bigEndian: rightBytes.loadUnaligned(
          fromByteOffset: right.lowerBound + offset, as: UInt64.self))
      if mine != theirs { return mine < theirs ? -1 : 1 }
      offset += 8
    }
    while offset < common {
      let mine = leftBytes[left.lowerBound + offset]
      let theirs = rightBytes[right.lowerBound + offset]
      if mine != theirs { return mine < theirs ? -1 : 1 }
      offset += 1
    }
    return left.count - right.count
  }
}
