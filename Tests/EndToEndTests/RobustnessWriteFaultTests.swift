import Foundation
import Glibc
import TestSupport
import Testing

/// Faults while `colpatch apply -i` (and `-o`) writes: the target is fully
/// old or fully new afterwards, and no temporary file is left, except
/// after SIGKILL, where a `.NAME.colpatch-XXXXXX` file may remain beside
/// an intact target.
@Suite(.serialized) struct RobustnessWriteFaultTests {
  static let old = "[\n  {\"id\": 1, \"a\": \"x\"},\n  {\"id\": 2, \"a\": \"y\"}\n]\n"
  static let new = "[\n  {\"id\": 1, \"a\": \"z\"},\n  {\"id\": 2, \"a\": \"y\"}\n]\n"

  /// A folder with `target.json` (OLD) and `patch.json` that turns it into
  /// NEW.
  func prepared(in folder: String? = nil) throws -> (TemporaryDirectory, String, String) {
    let temporary = try TemporaryDirectory()
    let place = folder ?? temporary.path
    let target = place + "/target.json"
    try Data(Self.old.utf8).write(to: URL(fileURLWithPath: target))
    let newPath = try temporary.write("new.json", Self.new)
    let patch = try RobustnessTool.run("coldiff", ["-f", "patch", target, newPath])
    #expect(patch.status == 1)
    let patchPath = try temporary.write("patch.json", bytes: patch.output)
    return (temporary, target, patchPath)
  }

