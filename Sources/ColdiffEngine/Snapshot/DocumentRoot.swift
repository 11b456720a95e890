import ColdiffFormats

/// Where a `--root` collection lies in its JSON document (SPEC §8.2): the
/// pointer, the whole document as read, and the collection's bytes in it.
///
/// The snapshot of a rooted collection reads a copy of the document in
/// which every byte outside the collection is a space (line endings
/// stay), so records keep their offsets, lines and columns in the whole
/// document, and the writer puts the document's own bytes back around
/// the collection.
package struct DocumentRoot: Sendable {
  /// The collection's place in the document.
  package let pointer: JSONPointer
  /// The whole document, as read.
  package let document: SourceBytes
  /// The collection's bytes in `document`, from its `[` or `{` to just
  /// after its closing bracket.
  package let range: Range<Int>

  /// Finds the collection at `pointer` in a JSON document.
  ///
  /// - Parameters:
  ///   - pointer: the `--root` pointer.
  ///   - document: the whole input.
  /// - Returns: the root and the document with everything outside the
  ///   collection blanked.
  /// - Throws: `InputError` when the input is not one JSON array or
  ///   object, when the pointer names nothing in it, or names a value that
  ///   is not an array or object.
  package static func locate(_ pointer: JSONPointer, in document: SourceBytes) throws(InputError)
    -> (root: DocumentRoot, blanked: SourceBytes)
  {
    let range = try document.withUnsafeBufferPointer { (bytes) throws(InputError) in
      try find(pointer, in: bytes, validating: true)
    }
    var copy = [UInt8](repeating: UInt8(ascii: " "), count: document.count)
    document.withUnsafeBufferPointer { bytes in
      for offset in bytes.indices where bytes[offset] == 0x0A { copy[offset] = 0x0A }
      for offset in range { copy[offset] = bytes[offset] }
    }
    return (DocumentRoot(pointer: pointer, document: document, range: range), SourceBytes(copy))
  }

  /// The innermost array holding every operation of `patch` in a JSON
  /// document: where the operations of a patch that `coldiff --root`
  /// wrote lie. `nil` when they share no array.
  ///
  /// - Complexity: O(size of the document).
  package static func enclosingArray(of patch: RawJSONPatch, in document: SourceBytes)
    -> JSONPointer?
  {
    var candidate = patch.commonContainer
    // Operations on the members themselves: no enclosed array, and no
    // walk over the whole document (which would bring all of a target
    // that stays on disk into memory).
    guard !candidate.isRoot else { return nil }
    return document.withUnsafeBufferPointer { bytes in
      guard (try? find(.root, in: bytes, validating: true)) != nil else { return nil }
      while !candidate.isRoot {
        if let range = try? find(candidate, in: bytes, validating: false),
          bytes[range.lowerBound] == UInt8(ascii: "[")
        {
          return candidate
        }
        candidate = candidate.parent ?? .root
      }
      return nil
    }
  }

  /// The range of the array or object at `pointer`, in a document that is
  /// validated first unless `validating` is false (it was already).
  private static func find(
    _ pointer: JSONPointer, in bytes: UnsafeBufferPointer<UInt8>, validating: Bool
  ) throws(InputError) -> Range<Int> {
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count, isSpace(bytes[start]) { start += 1 }
    var end = bytes.count
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    guard start < end, bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{")
    else {
      throw InputError("--root needs one JSON document that is an array or an object")
    }
    // Validate the document once; then walk it by skipping.
    if validating {
      _ = try JSONCollectionScanner.scan(
        bytes, as: bytes[start] == UInt8(ascii: "[") ? .jsonArray : .jsonObject)
    }
    var range = start..<end
    var walked = JSONPointer.root
    for token in pointer.tokens {
      let found: Range<Int>?
      if bytes[range.lowerBound] == UInt8(ascii: "{") {
        found = JSONText.memberValue(named: token, in: bytes, object: range)
      } else if bytes[range.lowerBound] == UInt8(ascii: "["),
        let index = JSONPointer.arrayIndex(token)
      {
        let elements = JSONArrayElements.ranges(in: bytes, array: range)
        found = index < elements.count ? elements[index] : nil
      } else {
        found = nil
      }
      guard let found else {
        throw InputError(
          "--root \(pointer): nothing at \(walked.appending(token)) in this document")
      }
      range = found
      walked = walked.appending(token)
    }
    guard
      bytes[range.lowerBound] == UInt8(ascii: "[") || bytes[range.lowerBound] == UInt8(ascii: "{")
    else {
      throw InputError("--root \(pointer): the value there is not an array or an object")
    }
    return range
  }
}
