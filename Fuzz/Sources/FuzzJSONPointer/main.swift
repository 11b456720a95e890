import ColdiffFormats
import FuzzSupport

/// Parses the bytes before the first NUL as a JSON Pointer (and as a
/// `--key`/`--ignore` field list) and resolves it in the JSON document
/// after the NUL, reading, adding, replacing and removing there.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let (pointerText, documentText) = splitAtFirstNUL(fuzzBytes(data, size))
  _ = try? JSONPointer.fieldList(pointerText)
  _ = try? JSONPointer(field: pointerText)
  guard let pointer = try? JSONPointer(parsing: pointerText) else { return 0 }
  for token in pointer.tokens { _ = JSONPointer.arrayIndex(token) }
  guard var document = try? JSONReader.parse(documentText) else { return 0 }
  let found = pointer.resolve(in: document)
  _ = try? document.value(at: pointer)
  if let found {
    _ = try? document.replace(at: pointer, with: .null)
    _ = try? document.replace(at: pointer, with: found)
    _ = try? document.remove(at: pointer)
  }
  _ = try? document.add(.bool(true), at: pointer)
  return 0
}

FuzzDriver.run(testOneInput)
