import ColdiffFormats
import Glibc

/// The target of `colpatch apply --memory` (SPEC §8.3), read so that it
/// is mapped but not resident: its pages go behind the scan, the patch's
/// reads (`TargetPages`) and the write of the result.
package enum BoundedTarget {
  /// Opens the target at `path`: a regular file is mapped as it is;
  /// standard input (`-`), a pipe or a device is first copied into a
  /// spill folder made under `temporaryDirectory` (`--temp-dir`) and
  /// mapped from there, and the folder is removed once the copy is
  /// mapped (the mapping keeps its bytes; an error or a signal before
  /// that removes it too, see `SpillDirectory`).
  ///
  /// - Returns: the target, named as the user named it.
  ///
  /// - Parameters:
  ///   - path: the TARGET operand.
  ///   - standardInput: the descriptor of standard input.
  ///   - temporaryDirectory: where the spill folder is made.
  /// - Throws: `InputError` naming the file or the spill folder.
  package static func open(path: String, standardInput: Int32, temporaryDirectory: String)
    throws -> InputFile
  {
    var status = stat()
    let isStream =
      path == "-"
      || (stat(path, &status) == 0
        && (status.st_mode & S_IFMT == S_IFIFO || status.st_mode & S_IFMT == S_IFCHR))
    guard isStream else {
      return try InputFile(path: path, standardInput: standardInput, releasingPages: true)
    }
    let folder = try SpillDirectory(under: temporaryDirectory)
    defer { folder.remove() }
    let copy = try Spool.copy(
      from: path == "-" ? standardInput : nil, path: path, to: folder.file("target"))
    let spooled = try InputFile(path: copy, releasingPages: true)
    return InputFile(name: path, source: spooled.bytes)
  }
}
