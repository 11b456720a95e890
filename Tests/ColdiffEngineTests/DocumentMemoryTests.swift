import ColdiffFormats
import Testing

@testable import ColdiffEngine

/// The memory a bucketed run's windows and buckets are written into is
/// used again: a document's block comes back when its last copy goes,
/// the next document that fits takes it, and only a few blocks are kept.
@Suite struct DocumentMemoryTests {
  @Test func aBlockComesBackWhenItsDocumentGoesAndIsTakenAgain() {
    let pool = DocumentMemory(kept: 1)
    var first = FixedByteWriter(capacity: 1000, pool: pool)
    first.append(Array("[1,2]".utf8))
    var document: SourceBytes? = first.bytes()
    let address = document!.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    #expect(Array(document!) == Array("[1,2]".utf8))
    // While the document lives, a new block is taken.
    let other = pool.take(capacity: 10)
    #expect(Int(bitPattern: other.baseAddress) != address)
    document = nil
    // Its block fits a smaller document and is taken again.
    let again = pool.take(capacity: 900)
    #expect(Int(bitPattern: again.baseAddress) == address)
    #expect(again.count >= 1000)
    pool.give(address: Int(bitPattern: again.baseAddress), capacity: again.count)
    pool.give(address: Int(bitPattern: other.baseAddress), capacity: other.count)
    // One block is kept: the larger document needs a new one.
    let larger = pool.take(capacity: 5000)
    #expect(Int(bitPattern: larger.baseAddress) != address)
    larger.deallocate()
  }
}
