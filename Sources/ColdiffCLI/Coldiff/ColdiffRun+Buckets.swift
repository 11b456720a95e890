import ColdiffCore
import ColdiffEngine
import ColdiffFormats
import Glibc

extension ColdiffRun {
  /// The memory budget when OLD and NEW are compared bucket by bucket
  /// (`--memory`, SPEC §8.3), or `nil` when they are compared in memory:
  /// a tree, keyed arrays, a root, a shard and git's `/dev/null` always
  /// are, and inputs that fit the budget too.
  ///
  /// - Throws: `Diagnostic` for a `--memory` smaller than the smallest
  ///   budget that works.
  func bucketBudget(oldPath: String, newPath: String) throws -> Int? {
    if let memory = options.memory, memory < BucketPlan.smallestBudget {
      throw tooSmall(BucketPlan.smallestBudget)
    }
    guard options.treeField == nil, options.arrayKeys.isEmpty, options.root == nil,
      options.shard == nil, oldPath != "/dev/null", newPath != "/dev/null"
    else { return nil }
    let sizes = [oldPath, newPath].map { path -> Int? in
      var status = stat()
      guard path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        return nil
      }
      return Int(status.st_size)
    }
    let budget = options.memory ?? MemoryLimit.defaultBudget
    // Standard input's size is not known: with --memory, in buckets.
    guard let old = sizes[0], let new = sizes[1] else {
      return options.memory
    }
    return BucketPlan.fitsInMemory(inputSizes: [old, new], budget: budget) ? nil : budget
  }

  /// Compares OLD and NEW bucket by bucket within `budget` and prints the
  /// result in the chosen format: the same bytes as in memory.
  func compareInBuckets(
    oldPath: String, newPath: String, detectionNames: (old: String?, new: String?),
    header: String?, budget: Int, title: String
  ) throws -> ExitStatus {
    let progress = io.progress(tool: "coldiff")
    defer { progress?.finish() }
    progress?.stage("reading")
    let keyName = Identity.likelyKeyName(keys: options.keyFields)
    let settings = BucketedComparison.Settings(
      keyFields: options.keyFields, rules: options.rules, unordered: options.unordered,
      inputFormat: options.inputFormat, delimiter: options.delimiter, keyName: keyName)
    let directory =
      options.temporaryDirectory ?? io.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/tmp"
    let plan = BucketPlan(
      budget: budget, temporaryDirectory: directory,
      writeLimit: io.environment["COLDIFF_TEST_SPILL_LIMIT"].flatMap { Int($0) })
    let result: BucketedComparison.Result
    do {
      result = try BucketedComparison.compare(
        old: .init(path: oldPath, detectionName: detectionNames.old),
        new: .init(path: newPath, detectionName: detectionNames.new),
        standardInput: io.standardInput, settings: settings, plan: plan,
        progress: { progress?.stage(ColdiffRun.progressText($0)) })
    } catch let error as BudgetTooSmallError {
      throw tooSmall(error.smallestBudget)
    }
    console.noteDelimiter(
      guessed: result.guessedDelimiters.old, name: detectionNames.old ?? oldPath)
    console.noteDelimiter(
      guessed: result.guessedDelimiters.new, name: detectionNames.new ?? newPath)
    progress?.stage("writing")
    let status = emit(result.comparison, header: header, title: title)
    // The put-together snapshots and the changes go with the process, not
    // record by record.
    io.leaveForExit(result)
    return status
  }

  /// `--memory SIZE is too small`, naming the smallest budget that works.
  private func tooSmall(_ smallest: Int) -> Diagnostic {
    let given = options.memory.map { "--memory \(MemorySize.spelled($0))" } ?? "the memory budget"
    return Diagnostic(
      "\(given) is too small for these inputs: the smallest budget that works is "
        + MemorySize.spelled(smallest))
  }

  /// What the progress line says: the bytes read, then the buckets done.
  private static func progressText(_ progress: BucketedComparison.Progress) -> String {
    if progress.buckets > 0 {
      return "comparing buckets: \(progress.bucketsDone) of \(progress.buckets)"
    }
    let percent = progress.bytes > 0 ? progress.bytesRead * 100 / progress.bytes : 0
    return "reading: \(progress.bytesRead >> 20) of \(progress.bytes >> 20) MB (\(percent)%)"
  }
}
