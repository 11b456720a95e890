import Testing

@testable import ColdiffCLI

/// What a run leaves to the process's exit: kept alive when the process
/// exits right after the run, freed as usual otherwise (the fuzzers run
/// many commands in one process).
@Suite struct ToolIOExitTests {
  private final class Record {}

  private func io(exitsAfterRun: Bool) -> ToolIO {
    ToolIO(
      standardInput: 0, standardOutput: MemorySink(), standardError: MemorySink(),
      environment: [:], outputIsTerminal: false, errorIsTerminal: false,
      exitsAfterRun: exitsAfterRun)
  }

  /// Whether a record handed to `leaveForExit` outlives its last owner.
  private func outlives(exitsAfterRun: Bool) -> Bool {
    weak var left: Record?
    do {
      let record = Record()
      left = record
      io(exitsAfterRun: exitsAfterRun).leaveForExit((record, 1))
    }
    return left != nil
  }

  @Test func aProcessThatExitsAfterTheRunKeepsWhatTheRunLeft() {
    #expect(outlives(exitsAfterRun: true))
  }

  @Test func anInProcessRunFreesWhatItLeft() {
    #expect(!outlives(exitsAfterRun: false))
  }
}
