import Glibc

/// The canonical identity bytes of every record of one snapshot, in one
/// allocation: record `i`'s key is `bytes[starts[i]..<starts[i + 1]]`.
///
/// Two records have the same identity exactly when their canonical bytes
/// are equal, so matching never decodes a value twice.
///
/// Where keys start is kept in 32 bits (half the memory of `Int`s, for
/// every record of both inputs at the diff's peak): an arena holds less
/// than 4 GiB of key bytes. Keys appended past that are left out, and the
/// arena says it is full (``isFull``), for its maker to refuse the input;
/// keys made elsewhere must fit (``keyOffset(_:)`` stops the program
/// rather than mix keys up).
package struct KeyArena {
  /// All keys, back to back.
  private(set) var bytes: [UInt8] = []
  /// Where each key starts; one more entry than there are keys.
  private(set) var starts: [UInt32] = [0]
  /// Each key's hash, computed once; empty in an arena made unhashed
  /// (``init(unhashedBytes:starts:)``), whose keys are hashed when asked
  /// (``hash(of:)``).
  private(set) var hashes: [UInt64] = []
  /// How many key bytes ``append(_:)`` takes in all.
  private var capacity = KeyArena.largestSize
  /// Whether ``append(_:)`` left a key out, the arena being full: every
  /// key from that one on is empty, so the arena must not be matched.
  package private(set) var isFull = false

  /// The most key bytes an arena holds: where keys start is kept in 32
  /// bits.
  package static let largestSize = Int(UInt32.max)

  /// The number of keys.
  package var count: Int { starts.count - 1 }

  /// Whether every key's hash is kept (else each is computed when asked).
  package var isHashed: Bool { hashes.count == count }

  /// An empty arena.
  package init() {}

  /// An empty arena that takes at most `capacity` bytes of keys (at most
  /// ``largestSize``).
  package init(capacity: Int) {
    precondition(capacity <= KeyArena.largestSize, "an arena holds less than 4 GiB of keys")
    self.capacity = capacity
  }

  /// An arena of keys already made: record `i`'s key is
  /// `bytes[starts[i]..<starts[i + 1]]`. Hashes each key.
  ///
  /// - Complexity: O(size of `bytes`).
  package init(bytes: [UInt8], starts: [UInt32]) {
    precondition(
      starts.first == 0 && starts.last == Self.keyOffset(bytes.count), "starts must span bytes")
    self.bytes = bytes
    self.starts = starts
    let count = starts.count - 1
    hashes = [UInt64](unsafeUninitializedCapacity: count) { hashes, initialized in
      KeyArena.hash(bytes: bytes, starts: starts, of: 0..<count, into: hashes)
      initialized = count
    }
  }

  /// An arena of keys already made and hashed: `hashes` holds
  /// ``hash(bytes:starts:of:into:)`` of every key (made in parts, on
  /// several cores).
  ///
  /// - Complexity: O(1).
  package init(bytes: [UInt8], starts: [UInt32], hashes: [UInt64]) {
    precondition(
      starts.first == 0 && starts.last == Self.keyOffset(bytes.count), "starts must span bytes")
    precondition(hashes.count == starts.count - 1, "one hash a key")
    self.bytes = bytes
    self.starts = starts
    self.hashes = hashes
  }

  /// An arena of keys already made, left unhashed: for keys that are
  /// matched without their hashes (against keys that ascend, `KeyTable`),
  /// which would cost a pass over the keys and 8 bytes a key.
  ///
  /// - Complexity: O(1).
  package init(unhashedBytes bytes: [UInt8], starts: [UInt32]) {
    precondition(
      starts.first == 0 && starts.last == Self.keyOffset(bytes.count), "starts must span bytes")
    self.bytes = bytes
    self.starts = starts
  }

  /// Record `index`'s hash: the one kept, or computed now in an unhashed
  /// arena.
  @inline(__always)
  package func hash(of index: Int) -> UInt64 {
    if isHashed { return hashes[index] }
    return bytes.withUnsafeBufferPointer {
      KeyHash.hash(UnsafeBufferPointer(rebasing: $0[Int(starts[index])..<Int(starts[index + 1])]))
    }
  }

  /// Every key's hash: those kept, or all computed now in an unhashed
  /// arena.
  package func allHashes() -> [UInt64] {
    if isHashed { return hashes }
    return [UInt64](unsafeUninitializedCapacity: count) { hashes, initialized in
      KeyArena.hash(bytes: bytes, starts: starts, of: 0..<count, into: hashes)
      initialized = count
    }
  }

  /// Writes the hash of each key of `records` to `hashes` (the first
  /// key's to its first element), key `i` being
  /// `bytes[starts[i]..<starts[i + 1]]`.
  ///
  /// - Complexity: O(size of those keys).
  package static func hash(
    bytes: [UInt8], starts: [UInt32], of records: Range<Int>,
    into hashes: UnsafeMutableBufferPointer<UInt64>
  ) {
    precondition(records.isEmpty || records.upperBound < starts.count, "records out of range")
    precondition(hashes.count >= records.count, "room for every hash")
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        for index in records {
          hashes[index - records.lowerBound] = KeyHash.hash(
            UnsafeBufferPointer(rebasing: bytes[Int(starts[index])..<Int(starts[index + 1])]))
        }
      }
    }
  }

  /// Reserves room for `records` keys of about `bytesEach` bytes.
  package mutating func reserve(records: Int, bytesEach: Int) {
    bytes.reserveCapacity(records * bytesEach)
    starts.reserveCapacity(records + 1)
    hashes.reserveCapacity(records)
  }

  /// Appends the next record's key, built by `body` into the arena's
  /// bytes; an empty key instead when the arena is full (``isFull``).
  package mutating func append(_ body: (inout [UInt8]) throws -> Void) rethrows {
    let (start, hashing) = (bytes.count, isHashed)
    if !isFull {
      try body(&bytes)
      if bytes.count > capacity {
        bytes.removeSubrange(start...)
        isFull = true
      }
    }
    starts.append(Self.keyOffset(bytes.count))
    guard hashing else { return }
    hashes.append(
      bytes.withUnsafeBufferPointer {
        KeyHash.hash(UnsafeBufferPointer(rebasing: $0[start..<bytes.count]))
      })
  }

  /// Calls `body` with the keys' bytes and where each key starts (one
  /// more entry than there are keys), to read many keys in a row without
  /// a slice of the arena each.
  package func withUnsafeKeys<Result>(
    _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) throws -> Result
  ) rethrows -> Result {
    try bytes.withUnsafeBufferPointer { bytes in
      try starts.withUnsafeBufferPointer { try body(bytes, $0) }
    }
  }

  /// Record `index`'s key bytes.
  package func key(_ index: Int) -> ArraySlice<UInt8> {
    bytes[Int(starts[index])..<Int(starts[index + 1])]
  }

  /// Whether record `a` of this arena and record `b` of `other` have the
  /// same key.
  package func keyEquals(_ a: Int, _ other: KeyArena, _ b: Int) -> Bool {
    // The hashes first, when both arenas keep them.
    if !hashes.isEmpty && !other.hashes.isEmpty {
      guard hashes[a] == other.hashes[b] else { return false }
    }
    let start = Int(starts[a])
    let otherStart = Int(other.starts[b])
    let length = Int(starts[a + 1]) - start
    guard length == Int(other.starts[b + 1]) - otherStart else { return false }
    guard length > 0 else { return true }
    return bytes.withUnsafeBufferPointer { mine in
      other.bytes.withUnsafeBufferPointer { theirs in
        memcmp(mine.baseAddress! + start, theirs.baseAddress! + otherStart, length) == 0
      }
    }
  }
}

