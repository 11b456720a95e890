import ColdiffFormats
import Glibc

/// Standard input (or a pipe or device named as an input) copied block by
/// block into a spill file, so a bucketed run reads every input as a file.
enum Spool {
  /// Copies the input to `destination`.
  ///
  /// - Parameters:
  ///   - descriptor: standard input's descriptor for `-`, else `nil` (the
  ///     path is opened).
  ///   - path: the input's name.
  ///   - destination: the spill file.
  /// - Returns: `destination`.
  /// - Throws: `InputError` for a read or write error.
  static func copy(from descriptor: Int32?, path: String, to destination: String) throws -> String {
    let source = descriptor ?? open(path, O_RDONLY | O_CLOEXEC)
    guard source >= 0 else { throw InputError(String(cString: strerror(errno)), file: path) }
    defer { if descriptor == nil { close(source) } }
    let target = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard target >= 0 else { throw writeError(errno) }
    defer { close(target) }
    var block = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let got = block.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { throw InputError(String(cString: strerror(errno)), file: path) }
      if got == 0 { return destination }
      var done = 0
      while done < got {
        let wrote = block.withUnsafeBytes { write(target, $0.baseAddress! + done, got - done) }
        if wrote < 0 && errno == EINTR { continue }
        guard wrote > 0 else { throw writeError(wrote < 0 ? errno : ENOSPC) }
        done += wrote
      }
    }
  }

  private static func writeError(_ code: Int32) -> InputError {
    InputError(
      "cannot spool standard input to the spill folder: \(String(cString: strerror(code)))")
  }
}
