import Synchronization

/// Memory for the documents a bucketed run makes again and again (its
/// windows): a document's memory comes back here
/// when its last copy goes, and the next document of about its size takes
/// it, so a run does not map, fault in and unmap fresh pages for each
/// one. A few blocks are kept; others go back to the system.
final class DocumentMemory: Sendable {
  /// The blocks not in use, by address and capacity.
  private let free = Mutex<[(address: Int, capacity: Int)]>([])
  /// How many free blocks are kept.
  private let kept: Int

  /// A pool that keeps up to `kept` free blocks.
  init(kept: Int) {
    self.kept = kept
  }

  deinit {
    free.withLock { blocks in
      for block in blocks { DocumentMemory.deallocate(block.address) }
    }
  }

  /// A block of at least `capacity` bytes: a free one that is large
  /// enough, else a new one.
  func take(capacity: Int) -> UnsafeMutableBufferPointer<UInt8> {
    let wanted = max(capacity, 1)
    let found = free.withLock { blocks -> (address: Int, capacity: Int)? in
      guard let index = blocks.firstIndex(where: { $0.capacity >= wanted }) else { return nil }
      return blocks.remove(at: index)
    }
    if let found {
      return UnsafeMutableBufferPointer(
        start: UnsafeMutablePointer(bitPattern: found.address), count: found.capacity)
    }
    // Room to grow a little, so a slightly larger next document fits.
    return .allocate(capacity: wanted + wanted / 8)
  }

  /// Gives a block back (`address` is where it starts).
  func give(address: Int, capacity: Int) {
    let keep = free.withLock { blocks -> Bool in
      guard blocks.count < kept else { return false }
      blocks.append((address, capacity))
      return true
    }
    if !keep { DocumentMemory.deallocate(address) }
  }

  private static func deallocate(_ address: Int) {
    UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
  }
}
