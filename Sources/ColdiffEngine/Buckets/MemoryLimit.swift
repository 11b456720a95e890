import Glibc

/// The memory this process may use: its cgroup's limit (v2 `memory.max`,
/// v1 `memory.limit_in_bytes`) when there is one, else the physical
/// memory.
package enum MemoryLimit {
  /// The limit in bytes.
  package static var bytes: Int {
    let physical = sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE))
    let files = [
      "/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    for file in files {
      if let limit = number(in: file), limit > 0, limit < physical { return limit }
    }
    return physical
  }

  /// The default budget of a run: half the limit.
  package static var defaultBudget: Int { bytes / 2 }

  /// The decimal number a small file holds (`max` is none).
  private static func number(in path: String) -> Int? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 64)
    let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
    guard got > 0 else { return nil }
    let text = String(decoding: bytes[..<got], as: UTF8.self).split(separator: "\n").first ?? ""
    return Int(text)
  }
}
