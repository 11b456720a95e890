/// The manuals' word on `GLIBC_TUNABLES` (`HugePageMalloc`), the same in
/// both.
enum HugePageMallocManual {
  /// What `tool` does with `GLIBC_TUNABLES` on large inputs.
  static func text(tool: String) -> String {
    """
    When it is unset, on inputs of 64 MiB or more (the files named, together), and not under \
    `--memory`, \(tool) starts itself again once with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, \
    so that glibc's malloc asks for transparent huge pages (where the kernel gives them only \
    to memory that asks, its `madvise` mode): a large run then takes fewer page faults and \
    less time. The variable is removed again before anything else runs. When it is set, \
    \(tool) leaves it alone: `GLIBC_TUNABLES=glibc.malloc.hugetlb=0` turns this off.
    """
  }
}
