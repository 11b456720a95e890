import Glibc
import Synchronization

/// The inputs mapped so far and still mapped, so that a process about to
/// exit can let their pages go on every core first.
///
/// Exiting, Linux takes a process's mappings apart on one core: at 1M
/// records the mapped OLD alone was 13 ms of one core after the output
/// was written (its page table entries and their reverse maps, one by
/// one). `MADV_DONTNEED` does the same work under the read side of the
/// memory map's lock, so pieces of the inputs are let go on both cores
/// at once, and the exit finds them gone (the pages stay in the page
/// cache).
package enum MappedInputs {
  /// The mappings, by start address.
  private static let regions = Mutex<[Int: Int]>([:])

  /// Notes a mapping of `count` bytes at `address`.
  static func note(_ address: UnsafeRawPointer, count: Int) {
    regions.withLock { $0[Int(bitPattern: address)] = count }
  }

  /// Forgets the mapping at `address`, before it is unmapped: its
  /// addresses may be another mapping's next, whose pages are not to be
  /// let go (waits while they are being let go).
  static func forget(_ address: UnsafeRawPointer) {
    regions.withLock { $0[Int(bitPattern: address)] = nil }
  }

  /// Whether a mapping at `address` is noted (still mapped).
  package static func isNoted(_ address: UnsafeRawPointer) -> Bool {
    regions.withLock { $0[Int(bitPattern: address)] != nil }
  }

  /// Lets the pages of every mapped input go, in pieces of 8 MiB taken by
  /// every core (or on the calling thread alone, beside other work on
  /// the other core, when not `onEveryCore`): for a process about to
  /// exit. (An input read again afterwards maps its pages again from the
  /// page cache, unchanged: the mappings are private and read-only.)
  package static func letGoBeforeExit(onEveryCore: Bool = true) {
    let pieceBytes = 8 << 20
    // Under the lock throughout: an input unmapped meanwhile would leave
    // its addresses to another mapping, whose memory this would clear.
    regions.withLock { regions in
      let pieces = regions.flatMap { start, count in
        stride(from: 0, to: count, by: pieceBytes).map {
          (start + $0, min(pieceBytes, count - $0))
        }
      }
      let letGo = { (piece: Int) in
        let (start, count) = pieces[piece]
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), count, MADV_DONTNEED)
      }
      guard onEveryCore else { return pieces.indices.forEach(letGo) }
      Parallel.parts(pieces.count, letGo)
    }
  }
}
