import Glibc

/// Asks the kernel to back a large buffer that is about to be written
/// with huge pages (`madvise(MADV_HUGEPAGE)`, 2 MiB on x86-64), so that
/// writing it takes one page fault per 2 MiB instead of one per 4 KiB.
///
/// The joined arrays of a scan's index are written once, front to back,
/// into fresh memory: at a million records they are some 50 MB an input,
/// and their page faults were a tenth of the run's samples. A huge page
/// is zeroed as the small pages would be, and the buffer is written whole,
/// so the resident memory is the same. Only the whole huge pages inside
/// the buffer are advised; where the system does not use transparent huge
/// pages on advice, the call does nothing.
enum HugePages {
  /// The size of a huge page.
  static let size = 2 << 20

  /// Advises the whole huge pages inside `count` bytes from `start`;
  /// buffers smaller than two huge pages are left alone.
  ///
  /// - Parameters:
  ///   - start: the buffer, not yet written.
  ///   - count: its length in bytes.
  static func advise(_ start: UnsafeMutableRawPointer, count: Int) {
    guard count >= 2 * size else { return }
    let address = UInt(bitPattern: start)
    let first = (address + UInt(size) - 1) & ~UInt(size - 1)
    let last = (address + UInt(count)) & ~UInt(size - 1)
    guard first < last else { return }
    _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(last - first), MADV_HUGEPAGE)
  }
}
