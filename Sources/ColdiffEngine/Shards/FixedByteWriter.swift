import ColdiffFormats

/// Bytes written into memory of a size known beforehand, then handed to
/// a `SourceBytes` without a copy (the put-together snapshots of a
/// combination or a bucketed run, the largest buffers of their runs).
struct FixedByteWriter {
  private let memory: UnsafeMutableBufferPointer<UInt8>
  private var count = 0
  /// Where the memory goes back to, if not to the system.
  private let pool: DocumentMemory?

  /// Room for exactly `capacity` bytes (or more, from `pool`).
  init(capacity: Int, pool: DocumentMemory? = nil) {
    self.pool = pool
    memory = pool?.take(capacity: capacity) ?? .allocate(capacity: max(capacity, 1))
  }

  /// Appends `bytes`; they must fit.
  mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
    precondition(count + bytes.count <= memory.count, "more bytes than room was made for")
    let written = UnsafeMutableBufferPointer(rebasing: memory[count...]).initialize(
      fromContentsOf: bytes)
    count += written
  }

  /// Writes the next `count` bytes with `body` (a read into memory);
  /// they must fit.
  mutating func fill(
    _ count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    precondition(self.count + count <= memory.count, "more bytes than room was made for")
    try body(UnsafeMutableBufferPointer(rebasing: memory[self.count..<(self.count + count)]))
    self.count += count
  }

  /// The number of bytes written so far.
  var written: Int { count }

  /// Appends one byte.
  mutating func append(_ byte: UInt8) {
    precondition(count < memory.count, "more bytes than room was made for")
    memory[count] = byte
    count += 1
  }

  /// The bytes written, owning the memory from now on.
  consuming func bytes() -> SourceBytes {
    if let pool {
      let capacity = memory.count
      return SourceBytes(adopting: UnsafeBufferPointer(rebasing: memory[..<count])) { written in
        pool.give(address: Int(bitPattern: written.baseAddress), capacity: capacity)
      }
    }
    return SourceBytes(adopting: UnsafeBufferPointer(rebasing: memory[..<count])) { written in
      UnsafeMutableBufferPointer(mutating: written).deallocate()
    }
  }
}
