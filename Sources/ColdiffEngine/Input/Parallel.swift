import ColdiffFormats
import Dispatch
import Glibc
import Synchronization

/// Runs two independent pieces of work on both cores at once (reading
/// and indexing OLD and NEW, DESIGN §2.8).
package enum Parallel {
  /// Runs `first` and `second` concurrently and returns both results.
  ///
  /// The calling thread runs `first` while `second` is offered to a
  /// helper thread; when no helper has taken it by the time `first` is
  /// done (both cores busy), the calling thread runs it too. So a call
  /// inside another one's work still runs on both cores when one is
  /// free (`DispatchQueue.concurrentPerform`, which this used, runs a
  /// nested call's iterations one after the other on a 2-core machine:
  /// NEW's keys were hashed on one core while the other waited). A
  /// helper that starts on the caller's core moves to another
  /// (`CoreSpread`).
  ///
  /// - Throws: the error of `first` if it failed, else that of `second`
  ///   (nothing when neither can throw).
  package static func both<A, B, Failure: Error>(
    _ first: () throws(Failure) -> A, _ second: () throws(Failure) -> B
  ) throws(Failure) -> (A, B) {
    var secondResult: Result<B, Failure>?
    let firstResult = withoutActuallyEscaping(second) { second in
      let offer = Offer { secondResult = Result { () throws(Failure) in try second() } }
      CoreSpread.onHelper { offer.runUnlessTaken() }
      let firstResult = Result { () throws(Failure) in try first() }
      offer.runOrWait()
      return firstResult
    }
    guard let secondResult else { preconditionFailure("both parts ran") }
    return (try firstResult.get(), try secondResult.get())
  }

  /// Runs `body` once for each part number `0..<count`, on every core at
  /// once, and returns when all are done: work split into parts that
  /// write apart (`KeyTable.matchUnique(old:new:table:known:inParallel:)`);
  /// a helper thread on the caller's core moves to another first.
  package static func parts(_ count: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      let part = Part(body: body)
      let (caller, core) = (pthread_self(), CoreSpread.current())
      DispatchQueue.concurrentPerform(iterations: count) {
        if pthread_equal(pthread_self(), caller) == 0 { CoreSpread.leave(core) }
        part.body($0)
      }
    }
  }

  /// The body of ``parts(_:_:)``, handed to the threads that run it.
  private struct Part: @unchecked Sendable {
    let body: (Int) -> Void
  }

  /// The second part of ``both(_:_:)``, run once, by whichever thread
  /// takes it first: the helper, or the caller once its own part is done.
  private final class Offer: @unchecked Sendable {
    /// Whether a thread has taken the work.
    private let taken = Atomic<Bool>(false)
    /// Signalled by the helper once it has run the work.
    private let done = DispatchSemaphore(value: 0)
    /// The work; let go once it has run, before the caller returns (the
    /// closure it calls does not escape the call).
    private var work: (() -> Void)?

    init(_ work: @escaping () -> Void) { self.work = work }

    /// On the helper: runs the work unless the caller took it.
    func runUnlessTaken() {
      guard take() else { return }
      run()
      done.signal()
    }

    /// On the caller: runs the work unless the helper took it, then
    /// waits for the helper to finish it.
    func runOrWait() {
      if take() { run() } else { done.wait() }
    }

    private func take() -> Bool { !taken.exchange(true, ordering: .acquiringAndReleasing) }

    /// Runs the work and lets it go.
    private func run() {
      work?()
      work = nil
    }
  }
}
