import ColdiffCore
import ColdiffFormats
import Glibc

/// Bucketed execution (`--memory`, SPEC §8.3): OLD and NEW are read
/// window by window, their records spilled into B bucket files per side
/// by a hash of their key, each bucket matched and compared on its own,
/// and what the buckets found put together, as shard documents are
/// (`ShardAssembly`), into the comparison one run in memory makes: the
/// same matching and changes, and moves from the matched records' OLD
/// and NEW positions, so the same output bytes.
package enum BucketedComparison {
  /// What decides the diff.
  package struct Settings {
    /// `--key` (empty for the default).
    package var keyFields: [JSONPointer]
    /// `--ignore` and `--compare`.
    package var rules: ComparisonRules
    /// `--unordered`.
    package var unordered: Bool
    /// `--input`.
    package var inputFormat: InputFormat?
    /// `--delimiter`.
    package var delimiter: UInt8?
    /// The member name the scans note for each record (the likely key).
    package var keyName: [UInt8]?

    /// Settings of these options.
    package init(
      keyFields: [JSONPointer], rules: ComparisonRules, unordered: Bool,
      inputFormat: InputFormat?, delimiter: UInt8?, keyName: [UInt8]?
    ) {
      self.keyFields = keyFields
      self.rules = rules
      self.unordered = unordered
      self.inputFormat = inputFormat
      self.delimiter = delimiter
      self.keyName = keyName
    }
  }

  /// One input.
  package struct Input {
    /// The path (`-` for standard input).
    package var path: String
    /// The name whose extension decides the form, `nil` for the path.
    package var detectionName: String?

    /// An input at `path`.
    package init(path: String, detectionName: String?) {
      self.path = path
      self.detectionName = detectionName
    }
  }

  /// How far a run is, for progress.
  package struct Progress: Sendable {
    /// Bytes read of OLD and NEW, and their sizes.
    package var bytesRead: Int
    package var bytes: Int
    /// Buckets compared, and their number.
    package var bucketsDone: Int
    package var buckets: Int
  }

  /// What a bucketed run found.
  package struct Result {
    /// The comparison of the whole inputs.
    package var comparison: Comparison
    /// The delimiters guessed for OLD's and NEW's `.csv` (`;`), if any.
    package var guessedDelimiters: (old: UInt8?, new: UInt8?)
  }

  /// Compares OLD and NEW bucket by bucket.
  ///
  /// - Parameters:
  ///   - old: OLD.
  ///   - new: NEW.
  ///   - standardInput: the descriptor `-` reads.
  ///   - settings: what decides the diff.
  ///   - plan: the buckets, windows and spill folder.
  ///   - progress: told how far the run is, from the running thread or
  ///     another.
  /// - Throws: `InputError` for bad input (located in the input) or
  ///   trouble with the spill files; `BudgetTooSmallError` when a record
  ///   needs more than the plan allows.
  package static func compare(
    old: Input, new: Input, standardInput: Int32, settings: Settings, plan: BucketPlan,
    progress: @escaping @Sendable (Progress) -> Void
  ) throws -> Result {
    MallocTuning.apply(budget: plan.budget)
    let spill = try SpillDirectory(under: plan.temporaryDirectory)
    defer { spill.remove() }
    let oldSide = try side(old, standardInput, settings, spill, "old-input")
    let newSide = try side(new, standardInput, settings, spill, "new-input")
    var run = BucketRun(
      old: oldSide, new: newSide, settings: settings, plan: plan, spill: spill, progress: progress)
    return try run.compare()
  }

  /// An input's side, standard input first spooled to a file.
  private static func side(
    _ input: Input, _ standardInput: Int32, _ settings: Settings, _ spill: SpillDirectory,
    _ spoolName: String
  ) throws -> BucketSide {
    var path = input.path
    var status = stat()
    if path == "-" || stat(path, &status) != 0 || status.st_mode & S_IFMT != S_IFREG {
      if path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        throw InputError("is a directory", file: input.path)
      }
      path = try Spool.copy(
        from: input.path == "-" ? standardInput : nil, path: input.path,
        to: spill.file(spoolName))
    }
    return try BucketSide(
      path: path, name: input.path, detectionName: input.detectionName,
      format: settings.inputFormat, delimiter: settings.delimiter, keyName: settings.keyName)
  }
}
