import Glibc

/// The memory glibc's malloc holds free, handed back to the system under
/// a budget (`colpatch apply --memory`, SPEC §8.3).
///
/// A chunked scan of the target (`ScanChunking`) builds one index per
/// chunk on every core, each in its thread's malloc arena, and frees them
/// once they are joined into the target's index. malloc keeps much of
/// that memory resident (small blocks between blocks still in use, in
/// arenas the later steps may not allocate from), and how much depends
/// on which thread ran and freed what: measured on the 1M JSON Lines
/// diff document, 15–25 MB more at the peak in about half the runs.
package enum FreedMemory {
  /// Hands back to the system every whole page malloc holds free, in all
  /// arenas (`malloc_trim(0)`, looked up at run time: the C library's
  /// module does not export it). It takes a few milliseconds; a page used
  /// again is mapped again.
  package static func giveBack() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
  }
}
