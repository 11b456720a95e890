import Foundation
import TestSupport

/// Shorthands for running the built tools in end-to-end tests.
enum ColpatchCommandLine {
  /// Runs the built `colpatch`.
  static func colpatch(_ arguments: [String], input: [UInt8]? = nil, in directory: String? = nil)
    throws -> ToolProcess.Outcome
  {
    try ToolProcess.run(Binaries.path(of: "colpatch"), arguments, in: directory, input: input)
  }

  /// Runs the built `coldiff`.
  static func coldiff(_ arguments: [String], input: [UInt8]? = nil, in directory: String? = nil)
    throws -> ToolProcess.Outcome
  {
    try ToolProcess.run(Binaries.path(of: "coldiff"), arguments, in: directory, input: input)
  }

  /// The bytes of the file at `path`.
  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Writes `bytes` to `path`.
  static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
}

/// What `stat(2)` says about a file, to tell that a file was not touched
/// (same inode, same modification time) or was replaced.
struct ColpatchFileIdentity: Equatable {
  let inode: UInt64
  let modified: Int
  let modifiedNanoseconds: Int
  let mode: UInt32
  let links: UInt64

  /// The identity of the file at `path` (links followed).
  init(_ path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
    inode = UInt64(status.st_ino)
    modified = Int(status.st_mtim.tv_sec)
    modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    mode = UInt32(status.st_mode) & 0o7777
    links = UInt64(status.st_nlink)
  }
}
