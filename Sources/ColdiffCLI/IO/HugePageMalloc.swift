import Glibc

/// glibc's malloc asked to back the memory it maps with huge pages (its
/// tunable `glibc.malloc.hugetlb=1`) for a run over large inputs.
///
/// A run in memory over a million records writes some 100 MB of fresh
/// arrays (indexes, keys, tables of keys, matchings), much of it where
/// the engine cannot advise huge pages itself (`HugePages`): a chunk's
/// arrays, and the first and last 2 MiB of every array, whose header
/// malloc writes before the engine sees it. A 4 KiB page costs a fault
/// when first written: about 0.4 ms a MiB on this project's virtual
/// machines, against 0.1 for huge pages (a 1M record CSV diff 6% faster,
/// its colpatch apply 24%). glibc reads its tunables from the
/// environment once, as a process starts, so the process runs its own
/// command line again with the tunable set (`execv` of `/proc/self/exe`:
/// the same program, arguments and open files, before anything is read
/// or written), which costs about a millisecond. The run that follows
/// puts the environment back as the caller set it
/// (`restoreEnvironment`).
///
/// It is done only where it pays: inputs of at least `inputBytes`
/// together, every one a regular file; transparent huge pages used on
/// advice (with `always` malloc's memory has them already, with `never`
/// nothing does); a caller that did not set the tunable. When the
/// program cannot be run again, the run goes on as it is.
enum HugePageMalloc {
  /// The combined size of the inputs from which a run asks for huge
  /// pages: 64 MiB. `COLDIFF_TEST_HUGE_PAGES_FROM` sets another, for the
  /// tests.
  static let inputBytes = 64 << 20

  /// glibc's tunables' environment variable.
  private static let tunables = "GLIBC_TUNABLES"
  /// Holds, in the run that follows, the caller's `GLIBC_TUNABLES`: `=`
  /// and its value, or nothing when it had none.
  private static let callersTunables = "COLDIFF_CALLERS_GLIBC_TUNABLES"

  /// Whether this process is the run that follows: it is not run again.
  nonisolated(unsafe) private static var isRunAgain = false

  /// Puts the environment back as the caller set it when this process is
  /// the run that follows `runAgainWithHugePages(inputs:environment:)`;
  /// called first thing, before the environment is read.
  static func restoreEnvironment() {
    guard let saved = getenv(callersTunables) else { return }
    setTunables(callers(saved: String(cString: saved)))
    isRunAgain = true
  }

  /// Runs this process's command line again with huge pages asked of
  /// malloc when the files `paths` are large enough together and the
  /// system uses huge pages on advice; returns when it does not, or
  /// cannot.
  ///
  /// - Parameters:
  ///   - paths: the inputs, as given (`-` is standard input).
  ///   - environment: the process's environment.
  static func runAgainWithHugePages(inputs paths: [String], environment: [String: String]) {
    let threshold = environment["COLDIFF_TEST_HUGE_PAGES_FROM"].flatMap { Int($0) } ?? inputBytes
    let sizes = paths.map(regularFileSize)
    guard !isRunAgain, !sizes.contains(nil), sizes.reduce(0, { $0 + ($1 ?? 0) }) >= threshold,
      hugePagesOnAdvice
    else { return }
    let callers = environment[tunables]
    guard let asked = tunables(askingHugePagesAfter: callers) else { return }
    setenv(callersTunables, callers.map { "=" + $0 } ?? "", 1)
    setenv(tunables, asked, 1)
    _ = execv("/proc/self/exe", CommandLine.unsafeArgv)
    // Not run again: the environment as it was.
    setTunables(callers)
  }

  /// `GLIBC_TUNABLES` asking for huge pages after the caller's
  /// `callers`, or `nil` when the caller set the tunable itself.
  static func tunables(askingHugePagesAfter callers: String?) -> String? {
    let asked = "glibc.malloc.hugetlb=1"
    guard let callers, !callers.isEmpty else { return asked }
    return callers.contains("glibc.malloc.hugetlb") ? nil : callers + ":" + asked
  }

  /// The caller's `GLIBC_TUNABLES` from what the run before saved of it.
  static func callers(saved: String) -> String? {
    saved.first == "=" ? String(saved.dropFirst()) : nil
  }

  /// Sets `GLIBC_TUNABLES` to `value` (unsets it for `nil`), and removes
  /// what was saved of the caller's.
  private static func setTunables(_ value: String?) {
    if let value { setenv(tunables, value, 1) } else { unsetenv(tunables) }
    unsetenv(callersTunables)
  }

  /// Whether transparent huge pages are used on advice
  /// (`/sys/kernel/mm/transparent_hugepage/enabled` reads `[madvise]`).
  private static var hugePagesOnAdvice: Bool {
    let descriptor = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return false }
    return String(decoding: buffer[..<count], as: UTF8.self).contains("[madvise]")
  }
}
