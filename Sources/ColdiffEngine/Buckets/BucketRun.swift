import ColdiffCore
import ColdiffFormats
import Synchronization

/// The steps of one bucketed run (`BucketedComparison`): both inputs
/// spilled into buckets, then each bucket compared and its findings put
/// together with the others'.
struct BucketRun {
  let old: BucketSide
  let new: BucketSide
  let settings: BucketedComparison.Settings
  let plan: BucketPlan
  let spill: SpillDirectory
  let progress: @Sendable (BucketedComparison.Progress) -> Void
  private let buckets: Int

  init(
    old: BucketSide, new: BucketSide, settings: BucketedComparison.Settings, plan: BucketPlan,
    spill: SpillDirectory, progress: @escaping @Sendable (BucketedComparison.Progress) -> Void
  ) {
    self.old = old
    self.new = new
    self.settings = settings
    self.plan = plan
    self.spill = spill
    self.progress = progress
    buckets = plan.buckets(inputBytes: old.size + new.size)
  }

  /// Spills both inputs, compares every bucket and puts the results
  /// together.
  mutating func compare() throws -> BucketedComparison.Result {
    var identity: Identity?
    while true {
      let spilled = try spillBoth(identity: identity)
      if let (resolved, oldFiles, newFiles, counts) = spilled {
        var comparison = try compareBuckets(
          identity: resolved, oldFiles: oldFiles, newFiles: newFiles, counts: counts)
        comparison.rules = settings.rules
        return BucketedComparison.Result(
          comparison: comparison, guessedDelimiters: (old.guessedDelimiter, new.guessedDelimiter))
      }
      // A record without `id`: whole values are the identity.
      identity = .wholeValue
    }
  }

  /// Spills OLD and NEW under `identity`, or under the identity their
  /// first windows resolve when `nil`.
  ///
  /// - Returns: the identity, the bucket files and the record counts, or
  ///   `nil` when the default `id` turned out to be missing somewhere.
  private func spillBoth(identity: Identity?) throws -> (
    Identity, BucketFiles, BucketFiles, (old: Int, new: Int)
  )? {
    let oldWindows = try windows(old)
    let newWindows = try windows(new)
    let oldFirst = try firstWindow(oldWindows, old)
    let newFirst = try firstWindow(newWindows, new)
    let resolved =
      try identity
      ?? Identity.resolve(keys: settings.keyFields, old: oldFirst.1, new: newFirst.1)
    let tentative =
      identity == nil && settings.keyFields.isEmpty && resolved == .fields([JSONPointer(["id"])])
    let bufferSize = plan.bufferSize(buckets: buckets)
    let oldFiles = try BucketFiles(
      "old", count: buckets, in: spill, bufferSize: bufferSize, writeLimit: plan.writeLimit)
    let newFiles = try BucketFiles(
      "new", count: buckets, in: spill, bufferSize: bufferSize, writeLimit: plan.writeLimit)
    let total = old.size + new.size
    let report = progress
    let read = ReadCounter()
    let rules = settings.rules
    let (oldCount, newCount) = try Parallel.both(
      {
        try old.spill(
          windows: oldWindows, first: oldFirst, identity: resolved, rules: rules,
          files: oldFiles, tentative: tentative,
          progress: {
            report(.init(bytesRead: read.add(old: $0), bytes: total, bucketsDone: 0, buckets: 0))
          })
      },
      {
        try new.spill(
          windows: newWindows, first: newFirst, identity: resolved, rules: rules,
          files: newFiles, tentative: tentative,
          progress: {
            report(.init(bytesRead: read.add(new: $0), bytes: total, bucketsDone: 0, buckets: 0))
          })
      })
    guard let oldCount, let newCount else { return nil }
    return (resolved, oldFiles, newFiles, (oldCount, newCount))
  }

  private func windows(_ side: BucketSide) throws -> InputWindows {
    try InputWindows(
      path: side.path, name: side.name, kind: side.cutterKind, container: side.brackets,
      windowSize: plan.windowSize, largestWindow: plan.largestWindow)
  }

