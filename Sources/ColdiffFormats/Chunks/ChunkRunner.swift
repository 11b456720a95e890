import Dispatch
import Glibc
import Synchronization

/// Runs the chunks of one input's scan on every core, with the calling
/// thread taking part.
///
/// Each call starts one helper per other core; the calling thread and the
/// helpers take chunks from one counter until none is left, so a core
/// that is done with the other input (OLD or NEW, read at the same time)
/// helps with whichever chunks remain. Helpers that start after every
/// chunk was taken leave at once; the call waits only for chunks, never
/// for a helper that did not start. A helper that starts on the calling
/// thread's core moves to another (`CoreSpread`).
enum ChunkRunner {
  /// The number of cores online.
  static let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

  /// The results of `task(0) … task(count - 1)`, run concurrently.
  ///
  /// - Parameters:
  ///   - count: the number of tasks.
  ///   - task: one task; called once for each index, from any thread.
  /// - Returns: the results in index order.
  static func map<Result>(_ count: Int, _ task: @escaping (Int) -> Result) -> [Result] {
    let tasks = Tasks(count: count, task: task)
    for _ in 0..<min(count - 1, cores - 1) {
      CoreSpread.onHelper { tasks.work(signalling: true) }
    }
    tasks.work(signalling: false)
    if tasks.finished.load(ordering: .acquiring) < count { tasks.allFinished.wait() }
    return tasks.collect()
  }

  /// The shared state of one `map`.
  private final class Tasks<Result>: @unchecked Sendable {
    let count: Int
    let task: (Int) -> Result
    /// The next index to take.
    let next = Atomic<Int>(0)
    /// How many tasks are done.
    let finished = Atomic<Int>(0)
    /// Signalled by the helper that finishes the last task.
    let allFinished = DispatchSemaphore(value: 0)
    /// One slot per task, each written by the thread that ran it.
    let results: UnsafeMutablePointer<Result?>

    init(count: Int, task: @escaping (Int) -> Result) {
      self.count = count
      self.task = task
      results = .allocate(capacity: count)
      results.initialize(repeating: nil, count: count)
    }

    deinit {
      results.deinitialize(count: count)
      results.deallocate()
    }

    /// Takes and runs tasks until none is left.
    func work(signalling: Bool) {
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { return }
        results[index] = task(index)
        let done = finished.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
        if signalling && done == count { allFinished.signal() }
      }
    }

    /// The results, once every task is done.
    func collect() -> [Result] {
      (0..<count).map { index in
        guard let result = results[index].take() else { preconditionFailure("a task did not run") }
        return result
      }
    }
  }
}
