import Glibc
import Synchronization

/// Progress of a long run on standard error (`coldiff: reading…`), shown
/// only when standard error is a terminal and standard output is not a
/// pipe, and only once the run has taken longer than `delay`. The line is
/// erased when the run ends, so nothing of it stays in the terminal.
final class Progress: Sendable {
  private struct State {
    var stage: String?
    var shown: String?
    var finished = false
  }

  private let state = Mutex(State())
  private let output: @Sendable (String) -> Void
  private let tool: String

  /// Starts watching; call `finish()` when the run ends.
  ///
  /// - Parameters:
  ///   - tool: the tool's name, before each line.
  ///   - delay: how long a run goes before progress shows, in seconds.
  ///   - output: writes to standard error (unbuffered).
  init(tool: String, delay: Double = 1.0, output: @escaping @Sendable (String) -> Void) {
    self.output = output
    self.tool = tool
    let thread = ProgressThread(progress: self, delay: delay)
    thread.start()
  }

  /// Names the stage the run is in now (`reading`, `matching`, `writing`).
  func stage(_ name: String) {
    state.withLock { $0.stage = name }
  }

  /// Ends the progress and erases its line.
  func finish() {
    let erase = state.withLock { state -> Bool in
      defer { state.finished = true }
      return !state.finished && state.shown != nil
    }
    if erase { output("\r\u{1B}[K") }
  }

  /// Shows the current stage if it changed; `false` once finished.
  fileprivate func tick() -> Bool {
    let line = state.withLock { state -> String?? in
      guard !state.finished else { return .none }
      guard let stage = state.stage, stage != state.shown else { return .some(nil) }
      state.shown = stage
      return .some(stage)
    }
    switch line {
    case .none: return false
    case .some(nil): return true
    case .some(let stage?):
      output("\r\u{1B}[K\(tool): \(stage)…")
      return true
    }
  }

  /// Whether `finish()` has not been called yet.
  fileprivate var isRunning: Bool { state.withLock { !$0.finished } }
}

/// The background thread that wakes up to show progress.
private final class ProgressThread: Sendable {
  let progress: Progress
  let delay: Double

  init(progress: Progress, delay: Double) {
    self.progress = progress
    self.delay = delay
  }

  func start() {
    var thread = pthread_t()
    let box = Unmanaged.passRetained(self).toOpaque()
    let made = pthread_create(
      &thread, nil,
      { pointer in
        let watcher = Unmanaged<ProgressThread>.fromOpaque(pointer!).takeRetainedValue()
        watcher.loop()
        return nil
      }, box)
    if made == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<ProgressThread>.fromOpaque(box).release()
    }
  }

  private func loop() {
    var waited = 0.0
    while waited < delay {
      usleep(50_000)
      waited += 0.05
      if !progress.isRunning { return }
    }
    while progress.tick() {
      usleep(200_000)
    }
  }
}
