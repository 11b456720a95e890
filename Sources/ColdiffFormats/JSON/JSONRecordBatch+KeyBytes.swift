extension JSONRecordBatch {
  /// How many canonical key bytes a batch holds before they go to the
  /// index: room for the keys of its records when each is a short string.
  static let keyCapacity = 8_192

  /// The canonical key bytes of the most common key, a short JSON string
  /// with no escape (`JSONCanonicalKey.plainStringBlock`), kept in the
  /// batch and appended to the index's with its records
  /// (``flush(into:partnered:of:)``): one copy a batch instead of an
  /// `append(contentsOf:)`, with its checks, a record (a twentieth of a
  /// JSON scan's instructions).
  ///
  /// - Parameters:
  ///   - input: the scanned input.
  ///   - range: the key member value's range, a valid JSON value.
  /// - Returns: whether the key was taken; one that is not such a string,
  ///   or does not fit, is not (flush the batch's key bytes, then append
  ///   it to the index's).
  @inline(__always)
  mutating func appendPlainKey(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard keyByteCount &+ JSONCanonicalKey.plainStringRoom <= Self.keyCapacity,
      let (block, length) = JSONCanonicalKey.plainStringBlock(input, range)
    else { return false }
    keyByteCount &+= JSONCanonicalKey.write(
      plain: block, length: length, to: keyBytes + keyByteCount)
    return true
  }

  /// Where the canonical key bytes of a record noted now end: after
  /// `indexKeyBytes`, the index's, and those the batch holds.
  @inline(__always)
  func keyBytesEnd(after indexKeyBytes: Int) -> Int {
    indexKeyBytes &+ keyByteCount
  }

  /// Appends the key bytes the batch holds to `keys`, the index's, and
  /// empties them: before anything else is appended to `keys`.
  @inline(__always)
  mutating func flushKeyBytes(into keys: inout [UInt8]) {
    guard keyByteCount > 0 else { return }
    keys.append(contentsOf: UnsafeBufferPointer(start: keyBytes, count: keyByteCount))
    keyByteCount = 0
  }
}
