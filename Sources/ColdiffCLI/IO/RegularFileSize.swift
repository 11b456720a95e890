import Glibc

/// The size of the regular file at `path`, or `nil` for standard input
/// (`-`), a pipe, or a path that names no file.
func regularFileSize(_ path: String) -> Int? {
  var status = stat()
  guard path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
    return nil
  }
  return Int(status.st_size)
}
