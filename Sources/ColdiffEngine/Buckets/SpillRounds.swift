import ColdiffCore
import ColdiffFormats

/// OLD and NEW spilled into their buckets in step, a window of each a
/// round, on both cores: while one core reads OLD's next window (its scan
/// validates every record), the other reads NEW's window of the same
/// number with OLD's current one as its reference, so that NEW's records
/// with the same bytes as one of OLD's are taken whole, as a run in
/// memory takes them, and writes it. OLD's window is written the round
/// after, once NEW's read has found its pairs, by each core in turn (the
/// one reading OLD before it reads OLD's next window, the one reading
/// NEW after it wrote NEW's): the two cores then do about as much work
/// each. When `pairing`, a pair found so is written once, in OLD's file
/// and without its text, naming NEW's record (`BucketFiles`), which
/// NEW's file leaves out: its records have the same key, so they are
/// matched with each other (or their bucket has a duplicate key), and are
/// equal.
///
/// Each input's steps run in its own order (a window read, then written)
/// and stop at the first that fails, and OLD's error goes before NEW's:
/// a run reports the same error as when each input is spilled apart.
struct SpillRounds {
  let old: BucketSide
  let new: BucketSide
  let oldWindows: InputWindows
  let newWindows: InputWindows
  let oldFiles: BucketFiles
  let newFiles: BucketFiles
  let identity: Identity
  let rules: ComparisonRules
  /// `identity` is the default `id`, which holds only if every record
  /// has one.
  let tentative: Bool
  /// Whether pairs with the same bytes are written without their texts:
  /// a key made of fields (so one key for the same bytes), equal bytes
  /// meaning equal records, and texts that lie at their frames' offsets
  /// (not an object map's).
  let pairing: Bool
  /// Told the bytes read of OLD and of NEW.
  let progress: (old: (Int) -> Void, new: (Int) -> Void)

  /// Spills both inputs, starting from their first windows, scanned.
  ///
  /// - Returns: the number of records of OLD and NEW, or `nil` when
  ///   `tentative` and a record has no `id` (and neither input has an
  ///   error): the run starts again with whole values as identity.
  /// - Throws: the error OLD's steps meet first, else NEW's.
  func run(
    oldFirst: (InputWindows.Window, Snapshot), newFirst: (InputWindows.Window, Snapshot)
  ) throws -> (old: Int, new: Int)? {
    var oldState = SideState()
    var newState = SideState()
    var oldReady = oldState.take(step: read(old, oldWindows, oldState, nil, oldFirst), at: 0)
    // OLD's window read last round, with its pairs, to be written.
    var oldPending: (window: ReadWindow, pairs: WindowPairs?, step: Int)?
    var newFirst = Optional(newFirst)
    var round = 0
    while true {
      let readsOld = oldState.isOpen
      let readsNew = newState.isOpen
      guard readsOld || readsNew || oldReady != nil || oldPending != nil else { break }
      let (oldStates, newStates) = (oldState, newState)
      let (scanned, ready, pending) = (newFirst, oldReady, oldPending)
      // OLD's pending window is written by each core in turn.
      let oldCoreWrites = round % 2 == 0
      let (oldRound, newRound) = Parallel.both(
        {
          var steps = SideRound()
          if oldCoreWrites { steps.oldFailure = writeOld(pending, state: oldStates) }
          if readsOld { steps.read = read(old, oldWindows, oldStates, nil, nil) }
          return steps
        },
        {
          var steps = newSteps(old: ready, read: readsNew, state: newStates, first: scanned)
          if !oldCoreWrites { steps.oldFailure = writeOld(pending, state: oldStates) }
          return steps
        })
      newFirst = nil
      if let pending, let error = oldRound.oldFailure ?? newRound.oldFailure {
        oldState.stop(at: pending.step, error)
      }
      oldPending = ready.map { ($0, newRound.oldPartners, 2 * round + 1) }
      oldReady = oldRound.read.flatMap { oldState.take(step: $0, at: 2 * round + 2) }
      if readsOld { progress.old(oldWindows.bytesRead) }
      if let newRead = newRound.read {
        _ = newState.take(step: newRead, at: 2 * round)
        if let error = newRound.failure { newState.stop(at: 2 * round + 1, error) }
        progress.new(newWindows.bytesRead)
      }
      // OLD's error is final once its steps before it have run (its last
      // window read may be written only next round).
      if case (let step, let error?)? = oldState.stopped, oldPending.map({ $0.step > step }) ?? true
      {
        throw error
      }
      round += 1
    }
    let (oldFlush, newFlush) = Parallel.both(
      { oldState.isStopped ? nil : SpillRounds.failure { try oldFiles.flushAll() } },
      { newState.isStopped ? nil : SpillRounds.failure { try newFiles.flushAll() } })
    if let oldFlush { oldState.stop(at: .max, oldFlush) }
    if let newFlush { newState.stop(at: .max, newFlush) }
    if case (_, let error?)? = oldState.stopped { throw error }
    if case (_, let error?)? = newState.stopped { throw error }
    guard !oldState.isStopped && !newState.isStopped else { return nil }
    return (oldState.records, newState.records)
  }

