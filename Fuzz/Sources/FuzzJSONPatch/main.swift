import ColdiffFormats
import FuzzSupport

/// Reads the bytes after the first NUL as an RFC 6902 patch and applies it
/// to the JSON document before the NUL. A patch that reads must write and
/// read back to itself; when it applies, can be reversed and never adds or
/// moves over an existing value (which RFC 6902 makes a replacement that
/// no patch-only reversal can undo), the reversed patch must apply to the
/// result and give the document back.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let (documentText, patchText) = splitAtFirstNUL(fuzzBytes(data, size))
  _ = try? PatchDocument(bytes: patchText)
  guard let patch = try? JSONPatch(bytes: patchText) else { return 0 }
  guard let again = try? JSONPatch(bytes: patch.bytes), again == patch else {
    fatalError("a patch did not read back after writing")
  }
  guard let document = try? JSONReader.parse(documentText),
    let result = try? patch.applied(to: document)
  else { return 0 }
  guard !overwrites(patch, document) else { return 0 }
  guard let reverse = try? patch.reversed() else { return 0 }
  guard let back = try? reverse.applied(to: result) else {
    fatalError("the reversed patch does not apply to the patched document")
  }
  guard back == document else {
    fatalError("the reversed patch does not give the document back")
  }
  return 0
}

/// Whether some `add` or `move` of `patch`, applied in turn to `document`,
/// lands on a value that already exists (the root, or an object member).
func overwrites(_ patch: JSONPatch, _ document: JSONValue) -> Bool {
  var current = document
  for operation in patch.operations {
    switch operation.kind {
    case .add, .move, .copy:
      let path = operation.path
      if path.isRoot { return true }
      let parent = JSONPointer(tokens: Array(path.tokens.dropLast()))
      if case .object = parent.resolve(in: current), path.resolve(in: current) != nil {
        return true
      }
    default: break
    }
    guard let next = try? JSONPatch(operations: [operation]).applied(to: current) else {
      return true
    }
    current = next
  }
  return false
}

FuzzDriver.run(testOneInput)
