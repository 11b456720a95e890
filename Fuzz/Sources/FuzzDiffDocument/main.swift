import ColdiffFormats
import FuzzSupport

/// Reads the input as a coldiff diff document; one that reads must write
/// and read back to itself, and reversing a reversed document twice must
/// give it back (the first reversal drops the `after` references, which
/// the document alone cannot rebuild).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  _ = try? PatchDocument(bytes: bytes)
  guard let document = try? DiffDocument(bytes: bytes) else { return 0 }
  guard let again = try? DiffDocument(bytes: document.bytes), again == document else {
    fatalError("a diff document did not read back after writing")
  }
  let reversed = document.reversed()
  guard reversed.reversed().reversed() == reversed else {
    fatalError("reversing a reversed diff document twice did not give it back")
  }
  return 0
}

FuzzDriver.run(testOneInput)