extension KeyArena {
  /// `offset`, where a key starts or ends among an arena's key bytes, in
  /// 32 bits.
  ///
  /// - Precondition: `offset` is less than 4 GiB: keys of 4 GiB or more
  ///   in one input cannot be matched in memory (it stops the program
  ///   rather than mix keys up).
  @inline(__always)
  package static func keyOffset(_ offset: Int) -> UInt32 {
    guard let short = UInt32(exactly: offset) else {
      preconditionFailure("the canonical keys of one input take 4 GiB or more (\(offset) bytes)")
    }
    return short
  }
}

/// A fast, deterministic 64-bit hash of byte strings (no per-process seed:
/// nothing in the output depends on it, and runs stay reproducible).
package enum KeyHash {
  /// Hashes `bytes`.
  ///
  /// - Complexity: O(n).
  package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
    var index = 0
    let count = bytes.count
    let raw = UnsafeRawBufferPointer(bytes)
    while index + 8 <= count {
      state = mix(state ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      index += 8
    }
    // The last bytes, little-endian: with eight bytes or more, read as the
    // top of the last eight, one load instead of a loop.
    var tail: UInt64 = 0
    let remaining = count - index
    if remaining > 0, count >= 8 {
      let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
      tail = last &>> UInt64(truncatingIfNeeded: 8 * (8 - remaining))
    } else {
      var shift: UInt64 = 0
      while index < count {
        tail |= UInt64(bytes[index]) << shift
        shift += 8
        index += 1
      }
    }
    return mix(state ^ tail ^ 0x9E37_79B9_7F4A_7C15)
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &* 0xBF58_476D_1CE4_E5B9
    z ^= z >> 31
    z = z &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 29)
  }
}
