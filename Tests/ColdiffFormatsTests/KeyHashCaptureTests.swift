import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

/// The key hashes a scan makes with its canonical keys are those matching
/// would make from the keys (`KeyHash.hash`), one per record, whether the
/// input is scanned whole or in chunks whose indexes are joined, and
/// whether records are validated or taken whole from another input.
@Suite struct KeyHashCaptureTests {
  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func scansHashTheirCanonicalKeys(form: InputForm) throws {
    var random = SeededGenerator(seed: 2026 + RandomCollection.seed(form))
    let chunkings = [ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 40)]
    var keyed = 0
    for _ in 0..<40 {
      let old = RandomCollection.json(form, using: &random)
      // NEW: OLD itself (every record taken whole) or another collection
      // (most records validated).
      let other = RandomCollection.json(form, using: &random)
      for (new, chunking) in [old, other].flatMap({ new in chunkings.map { (new, $0) } }) {
        try old.withUnsafeBufferPointer { oldBuffer in
          try new.withUnsafeBufferPointer { newBuffer in
            let oldIndex = try JSONCollectionScanner.scan(
              oldBuffer, as: form, keyName: Array("id".utf8), chunking: chunking)
            let newIndex = try JSONCollectionScanner.scan(
              newBuffer, as: form, keyName: Array("id".utf8), chunking: chunking,
              known: JSONKnownRecords(bytes: oldBuffer, index: oldIndex))
            for index in [oldIndex, newIndex] {
              #expect(index.canonicalKeyHashes.count == index.count)
              for record in 0..<min(index.count, index.canonicalKeyHashes.count) {
                let keyBytes = Array(
                  index.canonicalKeys[
                    index.canonicalKeyStarts[record]..<index.canonicalKeyStarts[record + 1]])
                #expect(
                  index.canonicalKeyHashes[record]
                    == keyBytes.withUnsafeBufferPointer { KeyHash.hash($0) })
                if !keyBytes.isEmpty { keyed += 1 }
              }
            }
          }
        }
      }
    }
    #expect(keyed > 500)
  }
}
