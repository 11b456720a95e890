import Glibc

/// The size of the regular file at `path`, or `nil` (standard input as
/// `-`, a pipe, a device, a path that names nothing).
func regularFileSize(_ path: String) -> Int? {
  var status = stat()
  guard path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
    return nil
  }
  return Int(status.st_size)
}
