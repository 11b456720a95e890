extension JSONRecordBatch {
  /// How many canonical key bytes a batch holds before they go to the
  /// index: room for the keys of its records when each is a short string.
  static let keyCapacity = 8_192

  /// The canonical key bytes of the most common key, a short JSON string
  /// with no escape, kept in the batch and appended to the index's with
  /// its records (``flush(into:partnered:of:)``): one copy a batch
  /// instead of an `append(contentsOf:)`, with its checks, a record (a
  /// twentieth of a JSON scan's instructions). The same bytes as
  /// `JSONCanonicalKey.append(_:range:to:)` gives: the string tag, the
  /// text (a string's text holds no 0x00: control characters are
  /// escaped) and the two bytes that end it.
  ///
  /// - Parameters:
  ///   - input: the scanned input.
  ///   - range: the key member value's range, a valid JSON value.
  /// - Returns: whether the key was taken; a key that is not a string,
  ///   holds an escape, is longer than sixteen bytes between its quotes,
  ///   ends within sixteen bytes of the end of the input or does not fit
  ///   is not (flush the batch's key bytes, then append it to the
  ///   index's).
  @inline(__always)
  mutating func appendPlainKey(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    let width = ByteClassifier.width
    let text = range.lowerBound &+ 1
    let length = range.count &- 2
    guard let base = input.baseAddress, length >= 0, length <= width,
      text &+ width <= input.count, keyByteCount &+ width &+ 3 <= Self.keyCapacity,
      base[range.lowerBound] == UInt8(ascii: "\"")
    else { return false }
    let block = ByteClassifier.load(UnsafeRawPointer(base), text)
    let escapes = ByteClassifier.bits(block .== ByteClassifier.splat(UInt8(ascii: "\\")))
    guard escapes & ((1 &<< UInt64(truncatingIfNeeded: length)) &- 1) == 0 else { return false }
    let out = keyBytes + keyByteCount
    out[0] = JSONCanonicalKey.stringTag
    // The whole block: the bytes after the text are written over next.
    UnsafeMutableRawPointer(out + 1).storeBytes(of: block, as: SIMD16<UInt8>.self)
    out[length &+ 1] = 0x00
    out[length &+ 2] = 0x00
    keyByteCount &+= length &+ 3
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
