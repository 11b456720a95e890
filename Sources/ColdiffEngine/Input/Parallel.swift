import Dispatch

/// Runs two independent pieces of work on both cores at once (reading
/// and indexing OLD and NEW, DESIGN §2.8).
package enum Parallel {
  /// Runs `first` and `second` concurrently and returns both results.
  ///
  /// - Throws: the error of `first` if it failed, else that of `second`
  ///   (nothing when neither can throw).
  package static func both<A, B, Failure: Error>(
    _ first: () throws(Failure) -> A, _ second: () throws(Failure) -> B
  ) throws(Failure) -> (A, B) {
    let results = Results<A, B, Failure>()
    withoutActuallyEscaping(first) { first in
      withoutActuallyEscaping(second) { second in
        let work = Work(first: first, second: second)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
          if part == 0 {
            results.first = Result { () throws(Failure) in try work.first() }
          } else {
            results.second = Result { () throws(Failure) in try work.second() }
          }
        }
      }
    }
    guard let a = results.first, let b = results.second else {
      preconditionFailure("both parts ran")
    }
    return (try a.get(), try b.get())
  }

  /// Runs `body` once for each part number `0..<count`, on every core at
  /// once, and returns when all are done: work split into parts that
  /// write apart (`KeyTable.matchUnique(old:new:table:inParallel:)`).
  package static func parts(_ count: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      let part = Part(body: body)
      DispatchQueue.concurrentPerform(iterations: count) { part.body($0) }
    }
  }

  /// The body of ``parts(_:_:)``, handed to the threads that run it.
  private struct Part: @unchecked Sendable {
    let body: (Int) -> Void
  }

  private final class Results<A, B, Failure: Error>: @unchecked Sendable {
    var first: Result<A, Failure>?
    var second: Result<B, Failure>?
  }

  private struct Work<A, B, Failure: Error>: @unchecked Sendable {
    let first: () throws(Failure) -> A
    let second: () throws(Failure) -> B
  }
}
