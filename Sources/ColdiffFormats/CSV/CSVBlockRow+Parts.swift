/// The parts of a row that ``CSVBlockRow/read(_:at:delimiter:delimiterBlock:keyColumn:)``
/// reads outside its blocks.
extension CSVBlockRow {
  /// Whether the non-ASCII bytes of the block at `position` (`bits`, one
  /// a lane) are well-formed UTF-8: each sequence that starts at or
  /// after `checkedTo` is checked whole, and `checkedTo` moved past it.
  @inline(__always)
  static func validUTF8(
    _ bits: UInt64, _ input: UnsafeBufferPointer<UInt8>, at position: Int, checkedTo: inout Int
  ) -> Bool {
    var high = bits
    while high != 0 {
      let at = position &+ high.trailingZeroBitCount
      high &= high &- 1
      guard at >= checkedTo else { continue }
      let length = UTF8Validation.sequenceLength(input, at: at, limit: input.count)
      guard length > 0 else { return false }
      checkedTo = at &+ length
    }
    return true
  }

  /// Whether the CRs of the block at `position` (`bits`, among its lanes
  /// before `end`, the lane of the row's line feed or 16) are one just
  /// before the row's line feed (in this block, or the next one's first
  /// byte, when the input has one).
  @inline(__always)
  static func endsLine(
    _ bits: UInt64, _ end: Int, _ input: UnsafeBufferPointer<UInt8>, _ position: Int
  ) -> Bool {
    let last = end &- 1
    guard bits == 1 &<< UInt64(truncatingIfNeeded: last) else { return false }
    if end < ByteClassifier.width { return true }
    let next = position &+ end
    return next < input.count && input[next] == CSVIndex.lineFeed
  }

  /// The bytes of field `column` of the row at `start`, found by its
  /// delimiters alone (the row is checked afterwards), or `nil` when a
  /// field up to it is quoted, or the row ends before it or near the
  /// input's end.
  @inline(__always)
  static func field(
    _ column: Int, of input: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8,
    delimiterBlock: SIMD16<UInt8>
  ) -> Range<Int>? {
    guard let base = input.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    var fieldStart = start
    var position = start
    var current = 0
    while position &+ ByteClassifier.width <= input.count {
      if position == fieldStart, input[position] == CSVIndex.quote { return nil }
      let found = ByteClassifier.firstUnquotedFieldStop(raw, position, delimiter: delimiterBlock)
      position &+= found
      if found == ByteClassifier.width { continue }
      let byte = input[position]
      if byte >= 0x80 {
        position &+= 1
        continue
      }
      if current == column { return fieldStart..<position }
      guard byte == delimiter else { return nil }
      current &+= 1
      position &+= 1
      fieldStart = position
    }
    return nil
  }

  /// The sum of the lanes of `counts`, which is at most 255: each half's
  /// bytes added up in its top byte by one multiply.
  @inline(__always)
  static func sum(_ counts: SIMD16<UInt8>) -> Int {
    let words = unsafeBitCast(counts, to: SIMD2<UInt64>.self)
    let ones: UInt64 = 0x0101_0101_0101_0101
    return Int(truncatingIfNeeded: ((words[0] &* ones) &>> 56) &+ ((words[1] &* ones) &>> 56))
  }

}
