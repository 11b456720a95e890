import Glibc

/// Asks the kernel to back large buffers with huge pages (Linux THP in
/// `madvise` mode), so that filling a buffer of hundreds of megabytes
/// takes one page fault per 2 MiB instead of one per 4 KiB: on a shared
/// machine those faults, not the copying, were most of the time spent
/// reading a big input or building a big output.
enum LargeBuffer {
  /// Buffers smaller than this are left alone.
  private static let threshold = 8 << 20

  /// Advises huge pages for the whole pages inside `count` bytes at
  /// `base`, when they are many; a kernel without the feature ignores it.
  ///
  /// - Parameters:
  ///   - base: the start of a freshly allocated, not yet written buffer.
  ///   - count: its size in bytes.
  static func adviseHugePages(_ base: UnsafeMutableRawPointer, count: Int) {
    guard count >= threshold else { return }
    let page = 4096
    let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
    let end = (Int(bitPattern: base) + count) & ~(page - 1)
    guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(aligned, end - start, MADV_HUGEPAGE)
  }
}
