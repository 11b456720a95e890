/// Finds where an element of a document's array is in the document's
/// text, so that an error in a patch or diff document names its line and
/// column. Used only once an error is found: it scans the text again.
struct DocumentLocator {
  /// The document's text, which `JSONReader` has read without error.
  let bytes: [UInt8]

  /// Where element `index` starts in the array that is the whole document
  /// (`member` is `nil`) or the value of the document's top-level member
  /// `member`.
  ///
  /// - Parameters:
  ///   - index: the element's 0-based index.
  ///   - member: the top-level member holding the array, or `nil`.
  /// - Returns: the element's line and column, or `nil` when there is no
  ///   such element.
  /// - Complexity: O(n) in the length of the text.
  func position(ofElement index: Int, inMember member: String? = nil) -> TextPosition? {
    bytes.withUnsafeBufferPointer { buffer -> TextPosition? in
      var range = 0..<buffer.count
      if let member {
        guard let object = try? JSONCollectionScanner.scan(buffer, as: .jsonObject),
          let found = (0..<object.count).last(where: {
            JSONText.string(buffer, range: object.nameRange($0), equals: Array(member.utf8))
          })
        else { return nil }
        range = object.recordRange(found)
      }
      let array = try? JSONCollectionScanner.scan(
        UnsafeBufferPointer(rebasing: buffer[range]), as: .jsonArray)
      guard let array, index < array.count else { return nil }
      return TextPosition(offset: range.lowerBound + array.recordStarts[index], in: buffer)
    }
  }
}

extension InputError {
  /// The same error at `position`, unless it has a line already.
  ///
  /// - Parameter position: where the error is, or `nil` when unknown.
  /// - Returns: the located error.
  func located(at position: TextPosition?) -> InputError {
    guard line == nil, let position else { return self }
    var copy = self
    copy.line = position.line
    copy.column = position.column
    return copy
  }
}
