import ColdiffFormats
import Glibc
import Synchronization

/// The folder of one bucketed run's spill files (`coldiff-XXXXXX` under
/// `--temp-dir`), removed with everything in it when the run ends, on an
/// error too, and on SIGINT or SIGTERM (a signal handler removes it, then
/// the signal ends the process as it would have).
package final class SpillDirectory {
  /// The folder's path.
  package let path: String
  private var files: [String] = []
  /// The folder's and files' slots in `SpillCleanup`, for the signal
  /// handler.
  private var slots: [Int] = []
  private var removed = false

  /// Makes a fresh folder under `parent`.
  ///
  /// - Throws: `InputError` naming `parent` when it cannot be made.
  package init(under parent: String) throws {
    var template = Array((parent.hasSuffix("/") ? parent : parent + "/").utf8CString.dropLast())
    template += Array("coldiff-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else {
      throw InputError(
        "cannot make a folder for the spill files: \(String(cString: strerror(errno)))",
        file: parent)
    }
    path = String(cString: template)
    SpillCleanup.installHandlers()
    if let slot = SpillCleanup.register(path) { slots.append(slot) }
  }

  /// The path of the spill file `name`, removed with the folder.
  package func file(_ name: String) -> String {
    let file = path + "/" + name
    files.append(file)
    if let slot = SpillCleanup.register(file) { slots.append(slot) }
    return file
  }

  /// Removes this folder's files and the folder itself (and no other
  /// run's: tests run several in one process).
  package func remove() {
    guard !removed else { return }
    removed = true
    for file in files { unlink(file) }
    rmdir(path)
    SpillCleanup.forget(slots)
  }

  deinit { remove() }
}

/// What the signal handler removes: the paths of every spill folder alive
/// and of their files, as C strings made before any signal can come, so
/// the handler only calls `unlink`, `rmdir`, `signal` and `raise` (all
/// async-signal-safe).
enum SpillCleanup {
  private static let capacity = 16_384
  nonisolated(unsafe) private static var paths = UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
  >.allocate(capacity: capacity)
  nonisolated(unsafe) private static var count = 0
  nonisolated(unsafe) private static var installed = false
  /// Guards the table and `installed` against runs on other threads.
  private static let lock = Mutex(())

  /// Installs the handlers of SIGINT, SIGTERM and SIGHUP, once.
  static func installHandlers() {
    lock.withLock { _ in
      guard !installed else { return }
      installed = true
      let ignored = 1  // SIG_IGN
      var unblocked = sigset_t()
      sigemptyset(&unblocked)
      for signal in [SIGINT, SIGTERM, SIGHUP] {
        // A signal the process was started ignoring (`nohup`) stays ignored.
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0,
          unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) != ignored
        else { continue }
        Glibc.signal(signal) { received in
          SpillCleanup.removeFiles()
          Glibc.signal(received, SIG_DFL)
          raise(received)
        }
        sigaddset(&unblocked, signal)
      }
      // A mask inherited blocked (a parent that started the process from a
      // thread that blocks signals) would keep them from ending the run.
      sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    }
  }

  /// Notes a path for the handler; its slot, or `nil` when the table is
  /// full (the path is then still removed by its folder, but not on a
  /// signal).
  static func register(_ path: String) -> Int? {
    lock.withLock { _ in
      guard count < capacity else { return nil }
      paths[count] = strdup(path)
      count += 1
      return count - 1
    }
  }

  /// Forgets the paths in `slots`, removed by their folder.
  static func forget(_ slots: [Int]) {
    lock.withLock { _ in
      for slot in slots {
        free(paths[slot])
        paths[slot] = nil
      }
      while count > 0, paths[count - 1] == nil { count -= 1 }
    }
  }

  /// Removes every noted file, then every noted folder (from the signal
  /// handler: an `unlink` of a folder and an `rmdir` of a file just fail).
  static func removeFiles() {
    for index in 0..<count {
      if let path = paths[index] { unlink(path) }
    }
    for index in 0..<count {
      if let path = paths[index] { rmdir(path) }
    }
  }
}
