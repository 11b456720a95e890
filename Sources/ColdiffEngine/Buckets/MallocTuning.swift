import Glibc

/// Tunes glibc's malloc for a bucketed run: large buffers (windows,
/// buckets) mapped from the system and unmapped when freed, and two
/// arenas, so memory freed between windows and buckets leaves the
/// process instead of piling up in its resident set.
enum MallocTuning {
  /// `M_MMAP_THRESHOLD` and `M_ARENA_MAX` of `<malloc.h>`.
  private static let mmapThreshold: Int32 = -3
  private static let arenaMax: Int32 = -8

  /// Applies the tuning (`mallopt(3)`, looked up at run time: the C
  /// library's module does not export it).
  static func apply() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    _ = mallopt(mmapThreshold, 256 << 10)
    _ = mallopt(arenaMax, 2)
  }
}
