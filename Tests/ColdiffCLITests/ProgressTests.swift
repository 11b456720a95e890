import Glibc
import Synchronization
import Testing

@testable import ColdiffCLI

@Suite struct ProgressTests {
  private final class Lines: Sendable {
    let text = Mutex("")
    func append(_ more: String) { text.withLock { $0 += more } }
  }

  @Test func showsTheStageAfterTheDelayAndErasesIt() {
    let lines = Lines()
    let progress = Progress(tool: "coldiff", delay: 0.05) { lines.append($0) }
    progress.stage("reading")
    for _ in 0..<100 where !lines.text.withLock({ $0.contains("reading") }) { usleep(20_000) }
    progress.finish()
    let text = lines.text.withLock { $0 }
    #expect(text.contains("coldiff: reading…"))
    #expect(text.hasSuffix("\r\u{1B}[K"))
  }

  @Test func aShortRunShowsNothing() {
    let lines = Lines()
    let progress = Progress(tool: "coldiff", delay: 5) { lines.append($0) }
    progress.stage("reading")
    progress.finish()
    usleep(100_000)
    #expect(lines.text.withLock { $0 }.isEmpty)
  }
}
