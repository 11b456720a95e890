import ColdiffCore
import TestSupport
import Testing

@Suite struct ImplicitTreapTests {
  @Test(arguments: [0, 1, 2, 17, 300])
  func agreesWithAnArrayUnderRandomEdits(initialCount: Int) {
    var generator = SeededGenerator(seed: UInt64(initialCount) + 11)
    var reference = (0..<Int32(initialCount)).map { $0 }
    var sequence = ImplicitTreap(reference)
    var nextHandle = Int32(initialCount)
    for _ in 0..<600 {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0, 1:
        let position = Int.random(in: 0...reference.count, using: &generator)
        reference.insert(nextHandle, at: position)
        sequence.insert(nextHandle, at: position)
        nextHandle += 1
      case 2 where !reference.isEmpty:
        let position = Int.random(in: 0..<reference.count, using: &generator)
        #expect(sequence.remove(at: position) == reference.remove(at: position))
      default:
        guard !reference.isEmpty else { continue }
        let position = Int.random(in: 0..<reference.count, using: &generator)
        #expect(sequence[position] == reference[position])
        sequence[position] = -nextHandle
        reference[position] = -nextHandle
      }
      #expect(sequence.count == reference.count)
    }
    #expect(sequence.inOrder() == reference)
  }
}
