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
      if let (resolved, oldFiles, newFiles, counts, rawComparable) = spilled {
        var comparison = try compareBuckets(
          identity: resolved, oldFiles: oldFiles, newFiles: newFiles, counts: counts,
          rawComparable: rawComparable)
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
  ///   `nil` when the default `id` turned out to be missing somewhere;
  ///   and whether equal bytes mean equal records.
  private func spillBoth(identity: Identity?) throws -> (
    Identity, BucketFiles, BucketFiles, (old: Int, new: Int), Bool
  )? {
    let oldWindows = try windows(old)
    let newWindows = try windows(new)
    let oldFirst = try firstWindow(oldWindows, old, reference: nil)
    let newFirst = try firstWindow(newWindows, new, reference: oldFirst.1)
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
    let rawComparable = Comparison.rawBytesComparable(oldFirst.1, newFirst.1)
    let total = old.size + new.size
    let report = progress
    let read = ReadCounter()
    let rounds = SpillRounds(
      old: old, new: new, oldWindows: oldWindows, newWindows: newWindows, oldFiles: oldFiles,
      newFiles: newFiles, identity: resolved, rules: settings.rules, tentative: tentative,
      pairing: BucketRun.pairs(resolved, rawComparable, old, new),
      progress: (
        old: {
          report(.init(bytesRead: read.add(old: $0), bytes: total, bucketsDone: 0, buckets: 0))
        },
        new: {
          report(.init(bytesRead: read.add(new: $0), bytes: total, bucketsDone: 0, buckets: 0))
        }
      ))
    guard let (oldCount, newCount) = try rounds.run(oldFirst: oldFirst, newFirst: newFirst)
    else { return nil }
    return (resolved, oldFiles, newFiles, (oldCount, newCount), rawComparable)
  }

  /// Whether pairs of records with the same bytes are spilled without
  /// their texts (`SpillRounds.pairing`).
  private static func pairs(
    _ identity: Identity, _ rawComparable: Bool, _ old: BucketSide, _ new: BucketSide
  ) -> Bool {
    guard case .fields = identity, rawComparable else { return false }
    return old.form != .jsonObject && new.form != .jsonObject
  }

  private func windows(_ side: BucketSide) throws -> InputWindows {
    try InputWindows(
      path: side.path, name: side.name, kind: side.cutterKind, container: side.brackets,
      windowSize: plan.windowSize, largestWindow: plan.largestWindow)
  }

  /// The first window of a side read (NEW's with OLD's as its
  /// reference), and what it tells of the input noted.
  private func firstWindow(_ windows: InputWindows, _ side: BucketSide, reference: Snapshot?)
    throws -> (InputWindows.Window, Snapshot)
  {
    guard let next = try windows.next() else { preconditionFailure("an input has a window") }
    let (window, snapshot) = try side.snapshot(of: next, from: windows, reference: reference) {
      error, _ in error
    }
    side.noteFirstWindow(snapshot, document: window.document)
    if side.cutterKind == .table { windows.setTableHeader(side.headerLine) }
    return (window, snapshot)
  }

  /// Compares bucket by bucket and puts the findings together.
  private func compareBuckets(
    identity: Identity, oldFiles: BucketFiles, newFiles: BucketFiles,
    counts: (old: Int, new: Int), rawComparable: Bool
  ) throws -> Comparison {
    let ordered = !settings.unordered && identity != .memberName
    let whole = ShardDocument(
      shard: Shard(index: 0, count: 1)!, fingerprint: "", arguments: [], identity: identity,
      ordered: ordered,
      old: ShardDocument.Side(
        name: old.name, form: old.form, count: counts.old, header: old.header),
      new: ShardDocument.Side(
        name: new.name, form: new.form, count: counts.new, header: new.header),
      matched: [], inserts: [], deletes: [], updates: [])
    var assembly = ShardAssembly(whole)
    let context = BucketMatch.Context(
      identity: identity, rules: settings.rules, rawComparable: rawComparable, oldSide: old,
      newSide: new)
    let total = old.size + new.size
    let named = identity == .memberName
    // A bucket is matched on one core while, on the other, the one before
    // is put in place and OLD's side of the one after is read (its error,
    // if any, is thrown where the bucket is matched, so errors come in
    // the same order): the two cores then do about as much.
    let readOld = { (bucket: Int) in
      Result { () throws -> SpilledRecords? in
        bucket < buckets ? try oldFiles.records(of: bucket) : nil
      }
    }
    var previous: BucketMatch?
    var next = readOld(0)
    for bucket in 0...buckets {
      let (placing, oldRecords) = (previous, next)
      ((_, next), previous) = try Parallel.both(
        {
          if let placing {
            try place(placing, named: named, in: &assembly)
            progress(.init(bytesRead: total, bytes: total, bucketsDone: bucket, buckets: buckets))
          }
          return ((), readOld(bucket + 1))
        },
        {
          guard let old = try oldRecords.get() else { return nil }
          return try BucketMatch(
            old: old, new: try newFiles.records(of: bucket), context: context)
        })
    }
    return try (consume assembly).comparison()
  }

  /// How many matched records are checked at once before they are
  /// placed.
  private static let batch = 16

  /// Puts what one bucket found in its place in the whole inputs.
  private func place(_ match: BucketMatch, named: Bool, in assembly: inout ShardAssembly) throws {
    let (oldRecords, newRecords) = (match.old, match.new)
    let file = old.name
    try oldRecords.bytes.withUnsafeBufferPointer { oldBytes in
      try newRecords.bytes.withUnsafeBufferPointer { newBytes in
        let newToOld = match.newToOld
        // In batches, each checked whole first (`checkMatches`).
        for batchStart in stride(from: 0, to: newToOld.count, by: BucketRun.batch) {
          let batch = batchStart..<min(batchStart + BucketRun.batch, newToOld.count)
          try assembly.checkMatches(
            batch.lazy.filter { newToOld[$0] >= 0 }.map {
              (oldRecords.frames[Int(newToOld[$0])].position, newRecords.frames[$0].position)
            }, name: file)
          for newIndex in batch {
            let (newFrame, partner) = (newRecords.frames[newIndex], newToOld[newIndex])
            if partner >= 0 {
              let oldFrame = oldRecords.frames[Int(partner)]
              try assembly.addMatch(
                old: oldFrame.position, new: newFrame.position,
                oldKey: UnsafeBufferPointer(rebasing: oldBytes[oldFrame.identity]),
                newKey: UnsafeBufferPointer(rebasing: newBytes[newFrame.identity]), name: file)
            } else {
              try assembly.addInsert(
                newFrame.position, name: named ? Array(newBytes[newFrame.name])[...] : nil,
                text: UnsafeBufferPointer(rebasing: newBytes[newFrame.text]), file: file)
            }
          }
        }
        try placeOld(match, oldBytes, named: named, in: &assembly)
      }
    }
    for (oldIndex, fields) in match.changes {
      try assembly.addUpdate(oldRecords.frames[oldIndex].position, changes: fields, file: file)
    }
  }

  /// Puts OLD's side of a bucket in place: a frame of a pair matched with
  /// its partner in NEW (of the same identity as written: the same
  /// bytes), a record without a partner deleted.
  private func placeOld(
    _ match: BucketMatch, _ oldBytes: UnsafeBufferPointer<UInt8>, named: Bool,
    in assembly: inout ShardAssembly
  ) throws {
    let frames = match.old.frames
    let file = old.name
    for batchStart in stride(from: 0, to: frames.count, by: BucketRun.batch) {
      let batch = batchStart..<min(batchStart + BucketRun.batch, frames.count)
      try assembly.checkMatches(
        batch.lazy.compactMap { index in
          frames[index].partner.map { (old: frames[index].position, new: $0) }
        }, name: file)
      for oldIndex in batch {
        let frame = frames[oldIndex]
        if let partner = frame.partner {
          let identity = UnsafeBufferPointer(rebasing: oldBytes[frame.identity])
          try assembly.addMatch(
            old: frame.position, new: partner, oldKey: identity, newKey: identity, name: file)
        } else if !match.oldMatched[oldIndex] {
          try assembly.addDelete(
            frame.position, name: named ? Array(oldBytes[frame.name])[...] : nil,
            text: UnsafeBufferPointer(rebasing: oldBytes[frame.text]), file: file)
        }
      }
    }
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
