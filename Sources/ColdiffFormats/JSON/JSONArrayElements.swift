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
    ValidatedJSON(bytes).forEachElement(array: array.lowerBound) {
      ranges.append($0)
      return true
    }
    return ranges
  }
}
