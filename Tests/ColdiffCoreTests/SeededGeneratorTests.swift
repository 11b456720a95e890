import TestSupport
import Testing

@Suite struct SeededGeneratorTests {
  @Test func sameSeedSameSequence() {
    var a = SeededGenerator(seed: 7)
    var b = SeededGenerator(seed: 7)
    var c = SeededGenerator(seed: 8)
    let first = (0..<16).map { _ in a.next() }
    #expect(first == (0..<16).map { _ in b.next() })
    #expect(first != (0..<16).map { _ in c.next() })
  }
}
