import Dispatch
import Glibc

/// Keeps a helper thread off the core of the thread that handed it work.
///
/// Linux sometimes starts or wakes a helper on the core its caller is
/// running on, and on a small machine the two then share that core for
/// several milliseconds, while another is idle, before the balancer
/// moves one of them (on 2 cores, in about a third of the runs, 7 to
/// 10 ms of a 60 ms diff). A helper that finds itself on its caller's
/// core moves away at once: its allowed cores are set to all but that
/// one, which migrates it, and then set back, so that it stays where it
/// went without being tied there.
package enum CoreSpread {
  /// Runs `work` on a helper thread of the global queue, which first
  /// moves off the calling thread's core when it starts there.
  package static func onHelper(_ work: @escaping @Sendable () -> Void) {
    let core = current()
    DispatchQueue.global().async {
      leave(core)
      work()
    }
  }

  /// The core the calling thread is running on, or -1 where that cannot
  /// be told.
  package static func current() -> Int32 { calls.map { $0.getCPU() } ?? -1 }

  /// Moves the calling thread to another of its allowed cores when it is
  /// running on `core` (a caller's, from ``current()``); nothing when it
  /// is elsewhere, when `core` is -1, or when it may run on no other.
  package static func leave(_ core: Int32) {
    guard core >= 0, let calls, calls.getCPU() == core else { return }
    var allowed = cpu_set_t()
    let size = MemoryLayout<cpu_set_t>.size
    guard calls.getAffinity(0, size, &allowed) == 0 else { return }
    var others = allowed
    let anyOther = withUnsafeMutableBytes(of: &others) { raw in
      let words = raw.bindMemory(to: UInt64.self)
      let (word, bit) = (Int(core) / 64, Int(core) % 64)
      guard word < words.count else { return false }
      words[word] &= ~(1 << UInt64(bit))
      return words.contains { $0 != 0 }
    }
    guard anyOther, calls.setAffinity(0, size, &others) == 0 else { return }
    _ = calls.setAffinity(0, size, &allowed)
  }

  /// glibc's `sched_getcpu`, `sched_getaffinity` and `sched_setaffinity`,
  /// which Swift's Glibc module leaves out (they are GNU extensions).
  private struct Calls: Sendable {
    let getCPU: @convention(c) () -> Int32
    let getAffinity: @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    let setAffinity: @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
  }

  /// The calls, looked up once; `nil` where one is missing.
  private static let calls: Calls? = {
    let process = dlopen(nil, RTLD_NOW)
    guard let getCPU = dlsym(process, "sched_getcpu"),
      let getAffinity = dlsym(process, "sched_getaffinity"),
      let setAffinity = dlsym(process, "sched_setaffinity")
    else { return nil }
    return Calls(
      getCPU: unsafeBitCast(getCPU, to: (@convention(c) () -> Int32).self),
      getAffinity: unsafeBitCast(
        getAffinity, to: (@convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32).self),
      setAffinity: unsafeBitCast(
        setAffinity, to: (@convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32).self))
  }()
}
