import Dispatch

/// Runs two independent pieces of work on both cores at once (reading
/// and indexing OLD and NEW, DESIGN §2.8).
package enum Parallel {
  /// Runs `first` and `second` concurrently and returns both results.
  ///
  /// - Throws: the error of `first` if it failed, else that of `second`.
  package static func both<A, B>(_ first: () throws -> A, _ second: () throws -> B) throws -> (A, B)
  {
    let results = Results<A, B>()
    withoutActuallyEscaping(first) { first in
      withoutActuallyEscaping(second) { second in
        let work = Work(first: first, second: second)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
          if part == 0 {
            results.first = Result { try work.first() }
          } else {
            results.second = Result { try work.second() }
          }
        }
      }
    }
    guard let a = results.first, let b = results.second else {
      preconditionFailure("both parts ran")
    }
    return (try a.get(), try b.get())
  }

  private final class Results<A, B>: @unchecked Sendable {
    var first: Result<A, any Error>?
    var second: Result<B, any Error>?
  }

  private struct Work<A, B>: @unchecked Sendable {
    let first: () throws -> A
    let second: () throws -> B
  }
}
