import Glibc

extension Parallel {
  /// Runs every task at once, each on a thread of its own (the calling
  /// thread takes the first), and returns their results in order.
  ///
  /// For a few inputs of about the same size read on no more cores than
  /// there are inputs (BASE, OURS and THEIRS on two cores): the system
  /// shares the cores among the threads, so they finish about together,
  /// where two threads would leave one core idle for the last input and
  /// chunks would add the cost of their joins.
  ///
  /// - Parameter tasks: the pieces of work; each may run on any thread.
  /// - Returns: the results, in the order of `tasks`.
  /// - Throws: the error of the first task, in order, that failed (every
  ///   task has run to its end by then).
  package static func each<Value>(_ tasks: [() throws -> Value]) throws -> [Value] {
    let runs = tasks.map { TaskRun<Value>($0) }
    var threads: [pthread_t] = []
    for run in runs.dropFirst() {
      if let thread = NewThread.start(run.run) {
        threads.append(thread)
      } else {
        run.run()
      }
    }
    runs.first?.run()
    for thread in threads { pthread_join(thread, nil) }
    return try runs.map { run in
      guard let result = run.result else { preconditionFailure("every task ran") }
      return try result.get()
    }
  }

  /// One task of ``each(_:)`` and its result, handed to the thread that
  /// runs it and read by the caller once that thread is joined.
  private final class TaskRun<Value>: @unchecked Sendable {
    let task: () throws -> Value
    var result: Swift.Result<Value, any Error>?

    init(_ task: @escaping () throws -> Value) {
      self.task = task
    }

    func run() {
      result = Swift.Result { try task() }
    }
  }

  /// A thread that runs one closure.
  private final class NewThread: @unchecked Sendable {
    let body: () -> Void

    private init(_ body: @escaping () -> Void) {
      self.body = body
    }

    /// Runs `body` on a new thread; `nil` when the system makes none.
    static func start(_ body: @escaping () -> Void) -> pthread_t? {
      var thread = pthread_t()
      let box = Unmanaged.passRetained(NewThread(body)).toOpaque()
      let made = pthread_create(
        &thread, nil,
        { pointer in
          Unmanaged<NewThread>.fromOpaque(pointer!).takeRetainedValue().body()
          return nil
        }, box)
      guard made == 0 else {
        Unmanaged<NewThread>.fromOpaque(box).release()
        return nil
      }
      return thread
    }
  }
}