  /// What one round of a core did: the window it read, if it read one,
  /// the error of NEW's window it wrote, and of OLD's.
  private struct SideRound {
    var read: ReadStep?
    var failure: Error?
    var oldFailure: Error?
    /// For the core that reads NEW: the pairs of OLD's window it was
    /// given, for its write the round after.
    var oldPartners: WindowPairs?
  }

  /// Writes OLD's `pending` window, unless a step of OLD before it
  /// failed.
  ///
  /// - Returns: the error of the write.
  private func writeOld(
    _ pending: (window: ReadWindow, pairs: WindowPairs?, step: Int)?, state: SideState
  ) -> Error? {
    guard let pending, !state.hasStopped(before: pending.step) else { return nil }
    return SpillRounds.failure {
      try old.write(pending.window, pairs: pending.pairs, identity: identity, files: oldFiles)
    }
  }

  /// Reads NEW's window (if `read`) with OLD's ready one as its reference
  /// and writes it, leaving out its records with a partner of the same
  /// bytes in OLD's window when `pairing`.
  private func newSteps(
    old ready: ReadWindow?, read: Bool, state: SideState,
    first: (InputWindows.Window, Snapshot)?
  ) -> SideRound {
    var round = SideRound()
    guard read else { return round }
    let step = self.read(new, newWindows, state, ready?.snapshot, first)
    round.read = step
    guard case .window(let newWindow) = step else { return round }
    let pairs = pairing ? self.pairs(old: ready, new: newWindow) : nil
    round.oldPartners = pairs?.old
    round.failure = SpillRounds.failure {
      try new.write(newWindow, pairs: pairs?.new, identity: identity, files: newFiles)
    }
    return round
  }

  /// The pairs NEW's scan found between OLD's window and NEW's: records
  /// with the same bytes, each of OLD's paired with the first of NEW's
  /// taken from it (another is then a duplicate key, written whole so
  /// that its bucket finds it).
  private func pairs(old: ReadWindow?, new: ReadWindow?) -> (old: WindowPairs, new: WindowPairs)? {
    guard let old, let new, let known = new.snapshot.knownPartners(in: old.snapshot) else {
      return nil
    }
    var positions = [Int](repeating: -1, count: old.snapshot.count)
    var offsets = [Int](repeating: 0, count: old.snapshot.count)
    var paired = [Bool](repeating: false, count: new.snapshot.count)
    let offset = self.new.inputOffsets(of: new, identity: identity)
    var found = false
    for record in 0..<new.snapshot.count {
      guard let partner = known.partner(of: record), positions[partner] < 0 else { continue }
      positions[partner] = new.before + record
      offsets[partner] = offset(record)
      paired[record] = true
      found = true
    }
    return found ? (.old(positions: positions, offsets: offsets), .new(paired: paired)) : nil
  }

  /// The next window of a side read: scanned (unless `scanned` already),
  /// checked and keyed.
  private func read(
    _ side: BucketSide, _ windows: InputWindows, _ state: SideState, _ reference: Snapshot?,
    _ scanned: (InputWindows.Window, Snapshot)?
  ) -> ReadStep {
    do {
      guard
        let scanned = try scanned
          ?? side.scanNext(from: windows, before: state.records, reference: reference)
      else { return .ended }
      guard
        let window = try side.readWindow(
          scanned, before: state.records, identity: identity, rules: rules,
          tentative: tentative)
      else { return .stopped(nil) }
      return .window(window)
    } catch {
      return .stopped(error)
    }
  }

  /// The error `body` throws, if any.
  private static func failure(_ body: () throws -> Void) -> Error? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }
}

/// What reading a side's next window came to.
private enum ReadStep {
  /// The window, read.
  case window(ReadWindow)
  /// There is none: the input is read.
  case ended
  /// An error, or `nil` for a record without `id` under the default key.
  case stopped(Error?)
}

/// How far one input's spilling is: its steps are numbered, window `k`'s
/// read `2k` and its write `2k + 1`, and the first that fails stops it.
private struct SideState {
  /// The number of records read.
  private(set) var records = 0
  /// Whether its last window is read.
  private(set) var ended = false
  /// The step that stopped it and its error (`nil`: a record without
  /// `id` under the default key).
  private(set) var stopped: (step: Int, error: Error?)?

  /// Whether its next window is to be read.
  var isOpen: Bool { stopped == nil && !ended }
  var isStopped: Bool { stopped != nil }

  /// Whether a step before `step` failed.
  func hasStopped(before step: Int) -> Bool {
    stopped.map { $0.step < step } ?? false
  }

  /// Notes that step `step` failed; the earliest failure stands.
  mutating func stop(at step: Int, _ error: Error?) {
    if let stopped, stopped.step < step { return }
    stopped = (step, error)
  }

  /// Notes what read step `step` came to.
  ///
  /// - Returns: the window read, when no step before it failed.
  mutating func take(step: ReadStep, at number: Int) -> ReadWindow? {
    switch step {
    case .window(let window):
      guard stopped == nil else { return nil }
      records += window.snapshot.count
      return window
    case .ended:
      ended = true
      return nil
    case .stopped(let error):
      stop(at: number, error)
      return nil
    }
  }
}
