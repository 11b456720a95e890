import Glibc

extension ToolIO {
  /// The input bytes from which a run in memory restarts with huge pages
  /// (``restartWithHugePages(inputBytes:)``); smaller runs would lose
  /// about as much to the restart (a millisecond) as they gain.
  /// `COLDIFF_TEST_HUGE_PAGE_BYTES` sets another, for the tests.
  var hugePageInputBytes: Int {
    environment["COLDIFF_TEST_HUGE_PAGE_BYTES"].flatMap { Int($0) } ?? 64 << 20
  }

  /// Runs the program again in this process, with the same arguments and
  /// descriptors (`execve(2)` of `/proc/self/exe`), glibc's malloc asked
  /// to back its large blocks with transparent huge pages
  /// (``hugePageEnvironment(_:)``), for a run that holds `inputBytes`
  /// bytes of input in memory. A run's arrays are large and touched once
  /// or twice each: with pages of 4 KiB, their page faults and TLB misses
  /// were a tenth of a 1M record run's time; with huge pages, a 1M CSV
  /// run took 0.151 s instead of 0.168.
  ///
  /// Returns, having done nothing, when the run is in-process (the
  /// fuzzers), its input is under ``hugePageInputBytes``, the
  /// environment names the tunable already (the user's choice, or this
  /// restart's), or the program cannot be run again. Whether huge pages
  /// are given is the system's choice
  /// (`/sys/kernel/mm/transparent_hugepage/enabled`).
  func restartWithHugePages(inputBytes: Int) {
    guard restartsForHugePages, inputBytes >= hugePageInputBytes else { return }
    var entries: [String] = []
    var entry = environ
    while let pointer = entry.pointee {
      entries.append(String(cString: pointer))
      entry += 1
    }
    guard let restarted = Self.hugePageEnvironment(entries) else { return }
    let environment = restarted.map { strdup($0) } + [nil]
    _ = execve("/proc/self/exe", CommandLine.unsafeArgv, environment)
    // Not run again: on as before.
    for pointer in environment { free(pointer) }
  }

  /// The environment `entries` (`NAME=value`) with glibc's tunable
  /// `glibc.malloc.hugetlb=1` added to `GLIBC_TUNABLES` (after the
  /// tunables it holds), or `nil` when it names that tunable already
  /// (`glibc.malloc.hugetlb=0` keeps a run from restarting).
  static func hugePageEnvironment(_ entries: [String]) -> [String]? {
    let prefix = "GLIBC_TUNABLES="
    let tunables = entries.last { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    if let tunables,
      tunables.split(separator: ":").contains(where: { $0.hasPrefix("glibc.malloc.hugetlb=") })
    {
      return nil
    }
    let setting = "glibc.malloc.hugetlb=1"
    return entries.filter { !$0.hasPrefix(prefix) }
      + [prefix + (tunables.map { $0.isEmpty ? setting : $0 + ":" + setting } ?? setting)]
  }
}