  /// The names in `folder` other than the ones given.
  func leftovers(in folder: String, besides names: Set<String>) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { !names.contains($0) }
  }

  @Test func aKillBetweenWritingAndRenamingLeavesTheTargetIntact() throws {
    let (folder, target, patch) = try prepared()
    defer { folder.remove() }
    let run = try RobustnessTool.run(
      "colpatch", ["apply", "-i", patch, target],
      environment: ["COLPATCH_FAULT": "kill-before-rename"])
    #expect(run.signaled && run.status == SIGKILL)
    #expect(try folder.read("target.json") == Self.old)
    // A killed process cannot clean up: its complete temporary file stays.
    let left = try leftovers(in: folder.path, besides: ["target.json", "new.json", "patch.json"])
    #expect(left.count == 1 && left[0].hasPrefix(".target.json.colpatch-"), "\(left)")
    if let name = left.first { #expect(try folder.read(name) == Self.new) }
  }

  @Test func aTargetChangedBeforeTheRenameIsRefused() throws {
    let (folder, target, patch) = try prepared()
    defer { folder.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binaries.path(of: "colpatch"))
    process.arguments = ["apply", "-i", patch, target]
    var environment = ProcessInfo.processInfo.environment
    environment["COLPATCH_FAULT"] = "stop-before-rename"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let stopped = waitUntilStopped(process.processIdentifier)
    #expect(stopped)
    let other = "[{\"id\": 9}]\n"
    try Data(other.utf8).write(to: URL(fileURLWithPath: target))
    kill(process.processIdentifier, SIGCONT)
    #expect(!ToolProcess.waitOrKill(process))
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 2)
    #expect(message.hasPrefix("colpatch: \(target): changed by someone else"), "\(message)")
    #expect(try folder.read("target.json") == other)
    #expect(
      try leftovers(in: folder.path, besides: ["target.json", "new.json", "patch.json"]).isEmpty)
  }

  /// A write of the merged result that fails (`COLPATCH_FAULT=write-fails`:
  /// every write of the background writer fails as on a full disk), into
  /// OURS with `-i` and over an existing OUT with `-o`: exit 2 naming the
  /// file, the file byte-identical, no temporary file.
  @Test(arguments: [true, false])
  func aFailedWriteOfAMergeLeavesTheFileIntact(inPlace: Bool) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let line = { (id: Int) in "{\"id\": \(id), \"v\": \"\(String(repeating: "x", count: 40))\"}\n" }
    let records = (1...3000).map(line).joined()
    _ = try folder.write("base.jsonl", records)
    _ = try folder.write("ours.jsonl", line(0) + records)
    _ = try folder.write("theirs.jsonl", records + line(9999))
    _ = try folder.write("out.jsonl", "previous\n")
    let written = folder.file(inPlace ? "ours.jsonl" : "out.jsonl")
    let before = try Data(contentsOf: URL(fileURLWithPath: written))
    let inputs = ["base.jsonl", "ours.jsonl", "theirs.jsonl"].map { folder.file($0) }
    let run = try RobustnessTool.run(
      "colpatch", ["merge"] + (inPlace ? ["-i"] : ["-o", written]) + inputs,
      environment: ["COLPATCH_FAULT": "write-fails"])
    #expect(
      run.isTrouble(startingWith: "colpatch: \(written): No space left on device"), "\(run.error)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: written)) == before)
    #expect(
      try leftovers(
        in: folder.path, besides: ["base.jsonl", "ours.jsonl", "theirs.jsonl", "out.jsonl"]
      ).isEmpty)
  }

  /// Polls `/proc/PID/stat` until the process is stopped (state `T`), at
  /// most for the hang guard's time.
  func waitUntilStopped(_ pid: Int32) -> Bool {
    let deadline = Date().addingTimeInterval(ToolProcess.hangGuardSeconds)
    while Date() < deadline {
      if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")"),
        stat[stat.index(close, offsetBy: 2)] == "T"
      {
        return true
      }
      usleep(5_000)
    }
    return false
  }

  @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
    let (folder, _, patch) = try prepared()
    defer { folder.remove() }
    let link = folder.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.json")
    let run = try RobustnessTool.run("colpatch", ["apply", "-i", patch, link])
    #expect(run.status == 0, "\(run.error)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.json")
    #expect(try folder.read("target.json") == Self.new)
    #expect(
      try leftovers(
        in: folder.path, besides: ["target.json", "link.json", "new.json", "patch.json"]
      )
      .isEmpty)
  }

  /// A small tmpfs mounted for the test, or `nil` where mounting is not
  /// allowed (not root, or no mount privilege in this container).
  func mountedTmpfs(size: String) throws -> TemporaryDirectory? {
    let folder = try TemporaryDirectory()
    let mount = Process()
    mount.executableURL = URL(fileURLWithPath: "/bin/mount")
    mount.arguments = ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path]
    mount.standardError = FileHandle.nullDevice
    guard getuid() == 0, (try? mount.run()) != nil else {
      folder.remove()
      return nil
    }
    mount.waitUntilExit()
    guard mount.terminationStatus == 0 else {
      folder.remove()
      return nil
    }
    return folder
  }

  func unmount(_ folder: TemporaryDirectory) {
    let umount = Process()
    umount.executableURL = URL(fileURLWithPath: "/bin/umount")
    umount.arguments = [folder.path]
    try? umount.run()
    umount.waitUntilExit()
    folder.remove()
  }

  @Test func aFullDiskLeavesTheTargetIntact() throws {
    let disk = try #require(try mountedTmpfs(size: "64k"), "needs root and mount -t tmpfs")
    defer { unmount(disk) }
    let (folder, _, _) = try prepared(in: disk.path)
    let target = disk.file("target.json")
    defer { folder.remove() }
    // NEW holds a 1 MB string: the temporary file cannot be written whole.
    let big = "[{\"id\": 1, \"a\": \"" + String(repeating: "z", count: 1 << 20) + "\"}]\n"
    let newPath = try folder.write("big.json", big)
    let made = try RobustnessTool.run("coldiff", ["-f", "patch", target, newPath])
    let patch = try folder.write("big-patch.json", bytes: made.output)
    let run = try RobustnessTool.run("colpatch", ["apply", "-i", patch, target])
    #expect(
      run.isTrouble(startingWith: "colpatch: \(target): No space left on device"), "\(run.error)")
    #expect(String(decoding: try disk.bytes("target.json"), as: UTF8.self) == Self.old)
    #expect(try leftovers(in: disk.path, besides: ["target.json"]).isEmpty)
  }

  @Test func aReadOnlyFolderLeavesTheTargetIntact() throws {
    let disk = try #require(try mountedTmpfs(size: "1m"), "needs root and mount -t tmpfs")
    defer { unmount(disk) }
    let (folder, target, patch) = try prepared(in: disk.path)
    defer { folder.remove() }
    let remount = Process()
    remount.executableURL = URL(fileURLWithPath: "/bin/mount")
    remount.arguments = ["-o", "remount,ro", disk.path]
    try remount.run()
    remount.waitUntilExit()
    try #require(remount.terminationStatus == 0)
    let run = try RobustnessTool.run("colpatch", ["apply", "-i", patch, target])
    // The folder is named, not the file (SPEC §8.1.7).
    #expect(
      run.isTrouble(
        startingWith: "colpatch: cannot create a temporary file in \(disk.path): Read-only "),
      "\(run.error)")
    #expect(String(decoding: try disk.bytes("target.json"), as: UTF8.self) == Self.old)
    #expect(try leftovers(in: disk.path, besides: ["target.json"]).isEmpty)
  }
}
