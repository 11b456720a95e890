import Glibc

/// A large run with glibc's malloc on transparent huge pages.
///
/// glibc's malloc advises the memory it maps and grows as huge pages
/// (`madvise(MADV_HUGEPAGE)`) only when `GLIBC_TUNABLES` holds
/// `glibc.malloc.hugetlb=1` as the program starts; there is no call to
/// ask for it later. Where transparent huge pages are given only to
/// memory that asks for them (`madvise`, most distributions' setting), a
/// run on large inputs otherwise writes its indexes into fresh memory a
/// 4 KiB page at a time: at a million records about half of its page
/// faults, and 4–17% of its time (`Benchmarks/README.md`, session 16).
///
/// So `prepare(arguments:)`, the first thing `main` does, starts the
/// program again with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` (`execv` of
/// `/proc/self/exe`, same arguments, descriptors and standard input,
/// about a millisecond) when the files its arguments name add up to
/// ``largeInput`` or more. The new process removes the variable before
/// anything reads the environment, so what it starts sees the user's.
/// Nothing happens under `--memory` (a budget counts pages; huge ones
/// would round it up), when `GLIBC_TUNABLES` is set (the user's choice;
/// glibc also cuts its value short in place as it reads it, so a value
/// with several tunables could not be passed on whole), where
/// transparent huge pages are always or never used, or when the program
/// cannot be started again.
enum HugePageMalloc {
  /// The input size, all named files together, from which a run starts
  /// again.
  static let largeInput = 64 << 20

  /// The glibc tunable that makes malloc ask for huge pages.
  static let tunable = "glibc.malloc.hugetlb=1"

  /// Set in the environment of the process started again, which removes
  /// it and `GLIBC_TUNABLES`.
  static let startedAgain = "COLDIFF_HUGE_PAGE_MALLOC"

  /// Sets `largeInput` for the tests (a number of bytes), whatever the
  /// kernel's mode.
  static let testThreshold = "COLDIFF_TEST_HUGE_PAGE_INPUT"

  /// Starts the program again with malloc on huge pages when the run is
  /// large enough to gain from it (see ``HugePageMalloc``); in the
  /// started-again process, puts the environment back. Returns when the
  /// program goes on in this process.
  ///
  /// - Parameter arguments: the command line, without the program name.
  static func prepare(arguments: [String]) {
    if getenv(startedAgain) != nil {
      restore()
      return
    }
    let testing = getenv(testThreshold).flatMap { Int(String(cString: $0)) }
    guard getenv("GLIBC_TUNABLES") == nil,
      !arguments.contains(where: { $0 == "--memory" || $0.hasPrefix("--memory=") }),
      testing != nil || advisedOnly(modeFile("/sys/kernel/mm/transparent_hugepage/enabled")),
      inputBytes(arguments) >= testing ?? largeInput
    else { return }
    setenv(startedAgain, "1", 1)
    setenv("GLIBC_TUNABLES", tunable, 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // Not started again: go on as we are.
    restore()
  }

  /// Removes the variables `prepare` set.
  private static func restore() {
    unsetenv("GLIBC_TUNABLES")
    unsetenv(startedAgain)
  }

  /// Whether the kernel's transparent huge page mode, as its file
  /// `enabled` shows it (`always [madvise] never`), gives huge pages to
  /// the memory that asks for them only.
  static func advisedOnly(_ mode: String) -> Bool {
    mode.contains("[madvise]")
  }

  /// The bytes of the regular files that `arguments` name (standard
  /// input and anything else count nothing).
  static func inputBytes(_ arguments: [String]) -> Int {
    arguments.reduce(0) { total, argument in
      var info = stat()
      guard argument != "-", stat(argument, &info) == 0, info.st_mode & S_IFMT == S_IFREG
      else { return total }
      return total + Int(info.st_size)
    }
  }

  /// The first line of the file at `path`, or empty.
  private static func modeFile(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    guard fgets(&line, Int32(line.count), file) != nil else { return "" }
    return String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
