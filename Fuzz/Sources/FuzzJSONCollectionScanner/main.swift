import ColdiffFormats
import FuzzSupport

/// Scans the input as a collection under every form hint, noting the key
/// `id`; every record range it reports must lie inside the input and read
/// as one JSON value, and the key range inside its record.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  let hints: [InputForm] = [.jsonObjectOrLines, .jsonLines, .jsonArray, .jsonObject]
  for hint in hints {
    guard let index = try? JSONCollectionScanner.scan(bytes, as: hint, keyName: Array("id".utf8))
    else { continue }
    bytes.withUnsafeBufferPointer { buffer in
      for record in 0..<index.count {
        let range = index.recordRange(record)
        guard range.lowerBound >= 0, range.upperBound <= buffer.count else {
          fatalError("record \(record) lies outside the input: \(range)")
        }
        guard (try? JSONReader.parseValue(in: buffer, range: range)) != nil else {
          fatalError("record \(record) at \(range) does not read as a JSON value")
        }
        if let key = index.keyRange(record), !range.contains(key.lowerBound) {
          fatalError("key of record \(record) at \(key) lies outside it")
        }
      }
    }
  }
  return 0
}

FuzzDriver.run(testOneInput)
