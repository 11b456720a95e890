/// The elements of a JSON array that was already validated (a record of a
/// scanned collection), found by skipping, without building values: what
/// a tree of records needs to walk the children arrays nested in its
/// records.
public enum JSONArrayElements {
  /// The byte ranges of the elements of the validated array at `array`.
  ///
  /// - Parameters:
  ///   - bytes: the input.
  ///   - array: the array's range, from its `[` to just after its `]`.
  /// - Returns: each element's range, without surrounding space.
  /// - Precondition: `array` holds one valid JSON array.
  /// - Complexity: O(length of the array).
  public static func ranges(in bytes: UnsafeBufferPointer<UInt8>, array: Range<Int>) -> [Range<Int>]
  {
    precondition(bytes[array.lowerBound] == UInt8(ascii: "["), "not an array")
    var ranges: [Range<Int>] = []
    var index = skipSpace(bytes, array.lowerBound + 1)
    while index < array.upperBound, bytes[index] != UInt8(ascii: "]") {
      let end = JSONLexer.endOfValidatedValue(bytes, from: index)
      ranges.append(index..<end)
      index = skipSpace(bytes, end)
      if index < array.upperBound, bytes[index] == UInt8(ascii: ",") {
        index = skipSpace(bytes, index + 1)
      }
    }
    return ranges
  }

  private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
    var index = index
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return index
      }
    }
    return index
  }
}
