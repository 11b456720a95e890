import Synchronization
import TestSupport
import Testing

@testable import ColdiffFormats

/// `ChunkedScan.runTakingInOrder` (each part taken as soon as it and
/// those before it are scanned, on whichever thread) takes the parts
/// `ChunkedScan.run` (every part taken at the end, in order) takes, in
/// the same order, never two at once, with the same end and the same
/// first error: on seeded random inputs of records, with wrong guesses
/// (rescanned), spurious errors of chunks that started at a wrong guess,
/// true errors, and records that end early (a closing bracket).
@Suite struct InOrderJoinTests {
  /// A made-up input of `size` positions: a record starts at each of
  /// `starts`; scanning over one in `bad` fails there; the records end
  /// with the one at `closing`.
  private struct Input {
    var size: Int
    var starts: Set<Int>
    var bad: Set<Int>
    var closing: Int?
  }

  /// The parts taken, and whether two were ever taken at once.
  private final class Taker: @unchecked Sendable {
    let taken = Mutex<[[Int]]>([])
    let busy = Atomic<Bool>(false)
    let overlapped = Atomic<Bool>(false)
  }

  private struct Outcome: Equatable {
    var taken: [[Int]] = []
    var end: Int?
    var error: InputError?
  }

  private static func input(using random: inout SeededGenerator) -> Input {
    let size = Int.random(in: 1...400, using: &random)
    var starts: Set<Int> = [0]
    for position in 1..<size where Int.random(in: 0..<4, using: &random) == 0 {
      starts.insert(position)
    }
    let bad = Set(starts.filter { _ in Int.random(in: 0..<60, using: &random) == 0 })
    let closing =
      Bool.random(using: &random) ? starts.randomElement(using: &random) : nil
    return Input(size: size, starts: starts, bad: bad, closing: closing)
  }

  /// The records from `start` (a record start, or a wrong guess) that
  /// start before `limit`, and where the next starts.
  private static func scan(_ input: Input, _ start: Int, _ limit: Int) -> (
    Result<[Int], InputError>, end: Int
  ) {
    guard input.starts.contains(start) || start >= input.size else {
      // A wrong guess: garbage, or an error that is not the input's.
      return start % 2 == 0
        ? (.success([-start]), min(start + 1, input.size))
        : (.failure(InputError("spurious", line: start, column: 1)), start)
    }
    var records: [Int] = []
    var position = start
    while position < limit, position < input.size {
      if input.bad.contains(position) {
        return (.failure(InputError("bad", line: position, column: 1)), start)
      }
      records.append(position)
      if position == input.closing { return (.success(records), position + 1) }
      position += 1
      while position < input.size, !input.starts.contains(position) { position += 1 }
    }
    return (.success(records), position)
  }

  /// The first record start at or after `cut`, or `cut` itself (a wrong
  /// guess when it is no record start) for every third cut.
  private static func guess(_ input: Input, _ cut: Int) -> Int {
    if cut % 3 == 0 { return cut }
    var position = cut
    while position < input.size, !input.starts.contains(position) { position += 1 }
    return position
  }

  private static func outcome(_ input: Input, chunkSize: Int, inOrder: Bool) -> Outcome {
    let bounds = Array(stride(from: 0, to: input.size, by: chunkSize)) + [input.size]
    let taker = Taker()
    let take: (([Int]) throws(InputError) -> Bool) = { part in
      if taker.busy.exchange(true, ordering: .acquiring) {
        taker.overlapped.store(true, ordering: .relaxed)
      }
      taker.taken.withLock { $0.append(part) }
      taker.busy.store(false, ordering: .releasing)
      return part.last == input.closing && input.closing != nil
    }
    var outcome = Outcome()
    do throws(InputError) {
      outcome.end =
        inOrder
        ? try ChunkedScan.runTakingInOrder(
          bounds: bounds, releasing: nil, guess: { guess(input, $0) },
          scan: { scan(input, $0, $1) }, take: take)
        : try ChunkedScan.run(
          bounds: bounds, releasing: nil, guess: { guess(input, $0) },
          scan: { scan(input, $0, $1) }, take: take)
    } catch {
      outcome.error = error
    }
    let overlapped = taker.overlapped.load(ordering: .relaxed)
    #expect(!overlapped, "two parts taken at once")
    outcome.taken = taker.taken.withLock { $0 }
    return outcome
  }

  @Test func partsTakenInOrderAreThoseTakenAtTheEnd() {
    var random = SeededGenerator(seed: 2027)
    for _ in 0..<300 {
      let input = Self.input(using: &random)
      for chunkSize in [1, 2, 7, 40, 1000] {
        let atTheEnd = Self.outcome(input, chunkSize: chunkSize, inOrder: false)
        let inOrder = Self.outcome(input, chunkSize: chunkSize, inOrder: true)
        #expect(inOrder == atTheEnd, "\(chunkSize)-position chunks of \(input)")
      }
    }
  }
}
