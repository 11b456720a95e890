import ColdiffEngine
import ColdiffFormats
import Glibc

/// Writes a whole file so that it is either fully old or fully new: the
/// bytes go to a temporary file in the same folder, are flushed to disk
/// (when asked to be durable), and the temporary file is renamed over
/// the target (or exchanged with it, `replace(_:with:durable:)`). A hard link to the
/// target keeps the old bytes; a symbolic link is written through (the
/// file it points to is replaced, the link stays); the replaced file keeps
/// its owner, group and mode where the process may set them.
enum AtomicFileWriter {
  /// What the target looked like when it was read, to notice another
  /// writer before the rename.
  struct Snapshot: Equatable {
    let device: UInt
    let inode: UInt
    let size: Int
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
  }

  /// The identity of the file at `path` now, or `nil` when it does not
  /// exist.
  static func snapshot(of path: String) -> Snapshot? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Snapshot(
      device: UInt(status.st_dev), inode: UInt(status.st_ino), size: Int(status.st_size),
      modifiedSeconds: Int(status.st_mtim.tv_sec),
      modifiedNanoseconds: Int(status.st_mtim.tv_nsec))
  }

  /// Replaces the file at `path` with `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: the new content.
  ///   - path: the file to replace (or create).
  ///   - expected: when given, the write is refused if the target no
  ///     longer matches it (someone changed it since it was read).
  ///   - keepPermissions: give the new file the old file's owner, group
  ///     and mode.
  /// - Throws: `InputError` naming the file; the target is then untouched
  ///   and no temporary file is left.
  static func write(
    _ bytes: [UInt8], to path: String, expected: Snapshot? = nil, keepPermissions: Bool = true
  ) throws {
    try write(to: path, expected: expected, keepPermissions: keepPermissions) { descriptor in
      try writeAll(bytes, to: descriptor, name: path)
    }
  }

  /// Replaces the file at `path` with what `contents` writes to the
  /// temporary file's descriptor, so a large result streams to disk
  /// instead of being built whole first.
  ///
  /// - Parameters:
  ///   - path: the file to replace (or create).
  ///   - expected: when given, the write is refused if the target no
  ///     longer matches it (someone changed it since it was read).
  ///   - keepPermissions: give the new file the old file's owner, group
  ///     and mode (owner and group as far as the process may set them).
  ///   - durable: flush the new content to the disk (`fsync`) before the
  ///     rename, so that a crash cannot leave a replaced file empty or
  ///     short (colpatch asks for it when it replaces the target itself).
  ///   - sizeHint: about how many bytes `contents` writes (0: unknown):
  ///     the file's blocks are set aside for them at once
  ///     (``setAside(_:for:)``).
  ///   - contents: writes the new content to the descriptor it is given
  ///     (which it does not close); when it throws, nothing is replaced.
  /// - Throws: what `contents` throws, or `InputError` naming the file;
  ///   the target is then untouched and no temporary file is left.
  static func write(
    to path: String, expected: Snapshot? = nil, keepPermissions: Bool = true,
    durable: Bool = true, sizeHint: Int = 0, contents: (Int32) throws -> Void
  ) throws {
    let target = resolvedPath(path)
    let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
    let base =
      target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
    var template = Array("\(folder.isEmpty ? "/" : folder)/.\(base).colpatch-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      // A folder that is not there is the path's fault; one that is there
      // but refuses a new file (permissions, read-only, immutable) is
      // named as such, not the file, which may well be writable.
      guard errno != ENOENT, errno != ENOTDIR else { throw error(path) }
      let reason = String(cString: strerror(errno))
      throw InputError(
        "cannot create a temporary file in \(folder.isEmpty ? "/" : folder): \(reason)")
    }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var renamed = false
    defer {
      if !renamed { unlink(temporary) }
    }
    do {
      setAside(sizeHint, for: descriptor)
      try contents(descriptor)
      if sizeHint > 0 { giveBackUnwritten(descriptor) }
      var status = stat()
      if keepPermissions, stat(target, &status) == 0 {
        // Owner and group first: a change of owner clears the set-user-ID
        // bits the mode then puts back. Not every owner may be given (a
        // user may give only their own groups): the rest is kept.
        if fchown(descriptor, status.st_uid, status.st_gid) != 0 {
          _ = fchown(descriptor, uid_t.max, status.st_gid)
        }
        fchmod(descriptor, status.st_mode & 0o7777)
      } else {
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
      }
      guard !durable || fsync(descriptor) == 0 else { throw error(path) }
      close(descriptor)
    } catch {
      close(descriptor)
      throw error
    }
    injectFaultBeforeRename()
    if let expected, snapshot(of: target) != expected {
      throw InputError("changed by someone else while colpatch worked; nothing written", file: path)
    }
    guard replace(target, with: temporary, durable: durable) else { throw error(path) }
    renamed = true
  }

  /// Sets aside the blocks of the first `size` bytes of the empty file
  /// `descriptor`, its size left at 0 (`fallocate(2)` with
  /// `FALLOC_FL_KEEP_SIZE`): a write then finds its blocks there instead
  /// of having them found for each page it adds (ext4: 3.0 ms for 23 MB
  /// against 3.7). Does nothing where the file system cannot (the writes
  /// find their blocks as usual).
  private static func setAside(_ size: Int, for descriptor: Int32) {
    guard size > 0, let fallocate = setAsideBlocks else { return }
    _ = fallocate(descriptor, keepSize, 0, off_t(size))
  }

  /// Gives back the blocks set aside past the end of what was written
  /// (a truncation to the file's own size frees them).
  private static func giveBackUnwritten(_ descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return }
    _ = ftruncate(descriptor, status.st_size)
  }

  /// `fallocate(2)`, which Glibc's module does not declare (it takes
  /// `_GNU_SOURCE`), from the C library (glibc 2.10 on). Not
  /// `posix_fallocate`, which writes zeros where the file system cannot
  /// set blocks aside.
  private static let setAsideBlocks: SetAsideBlocks? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "fallocate"
  ).map { unsafeBitCast($0, to: SetAsideBlocks.self) }

  /// `fallocate(2)`'s flag that leaves the file's size as it is
  /// (`FALLOC_FL_KEEP_SIZE`).
  private static let keepSize: Int32 = 1

  /// `fallocate(2)`'s type.
  private typealias SetAsideBlocks = @convention(c) (Int32, Int32, off_t, off_t) -> Int32

  /// Puts the complete temporary file in the target's place. A durable
  /// write renames it over the target. Otherwise, when the target exists,
  /// the two are exchanged (`renameat2` with `RENAME_EXCHANGE`, one atomic
  /// step as a rename is) and the old file, now under the temporary name,
  /// is removed: a rename over an existing file makes ext4 start writing
  /// the new file's data to the disk there and then (`auto_da_alloc`, a
  /// guard against a file left empty by a crash, which a durable write's
  /// `fsync` gives anyway): 25–30 ms for 110 MB, against an exchange's
  /// nothing. A crash between the exchange and the removal leaves the old
  /// bytes in the temporary file. Only a regular file is exchanged (a
  /// folder would be moved to the temporary name); where the exchange is
  /// refused (no such target, a file system without it), a rename.
  ///
  /// - Returns: whether the target now holds the new file.
  private static func replace(_ target: String, with temporary: String, durable: Bool) -> Bool {
    var status = stat()
    if !durable, let exchange = exchangeFiles, lstat(target, &status) == 0,
      status.st_mode & S_IFMT == S_IFREG,
      exchange(AT_FDCWD, temporary, AT_FDCWD, target, renameExchange) == 0
    {
      unlink(temporary)
      return true
    }
    return rename(temporary, target) == 0
  }

  /// `renameat2(2)`, which Glibc's module does not declare (it takes
  /// `_GNU_SOURCE`), from the C library when it has it (glibc 2.28 on).
  private static let exchangeFiles: RenameAt2? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "renameat2"
  ).map { unsafeBitCast($0, to: RenameAt2.self) }

  /// `renameat2(2)`'s flag that swaps the two names (`RENAME_EXCHANGE`,
  /// which the module does not declare either).
  private static let renameExchange: UInt32 = 2

  /// `renameat2(2)`'s type.
  private typealias RenameAt2 =
    @convention(c) (
      Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32
    ) -> Int32

  /// A fault hook for the robustness tests (Fuzz/README.md, "Faults while
  /// writing"): with `COLPATCH_FAULT=kill-before-rename` the process kills
  /// itself once the temporary file is complete and before the rename, as
  /// a crash or power cut there would; with `stop-before-rename` it stops
  /// there (SIGSTOP) until continued, so another writer can step in.
  private static func injectFaultBeforeRename() {
    guard let fault = getenv("COLPATCH_FAULT") else { return }
    switch String(cString: fault) {
    case "kill-before-rename": raise(SIGKILL)
    case "stop-before-rename": raise(SIGSTOP)
    default: break
    }
  }

  /// The path with symbolic links followed (to the last existing link), so
  /// that a link to the target stays a link.
  private static func resolvedPath(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length > 0 else { return current }
      let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else if let slash = current.lastIndex(of: "/") {
        current = String(current[...slash]) + link
      } else {
        current = link
      }
    }
    return current
  }

  /// Writes all of `bytes` to `descriptor`.
  ///
  /// - Throws: `InputError` naming `name` when a write fails.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws {
    var offset = 0
    try bytes.withUnsafeBytes { buffer in
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw error(name)
        }
        offset += written
      }
    }
  }

  private static func error(_ name: String) -> InputError {
    InputError(String(cString: strerror(errno)), file: name)
  }
}
