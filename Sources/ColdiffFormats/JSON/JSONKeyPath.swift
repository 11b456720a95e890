/// A path of member names leading to a key inside a record (`["user",
/// "id"]` for `user.id` or `/user/id`), found in a record's bytes without
/// building its value.
public struct JSONKeyPath: Sendable, Hashable {
  /// The member names, decoded UTF-8, outermost first.
  public var segments: [[UInt8]]

  /// Creates a path.
  ///
  /// - Parameter segments: the member names (decoded UTF-8), outermost
  ///   first.
  public init(segments: [[UInt8]]) {
    self.segments = segments
  }

  /// The byte range of the value at this path in a validated record, or
  /// `nil` when some step is missing or is not an object. Like lookups in
  /// `JSONObject`, the last member of a duplicated name wins.
  ///
  /// Unrelated values are skipped by bracket counting, without decoding or
  /// validating them again.
  ///
  /// - Parameters:
  ///   - bytes: the scanned buffer.
  ///   - record: a record's range, as `JSONCollectionIndex` gives it (the
  ///     bytes must be validated JSON).
  /// - Returns: the value's range, or `nil`.
  /// - Complexity: O(record.count).
  public func valueRange(in bytes: UnsafeBufferPointer<UInt8>, record: Range<Int>) -> Range<Int>? {
    var value = record
    for segment in segments {
      guard let member = memberValue(named: segment, in: bytes, object: value) else { return nil }
      value = member
    }
    return value
  }

  /// The range of the last member `name` of the object at `object`.
  private func memberValue(
    named name: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, object: Range<Int>
  ) -> Range<Int>? {
    var index = skipSpace(bytes, object.lowerBound)
    guard index < object.upperBound, bytes[index] == UInt8(ascii: "{") else { return nil }
    index = skipSpace(bytes, index + 1)
    var found: Range<Int>?
    while bytes[index] == UInt8(ascii: "\"") {
      let nameEnd = JSONLexer.endOfValidatedString(bytes, from: index)
      let matches = JSONText.string(bytes, range: (index + 1)..<(nameEnd - 1), equals: name)
      let valueStart = skipSpace(bytes, skipSpace(bytes, nameEnd) + 1)
      let valueEnd = JSONLexer.endOfValidatedValue(bytes, from: valueStart)
      if matches { found = valueStart..<valueEnd }
      index = skipSpace(bytes, valueEnd)
      guard bytes[index] == UInt8(ascii: ",") else { break }
      index = skipSpace(bytes, index + 1)
    }
    return found
  }

  /// The first index at or after `index` that is not JSON whitespace.
  private func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
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
