import ColdiffCore
import TestSupport
import Testing

@Suite struct RecordSequenceTests {
  /// Random inserts, removes and look-ups agree with an array, across
  /// chunk boundaries; the narrow insert range makes chunks split.
  @Test(arguments: [0, 1, 2047, 2048, 6000])
  func agreesWithAnArrayUnderRandomEdits(initialCount: Int) {
    var generator = SeededGenerator(seed: UInt64(initialCount) + 5)
    var reference = (0..<Int32(initialCount)).map { $0 }
    var sequence = RecordSequence(identityOf: initialCount)
    var nextHandle = Int32(initialCount)
    for _ in 0..<6000 {
      switch Int.random(in: 0..<6, using: &generator) {
      case 5 where !reference.isEmpty:
        let from = Int.random(in: 0..<reference.count, using: &generator)
        let to = Int.random(in: 0..<reference.count, using: &generator)
        reference.insert(reference.remove(at: from), at: to)
        sequence.move(from: from, to: to)
      case 0, 1, 2:
        let position = min(
          Int.random(in: 0...40, using: &generator) + reference.count / 3, reference.count)
        reference.insert(nextHandle, at: position)
        sequence.insert(nextHandle, at: position)
        nextHandle += 1
      case 3 where !reference.isEmpty:
        let position = Int.random(in: 0..<reference.count, using: &generator)
        #expect(sequence.remove(at: position) == reference.remove(at: position))
      default:
        guard !reference.isEmpty else { continue }
        let position = Int.random(in: 0..<reference.count, using: &generator)
        #expect(sequence[position] == reference[position])
        sequence[position] = -nextHandle
        reference[position] = -nextHandle
        nextHandle += 1
      }
    }
    #expect(sequence.count == reference.count)
    #expect(sequence.inOrder() == reference)
  }

  @Test func appendsAtTheEndOfTheLastChunk() {
    var sequence = RecordSequence([])
    for handle in Int32(0)..<5000 { sequence.insert(handle, at: sequence.count) }
    #expect(sequence.inOrder() == Array(0..<5000))
    #expect(sequence[4999] == 4999)
  }
}
