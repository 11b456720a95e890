import ColdiffFormats
import Glibc

/// The folder of one bucketed run's spill files (`coldiff-XXXXXX` under
/// `--temp-dir`), removed with everything in it when the run ends, on an
/// error too, and on SIGINT or SIGTERM (a signal handler removes it, then
/// the signal ends the process as it would have).
package final class SpillDirectory {
  /// The folder's path.
  package let path: String
  private var files: [String] = []

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
    SpillCleanup.register(path)
  }

  /// The path of the spill file `name`, removed with the folder.
  package func file(_ name: String) -> String {
    let file = path + "/" + name
    files.append(file)
    SpillCleanup.registerFile(file)
    return file
  }

  /// Removes the files and the folder.
  package func remove() {
    SpillCleanup.removeAll()
  }

  deinit { remove() }
}

/// What the signal handler removes: C strings made before any signal can
/// come, so the handler only calls `unlink`, `rmdir`, `signal` and
/// `raise` (all async-signal-safe).
enum SpillCleanup {
  private static let capacity = 16_384
  nonisolated(unsafe) private static var paths = UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
  >.allocate(capacity: capacity)
  nonisolated(unsafe) private static var count = 0
  nonisolated(unsafe) private static var directory: UnsafeMutablePointer<CChar>?
  nonisolated(unsafe) private static var installed = false

  static func register(_ folder: String) {
    directory = strdup(folder)
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

  static func registerFile(_ file: String) {
    guard count < capacity else { return }
    paths[count] = strdup(file)
    count += 1
  }

  /// Removes the files and the folder (also from the signal handler).
  static func removeFiles() {
    for index in 0..<count {
      if let path = paths[index] { unlink(path) }
    }
    if let directory { rmdir(directory) }
  }

  static func removeAll() {
    removeFiles()
    for index in 0..<count {
      free(paths[index])
      paths[index] = nil
    }
    count = 0
    free(directory)
    directory = nil
  }
}
