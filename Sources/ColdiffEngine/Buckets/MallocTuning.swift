import Glibc

/// Tunes glibc's malloc for a bucketed run: the buffers a window or a
/// bucket allocates and frees (its index, keys and frames) are taken
/// from the heap and given back to it, not to the system, so the next
/// window's or bucket's use the same memory again instead of mapping and
/// zeroing fresh pages (page faults were a sixth of a ten million record
/// run's CPU time when every buffer of 1 MiB or more was mapped from the
/// system). What the heap keeps is bounded by the budget: buffers of a
/// sixteenth of it or more (from 1 MiB to 32 MiB, the most glibc takes)
/// are still mapped, and free memory above an eighth of it (at least
/// 1 MiB) at the heap's top goes back to the system. Fewer arenas were tried: lock waits cost
/// more.
///
/// A run in memory is tuned too (`applyForRunInMemory()`): the chunks of
/// a scan, the keys and the document's lists it frees are used again
/// by what it allocates next instead of going back to the system.
package enum MallocTuning {
  /// `M_MMAP_THRESHOLD`, `M_TOP_PAD` and `M_TRIM_THRESHOLD` of
  /// `<malloc.h>`.
  private static let mmapThreshold: Int32 = -3
  private static let topPad: Int32 = -2
  private static let trimThreshold: Int32 = -1

  /// Applies the tuning for a run of `budget` bytes (`mallopt(3)`, looked
  /// up at run time: the C library's module does not export it).
  static func apply(budget: Int) {
    guard let mallopt else { return }
    _ = mallopt(mmapThreshold, Int32(min(max(budget / 16, 1 << 20), 32 << 20)))
    _ = mallopt(trimThreshold, Int32(min(max(budget / 8, 1 << 20), Int(Int32.max))))
  }

  /// Applies the tuning for a run that holds its inputs in memory: free
  /// memory is never given back to the system (a short run's peak is
  /// what counts, and memory given back is paid again in page faults,
  /// a tenth of a 1M record run's time), and the heap grows 16 MiB
  /// beyond each request, so that it asks the system less often.
  package static func applyForRunInMemory() {
    guard let mallopt else { return }
    _ = mallopt(trimThreshold, Int32.max)
    _ = mallopt(topPad, 16 << 20)
  }

  /// `mallopt(3)`, looked up at run time (the C library's module does
  /// not export it), or `nil` when the C library has none.
  private static var mallopt: (@convention(c) (Int32, Int32) -> Int32)? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
  }
}
