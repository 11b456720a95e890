import Dispatch
import Synchronization
import Testing

@testable import ColdiffEngine

/// `Parallel.both`: two parts at once, the first's error before the
/// second's, and a call inside another's part still on two threads.
@Suite struct ParallelBothTests {
  /// What the parts of a call share.
  private final class Meeting: Sendable {
    let arrived = Atomic<Int>(0)
    let allArrived = DispatchSemaphore(value: 0)

    /// Whether the other part arrived too, waiting a minute at most:
    /// only parts that run at the same time both meet.
    func meet() -> Bool {
      if arrived.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == 2 {
        allArrived.signal()
        return true
      }
      return allArrived.wait(timeout: .now() + 60) == .success
    }
  }

  @Test func bothResultsComeBack() {
    let (number, text) = Parallel.both({ 6 * 7 }, { "forty-two" })
    #expect(number == 42)
    #expect(text == "forty-two")
  }

  @Test func theFirstPartsErrorComesFirst() {
    #expect(throws: ParallelFailure(index: 0)) {
      try Parallel.both(
        { () throws(ParallelFailure) -> Int in throw ParallelFailure(index: 0) },
        {
          () throws(ParallelFailure) -> Int in throw ParallelFailure(index: 1)
        })
    }
    #expect(throws: ParallelFailure(index: 1)) {
      try Parallel.both(
        { () throws(ParallelFailure) -> Int in 0 },
        {
          () throws(ParallelFailure) -> Int in throw ParallelFailure(index: 1)
        })
    }
  }

  /// The parts of a call made inside the second part of another (the
  /// first done at once, so a core is free) meet: they run at the same
  /// time, not one after the other.
  @Test func aNestedCallRunsItsPartsAtOnce() {
    let meeting = Meeting()
    let (_, (first, second)) = Parallel.both(
      { 0 }, { Parallel.both({ meeting.meet() }, { meeting.meet() }) })
    #expect(first && second)
  }
}
