import Foundation
import TestSupport
import Testing

/// A tool run killed while it has spill files under `--temp-dir`: the
/// signal must still end the process, and the spill folder must be left
/// empty (SPEC §8.3).
enum SpillKill {
  /// Starts `process`, waits (up to 10 s) until `spilling` says the run
  /// has written under `spill`, sends `signal`, and expects the process
  /// to die by it leaving `spill` empty.
  static func expectCleanDeath(
    of process: Process, by signal: Int32, spill: String, when spilling: () throws -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try process.run()
    var started = false
    for _ in 0..<2000 where !started && process.isRunning {
      started = try spilling()
      if !started { usleep(5000) }
    }
    #expect(started, "signal \(signal): the run spilled", sourceLocation: sourceLocation)
    kill(process.processIdentifier, signal)
    _ = ToolProcess.waitOrKill(process)
    #expect(
      process.terminationReason == .uncaughtSignal, "signal \(signal)",
      sourceLocation: sourceLocation)
    #expect(process.terminationStatus == signal, sourceLocation: sourceLocation)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: spill).isEmpty, "signal \(signal)",
      sourceLocation: sourceLocation)
  }
}
