import ColdiffFormats
import Glibc

/// A whole input read into memory with `read(2)`: a file named on the
/// command line, or standard input for `-`.
struct InputFile {
  /// The name used in messages: the path as given, or `-` for stdin.
  let name: String
  /// The file's bytes.
  let bytes: [UInt8]

  /// Reads the file at `path` (or standard input for `-`) whole.
  ///
  /// - Throws: `InputError` naming the file, for a missing file, a
  ///   directory, no permission or a read error.
  init(path: String, standardInput: Int32 = 0) throws {
    name = path
    if path == "-" {
      bytes = try InputFile.readAll(descriptor: standardInput, sizeHint: 0, name: path)
      return
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputFile.systemError(path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw InputFile.systemError(path) }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw InputError("is a directory", file: path)
    }
    let sizeHint = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
    bytes = try InputFile.readAll(descriptor: descriptor, sizeHint: sizeHint, name: path)
  }

  /// Creates an input from bytes already in memory.
  init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }

  /// Reads until end of file, in one allocation when the size is known.
  private static func readAll(descriptor: Int32, sizeHint: Int, name: String) throws -> [UInt8] {
    var capacity = max(sizeHint + 1, 1 << 16)
    var result: [UInt8] = []
    while true {
      var failed = false
      let previous = result
      result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        LargeBuffer.adviseHugePages(buffer.baseAddress!, count: capacity)
        count = previous.count
        previous.withUnsafeBufferPointer { old in
          if let base = old.baseAddress { memcpy(buffer.baseAddress!, base, old.count) }
        }
        while count < capacity {
          let got = read(descriptor, buffer.baseAddress! + count, capacity - count)
          if got < 0 {
            if errno == EINTR { continue }
            failed = true
            return
          }
          if got == 0 { return }
          count += got
        }
      }
      if failed { throw systemError(name) }
      if result.count < capacity { return result }
      capacity *= 2
    }
  }

  /// The system's words for `errno`, as an error naming the file.
  private static func systemError(_ name: String) -> InputError {
    InputError(String(cString: strerror(errno)), file: name)
  }
}
