import Glibc

/// Tunes glibc's malloc for a bucketed run: buffers of 1 MiB or more
/// (windows, buckets, their indexes) mapped from the system and unmapped
/// when freed, so memory freed between windows and buckets leaves the
/// process instead of piling up in its resident set. (Smaller thresholds
/// and fewer arenas were tried: they cost twice the time or more in page
/// faults and lock waits for a few MB.)
enum MallocTuning {
  /// `M_MMAP_THRESHOLD` of `<malloc.h>`.
  private static let mmapThreshold: Int32 = -3

  /// Applies the tuning (`mallopt(3)`, looked up at run time: the C
  /// library's module does not export it).
  static func apply() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    _ = mallopt(mmapThreshold, 1 << 20)
  }
}
