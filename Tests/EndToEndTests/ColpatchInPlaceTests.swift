import Foundation
import TestSupport
import Testing

/// `colpatch apply -i` (SPEC §8.1.7): the replaced file keeps its owner,
/// group and mode (where the process may set them), a symbolic link is
/// written through, and a folder where no file can be created is named
/// as such, leaving the target as it was.
@Suite struct ColpatchInPlaceTests {
  private static let old = "[\n  {\"id\": 1, \"v\": 1}\n]\n"
  private static let new = "[\n  {\"id\": 1, \"v\": 2}\n]\n"

  /// A folder with `p.json` (OLD → NEW) and `f.json` holding OLD.
  private func prepared() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    _ = try folder.write("old.json", Self.old)
    _ = try folder.write("new.json", Self.new)
    _ = try folder.write("f.json", Self.old)
    let patch = try ColpatchCommandLine.coldiff(
      ["-f", "patch", "old.json", "new.json"], in: folder.path)
    #expect(patch.status == 1, "\(patch)")
    try ColpatchCommandLine.write(patch.output, to: folder.file("p.json"))
    return folder
  }

  private func owner(_ path: String) -> (uid: uid_t, gid: gid_t, mode: mode_t) {
    var status = stat()
    #expect(stat(path, &status) == 0)
    return (status.st_uid, status.st_gid, status.st_mode & 0o7777)
  }

  /// Run as root (as in CI), a file of `nobody:nogroup` stays theirs;
  /// run as a user, the file stays the user's. The mode is kept either
  /// way, set-group-ID bit included.
  @Test func keepsOwnerGroupAndMode() throws {
    let folder = try prepared()
    defer { folder.remove() }
    let target = folder.file("f.json")
    let nobody: (uid_t, gid_t) = geteuid() == 0 ? (65534, 65534) : (geteuid(), getegid())
    #expect(chown(target, nobody.0, nobody.1) == 0)
    #expect(chmod(target, 0o2640) == 0)
    let outcome = try ColpatchCommandLine.colpatch(
      ["apply", "-i", "p.json", "f.json"], in: folder.path)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(try folder.read("f.json") == Self.new)
    let after = owner(target)
    #expect(after.uid == nobody.0)
    #expect(after.gid == nobody.1)
    #expect(after.mode == 0o2640)
  }

  /// A link to the target stays a link; the file it names is patched.
  @Test func writesThroughSymbolicLinks() throws {
    let folder = try prepared()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.file("data"), withIntermediateDirectories: false)
    _ = try folder.write("data/real.json", Self.old)
    #expect(symlink("data/real.json", folder.file("link.json")) == 0)
    let outcome = try ColpatchCommandLine.colpatch(
      ["apply", "-i", "p.json", "link.json"], in: folder.path)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(try folder.read("data/real.json") == Self.new)
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.json"))
    #expect(link == "data/real.json")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("data")) == ["real.json"])
  }

  /// In a folder where no file can be created (for root, which passes
  /// permission bits, an immutable folder, else a read-only bind mount;
  /// for a user, mode 555) the message names the folder, exit 2, and the
  /// target keeps its bytes.
  @Test func aFolderWithoutRoomForATemporaryFileIsNamed() throws {
    let folder = try prepared()
    defer { folder.remove() }
    let locked = folder.file("locked")
    try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
    _ = try folder.write("locked/f.json", Self.old)
    let unlock = try lock(locked)
    defer { unlock() }
    let outcome = try ColpatchCommandLine.colpatch(
      ["apply", "-i", "p.json", "locked/f.json"], in: folder.path)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.errors.hasPrefix("colpatch: cannot create a temporary file in locked: "))
    #expect(!outcome.errors.contains("f.json"), "\(outcome)")
    #expect(try folder.read("locked/f.json") == Self.old)
  }

  /// Makes `folder` refuse new files; returns what undoes it.
  private func lock(_ folder: String) throws -> () -> Void {
    guard geteuid() == 0 else {
      #expect(chmod(folder, 0o555) == 0)
      return { _ = chmod(folder, 0o755) }
    }
    let immutable = try ToolProcess.shell("chattr +i '\(folder)'")
    if immutable.status == 0 {
      return { _ = try? ToolProcess.shell("chattr -i '\(folder)'") }
    }
    let mount = try ToolProcess.shell(
      "mount --bind '\(folder)' '\(folder)' && mount -o remount,bind,ro '\(folder)'")
    #expect(mount.status == 0, "neither chattr +i nor a read-only bind mount: \(mount)")
    return { _ = try? ToolProcess.shell("umount '\(folder)'") }
  }
}
