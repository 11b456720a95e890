extension JSONCanonicalKey {
  /// The text of the key at `range` of `input` when it is a short plain
  /// string, the most common key, as a block of sixteen bytes from the
  /// text's start and the text's length: its canonical bytes are then
  /// the string tag, the text (a string's text holds no 0x00: control
  /// characters are escaped) and two 0x00, what ``append(_:range:to:)``
  /// gives. `nil` for a key that is not a string, holds an escape, has
  /// more than sixteen bytes between its quotes or ends within sixteen
  /// bytes of the end of the input.
  ///
  /// - Parameters:
  ///   - input: the scanned input.
  ///   - range: the key value's range, a valid JSON value.
  @inline(__always)
  static func plainStringBlock(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> (block: SIMD16<UInt8>, length: Int)?
  {
    let width = ByteClassifier.width
    let text = range.lowerBound &+ 1
    let length = range.count &- 2
    guard let base = input.baseAddress, length >= 0, length <= width,
      text &+ width <= input.count, base[range.lowerBound] == UInt8(ascii: "\"")
    else { return nil }
    let block = ByteClassifier.load(UnsafeRawPointer(base), text)
    let escapes = ByteClassifier.bits(block .== ByteClassifier.splat(UInt8(ascii: "\\")))
    guard escapes & ((1 &<< UInt64(truncatingIfNeeded: length)) &- 1) == 0 else { return nil }
    return (block, length)
  }

  /// How many bytes ``write(plain:length:to:)`` may write: the tag, a
  /// whole block and the two bytes that end the string.
  static let plainStringRoom = ByteClassifier.width + 3

  /// Writes at `out` the canonical bytes of the short plain string whose
  /// text ``plainStringBlock(_:_:)`` gave (`block`, `length`): the tag,
  /// the whole block (the bytes after the text are written over next)
  /// and the two bytes that end the string.
  ///
  /// - Returns: how many of them are the key's, `length + 3`.
  /// - Precondition: there is room for ``plainStringRoom`` bytes at `out`.
  @inline(__always)
  static func write(plain block: SIMD16<UInt8>, length: Int, to out: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    out[0] = stringTag
    UnsafeMutableRawPointer(out + 1).storeBytes(of: block, as: SIMD16<UInt8>.self)
    out[length &+ 1] = 0x00
    out[length &+ 2] = 0x00
    return length &+ 3
  }
}