  /// The first window of a side read, and what it tells of the input noted.
  private func firstWindow(_ windows: InputWindows, _ side: BucketSide) throws -> (
    InputWindows.Window, Snapshot
  ) {
    guard let window = try windows.next() else { preconditionFailure("an input has a window") }
    let snapshot = try side.snapshot(window.document)
    side.noteFirstWindow(snapshot, document: window.document)
    if side.cutterKind == .table { windows.setTableHeader(side.headerLine) }
    return (window, snapshot)
  }

  /// Compares bucket by bucket and puts the findings together.
  private func compareBuckets(
    identity: Identity, oldFiles: BucketFiles, newFiles: BucketFiles, counts: (old: Int, new: Int)
  ) throws -> Comparison {
    let ordered = !settings.unordered && identity != .memberName
    let oldWhole = ShardDocument.Side(
      name: old.name, form: old.form, count: counts.old, header: old.header)
    let newWhole = ShardDocument.Side(
      name: new.name, form: new.form, count: counts.new, header: new.header)
    var assembly: ShardAssembly?
    let total = old.size + new.size
    for bucket in 0..<buckets {
      var part = try compareBucket(
        bucket, identity: identity, oldFiles: oldFiles, newFiles: newFiles)
      part.old = oldWhole
      part.new = newWhole
      part.ordered = ordered
      if assembly == nil { assembly = ShardAssembly(part) }
      try assembly!.add(part, name: old.name)
      progress(.init(bytesRead: total, bytes: total, bucketsDone: bucket + 1, buckets: buckets))
    }
    // Moved out, so the records it frees as it goes are freed.
    guard let finished = assembly.take() else { preconditionFailure("a run has a bucket") }
    return try (consume finished).comparison()
  }

  /// The shard document of one bucket, positions in the whole inputs.
  private func compareBucket(
    _ bucket: Int, identity: Identity, oldFiles: BucketFiles, newFiles: BucketFiles
  ) throws -> ShardDocument {
    // Both sides of the bucket read and scanned on both cores.
    let ((oldRecords, (oldSnapshot, oldLocator)), (newRecords, (newSnapshot, newLocator))) =
      try Parallel.both(
        {
          let records = try oldFiles.records(of: bucket).records
          return (records, try old.bucketSnapshot(records))
        },
        {
          let records = try newFiles.records(of: bucket).records
          return (records, try new.bucketSnapshot(records))
        })
    let comparison: Comparison
    do {
      let rules = settings.rules
      let (oldKeys, newKeys) = try Parallel.both(
        { try oldSnapshot.keyArena(for: identity, rules: rules) },
        { try newSnapshot.keyArena(for: identity, rules: rules) })
      comparison = try Comparison(
        old: oldSnapshot, new: newSnapshot, identity: identity, rules: rules, ordered: false,
        oldKeys: oldKeys, newKeys: newKeys)
    } catch let error as InputError {
      throw error.file == new.name && error.file != old.name
        ? newLocator.place(error) : oldLocator.place(error)
    }
    var part = ShardDocument(
      comparison: comparison, shard: Shard(index: bucket, count: buckets)!,
      oldMembers: Array(repeating: true, count: oldRecords.count),
      newMembers: Array(repeating: true, count: newRecords.count), fingerprint: "",
      arguments: [])
    let oldPositions = oldRecords.map(\.position)
    let newPositions = newRecords.map(\.position)
    for index in part.matched.indices {
      part.matched[index].old = oldPositions[part.matched[index].old]
      part.matched[index].new = newPositions[part.matched[index].new]
    }
    for index in part.inserts.indices {
      part.inserts[index].position = newPositions[part.inserts[index].position]
    }
    for index in part.deletes.indices {
      part.deletes[index].position = oldPositions[part.deletes[index].position]
    }
    for index in part.updates.indices {
      part.updates[index].position = oldPositions[part.updates[index].position]
    }
    return part
  }
}

/// The bytes read of both inputs, added up from both spilling threads.
private final class ReadCounter: Sendable {
  private let state = Mutex((old: 0, new: 0))

  func add(old bytes: Int) -> Int {
    state.withLock {
      $0.old = bytes
      return $0.old + $0.new
    }
  }

  func add(new bytes: Int) -> Int {
    state.withLock {
      $0.new = bytes
      return $0.old + $0.new
    }
  }
}
