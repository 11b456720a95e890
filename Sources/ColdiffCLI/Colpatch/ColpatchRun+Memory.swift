import ColdiffEngine
import ColdiffFormats
import Glibc

extension ColpatchRun {
  /// How a run of `apply` or `check` holds its target (SPEC §8.3).
  struct TargetBudget {
    /// The budget in bytes.
    var bytes: Int
    /// Whether `--memory` gave it (then a budget too small is an error).
    var isExplicit: Bool
    /// Where a target read from standard input is copied.
    var temporaryDirectory: String
  }

  /// The budget under which the target stays on disk, or `nil` when it is
  /// applied in memory as a whole: with `--memory`, always; without it,
  /// when a TARGET file does not fit in half the memory the process may
  /// use.
  func targetBudget(
    memory: Int?, temporaryDirectory: String?, patchPath: String, targetPath: String
  ) -> TargetBudget? {
    let directory =
      temporaryDirectory ?? io.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    if let memory {
      return TargetBudget(bytes: memory, isExplicit: true, temporaryDirectory: directory)
    }
    let budget = MemoryLimit.defaultBudget
    guard let target = ColpatchRun.fileSize(targetPath),
      !ApplicationBudget(budget).fitsInMemory(
        targetBytes: target, patchBytes: ColpatchRun.fileSize(patchPath) ?? 0)
    else { return nil }
    return TargetBudget(bytes: budget, isExplicit: false, temporaryDirectory: directory)
  }

  /// The size of a regular file, or `nil` (standard input, a pipe).
  private static func fileSize(_ path: String) -> Int? {
    var status = stat()
    guard path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    return Int(status.st_size)
  }

  /// Reads the target at `path`: on disk under a budget, else whole.
  static func readTarget(_ path: String, standardInput: Int32, budget: TargetBudget?) throws
    -> InputFile
  {
    guard let budget else { return try InputFile(path: path, standardInput: standardInput) }
    return try BoundedTarget.open(
      path: path, standardInput: standardInput, temporaryDirectory: budget.temporaryDirectory)
  }

  /// Checks that an explicit budget is enough for `target` and a patch of
  /// `patchBytes` bytes (a diff document when `byKey`).
  ///
  /// - Throws: `Diagnostic` naming the smallest budget that works.
  static func checkBudget(
    _ budget: TargetBudget?, target: Snapshot, patchBytes: Int, byKey: Bool
  ) throws {
    guard let budget, budget.isExplicit else { return }
    do {
      try ApplicationBudget(budget.bytes).check(target, patchBytes: patchBytes, byKey: byKey)
    } catch {
      throw Diagnostic(
        "--memory \(MemorySize.spelled(budget.bytes)) is too small for this target and "
          + "patch: the smallest budget that works is "
          + MemorySize.spelled(error.smallestBudget))
    }
  }

  /// Writes the result to standard output as it is made, through a small
  /// buffer, letting the target's pages go behind (a result under a
  /// budget is not held whole).
  ///
  /// - Returns: whether it was written (a closed pipe counts as written).
  func streamOutput(_ target: PatchTarget) throws -> Bool {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(ColpatchRun.writeBuffer + (1 << 16))
    do {
      try target.write(to: &buffer, flushingAbove: ColpatchRun.writeBuffer) { bytes in
        try io.standardOutput.write(bytes)
        bytes.removeAll(keepingCapacity: true)
        target.pages.release()
      }
      try io.standardOutput.write(buffer)
      try io.standardOutput.flush()
      return true
    } catch WriteFailure.closedPipe {
      return true
    } catch let failure as WriteFailure {
      guard case .failed(let words) = failure else { return true }
      console.error("cannot write the output: \(words)")
      return false
    }
  }
}
