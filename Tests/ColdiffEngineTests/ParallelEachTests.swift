import Dispatch
import Synchronization
import Testing

@testable import ColdiffEngine

/// The error of part or task `index` of a `Parallel` call.
struct ParallelFailure: Error, Equatable {
  let index: Int
}

/// `Parallel.each`: every task on a thread of its own, at once, with the
/// results and the first error in the tasks' order.
@Suite struct ParallelEachTests {
  /// A counter the tasks share.
  private final class Counter: Sendable {
    let value = Atomic<Int>(0)
  }

  @Test func resultsComeInTheTasksOrder() throws {
    let results = try Parallel.each((0..<5).map { index in { index * index } })
    #expect(results == [0, 1, 4, 9, 16])
    #expect(try Parallel.each([() throws -> Int]()).isEmpty)
  }

  /// Three tasks that each wait for the other two to have started can
  /// only all finish when they run at the same time.
  @Test func theTasksRunAtOnce() throws {
    let started = Counter()
    let allStarted = DispatchSemaphore(value: 0)
    let met = try Parallel.each(
      (0..<3).map { _ in
        {
          if started.value.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == 3 {
            for _ in 0..<2 { allStarted.signal() }
            return true
          }
          return allStarted.wait(timeout: .now() + 60) == .success
        }
      })
    #expect(met == [true, true, true])
  }

  /// The first failing task in order decides the error, whichever failed
  /// first in time, and every task has run.
  @Test func theFirstFailingTaskInOrderGivesTheError() {
    let ran = Counter()
    #expect(throws: ParallelFailure(index: 1)) {
      try Parallel.each(
        (0..<4).map { index in
          {
            ran.value.wrappingAdd(1, ordering: .relaxed)
            if index == 1 || index == 3 { throw ParallelFailure(index: index) }
            return index
          }
        })
    }
    #expect(ran.value.load(ordering: .relaxed) == 4)
  }
}
