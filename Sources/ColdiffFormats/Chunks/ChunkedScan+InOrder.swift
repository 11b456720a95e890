import Synchronization

extension ChunkedScan {
  /// Scans the chunks of `bounds` on every core and hands their parts to
  /// `take` in order, as ``run(bounds:releasing:guess:scan:take:)`` does,
  /// but as soon as a part and every part before it are scanned: on the
  /// thread that scanned the last of them, one `take` at a time.
  ///
  /// So a part is joined while it is still in the cache and its memory
  /// goes back to the allocator for the next chunk's scan, instead of
  /// every part being held until all are scanned and then copied again
  /// into fresh memory (those copies and page faults were a tenth to a
  /// fifth of a chunked JSON scan's time). A chunk whose start was a
  /// wrong guess is scanned again from the true start by the thread that
  /// takes it; once `take` has ended the records, or a part has failed,
  /// the chunks not yet started are not scanned.
  ///
  /// - Parameters:
  ///   - bounds: `start`, the cuts, and the end (from `ScanChunking`).
  ///   - releasing: the input whose pages a chunk lets go once scanned.
  ///   - guess: the first record boundary at or after a cut.
  ///   - scan: scans the records that start at `start` and after, before
  ///     `limit`; runs on any thread.
  ///   - take: takes one part, in order, on any thread but never two at
  ///     once; returns `true` when the input's records end with it.
  /// - Returns: where the records taken end.
  /// - Throws: the first error in the input, or what `take` throws.
  static func runTakingInOrder<Part>(
    bounds: [Int], releasing: SourceBytes?, guess: @escaping (Int) -> Int,
    scan: @escaping (_ start: Int, _ limit: Int) -> (Result<Part, InputError>, end: Int),
    take: @escaping (Part) throws(InputError) -> Bool
  ) throws(InputError) -> Int {
    defer { releaseAll(releasing, bounds: bounds) }
    let join = InOrderJoin<Part>(bounds: bounds, scan: scan, take: take)
    _ = ChunkRunner.map(bounds.count - 1) { chunk in
      guard !join.isDone else { return }
      let start = chunk == 0 ? bounds[0] : guess(bounds[chunk])
      let (found, end) = scan(start, bounds[chunk + 1])
      releaseScanned(releasing, chunk: chunk, bounds: bounds, end: end)
      join.offer(ChunkPart(start: start, found: found, end: end), chunk: chunk)
    }
    return try join.result()
  }
}

/// The parts of one ``ChunkedScan/runTakingInOrder(bounds:releasing:guess:scan:take:)``
/// waiting for the parts before them, and the join's progress.
///
/// The thread that offers a part when no other is taking parts becomes
/// the taker: it takes parts in order, outside the lock, until the next
/// one is not scanned yet; a thread that offers a part meanwhile leaves
/// it and goes on scanning. So no thread waits while parts are taken
/// (a lock held through each `take` kept the other core spinning).
private final class InOrderJoin<Part>: @unchecked Sendable {
  /// Which chunks' parts are in `parts`, the next to take, and whether a
  /// thread is taking parts.
  private struct State {
    var ready: [Bool]
    var next = 0
    var taking = false
  }

  let bounds: [Int]
  let scan: (Int, Int) -> (Result<Part, InputError>, end: Int)
  let take: (Part) throws(InputError) -> Bool
  private let state: Mutex<State>
  /// Set once the records have ended or a part has failed.
  private let done = Atomic<Bool>(false)
  /// One slot per chunk: its part, written by the thread that scanned
  /// it before it is marked ready, read by the taker after.
  private let parts: UnsafeMutablePointer<ChunkPart<Part>?>
  /// Where the records taken so far end (the taker's).
  private var position: Int
  /// The first error, once a part has failed (the taker's).
  private var error: InputError?

  init(
    bounds: [Int], scan: @escaping (Int, Int) -> (Result<Part, InputError>, end: Int),
    take: @escaping (Part) throws(InputError) -> Bool
  ) {
    self.bounds = bounds
    self.scan = scan
    self.take = take
    let count = bounds.count - 1
    state = Mutex(State(ready: Array(repeating: false, count: count)))
    parts = .allocate(capacity: count)
    parts.initialize(repeating: nil, count: count)
    position = bounds[0]
  }

  deinit {
    parts.deinitialize(count: bounds.count - 1)
    parts.deallocate()
  }

  /// Whether no more parts are taken.
  var isDone: Bool { done.load(ordering: .relaxed) }

  /// Leaves chunk `chunk`'s part; takes the parts that are next in order
  /// unless another thread is taking them.
  func offer(_ part: ChunkPart<Part>, chunk: Int) {
    parts[chunk] = part
    let takes = state.withLock { state in
      state.ready[chunk] = true
      guard !state.taking else { return false }
      state.taking = true
      return true
    }
    guard takes else { return }
    while let next = nextReady() {
      guard let part = parts[next].take() else { preconditionFailure("a ready chunk has no part") }
      takeNext(part, chunk: next)
    }
  }

  /// The next chunk to take when its part is ready, or `nil` (then this
  /// thread stops taking parts).
  private func nextReady() -> Int? {
    state.withLock { state in
      guard !isDone, state.next < state.ready.count, state.ready[state.next] else {
        state.taking = false
        return nil
      }
      state.next += 1
      return state.next - 1
    }
  }

  /// Takes chunk `chunk`'s part (scanned again from `position` when its
  /// start was a wrong guess).
  private func takeNext(_ scanned: ChunkPart<Part>, chunk: Int) {
    var part = scanned
    if part.start != position {
      let (found, end) = scan(position, max(position, bounds[chunk + 1]))
      part = ChunkPart(start: position, found: found, end: end)
    }
    do throws(InputError) {
      if try take(part.found.get()) { done.store(true, ordering: .relaxed) }
      position = part.end
    } catch {
      self.error = error
      done.store(true, ordering: .relaxed)
    }
  }

  /// Where the records taken end, once every chunk is done.
  ///
  /// - Throws: the first error.
  func result() throws(InputError) -> Int {
    // (The lock orders this after the last taker's writes.)
    state.withLock { _ in }
    if let error { throw error }
    return position
  }
}
