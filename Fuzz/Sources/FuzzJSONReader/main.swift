import ColdiffFormats
import FuzzSupport

/// Parses the input as one JSON document and as JSON Lines; a reader may
/// throw `InputError` but never trap, and what it reads must write and
/// read back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  if let value = try? JSONReader.parse(bytes) {
    let written = JSONWriter.document(value, style: .compact)
    guard let again = try? JSONReader.parse(written), again == value else {
      fatalError("a JSON value did not read back after writing")
    }
  }
  _ = try? JSONLinesReader.read(bytes)
  return 0
}

FuzzDriver.run(testOneInput)
