import ColdiffFormats
import Foundation
import Testing

/// A thread that finds itself on the core it is asked to leave moves to
/// another of its cores, and may still run on every core it could.
@Suite struct CoreSpreadTests {
  @Test func aThreadLeavesItsCoreAndKeepsTheCoresItMayRunOn() throws {
    let allowed = try Self.allowedCores()
    let core = CoreSpread.current()
    #expect(core >= 0, "sched_getcpu is found")
    CoreSpread.leave(core)
    if allowed.contains(",") || allowed.contains("-") {
      #expect(CoreSpread.current() != core, "moved off core \(core) of \(allowed)")
    } else {
      #expect(CoreSpread.current() == core, "the only core is \(allowed)")
    }
    #expect(try Self.allowedCores() == allowed)
  }

  @Test func noCoreIsLeftAlone() throws {
    let allowed = try Self.allowedCores()
    CoreSpread.leave(-1)
    #expect(try Self.allowedCores() == allowed)
  }

  /// The calling thread's allowed cores, as Linux lists them.
  private static func allowedCores() throws -> String {
    let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
    return String(try #require(line).dropFirst("Cpus_allowed_list:".count))
      .trimmingCharacters(in: .whitespaces)
  }
}
