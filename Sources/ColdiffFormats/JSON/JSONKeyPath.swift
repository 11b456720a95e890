/// A path leading to a key inside a record (`["user", "id"]` for `user.id`
/// or `/user/id`), found in a record's bytes without building its value.
/// A step names an object's member, or, as in a JSON Pointer (RFC 6901),
/// an array's element by its decimal index (`/tags/0`).
public struct JSONKeyPath: Sendable, Hashable {
  /// The steps (member names or array indices), decoded UTF-8, outermost
  /// first.
  public var segments: [[UInt8]]

  /// Creates a path.
  ///
  /// - Parameter segments: the steps (member names or array indices,
  ///   decoded UTF-8), outermost first.
  public init(segments: [[UInt8]]) {
    self.segments = segments
  }

  /// The byte range of the value at this path in a validated record, or
  /// `nil` when some step is missing or is neither an object nor an array
  /// (or the step is not an index of that array). Like lookups in
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
      let start = skipSpace(bytes, value.lowerBound)
      guard start < value.upperBound else { return nil }
      let step: Range<Int>?
      switch bytes[start] {
      case UInt8(ascii: "{"): step = memberValue(named: segment, in: bytes, object: value)
      case UInt8(ascii: "["):
        step = Self.index(segment).flatMap {
          element($0, in: bytes, array: start..<value.upperBound)
        }
      default: return nil
      }
      guard let step else { return nil }
      value = step
    }
    return value
  }

  /// The array index a step spells (`0` or a decimal number without a
  /// leading zero, RFC 6901), or `nil`.
  private static func index(_ segment: [UInt8]) -> Int? {
    guard !segment.isEmpty, segment.count <= 18,
      segment.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      segment.count == 1 || segment[0] != UInt8(ascii: "0")
    else { return nil }
    return segment.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }

  /// The range of element `position` of the array that starts at
  /// `array.lowerBound`, or `nil` when the array is shorter.
  private func element(
    _ position: Int, in bytes: UnsafeBufferPointer<UInt8>, array: Range<Int>
  ) -> Range<Int>? {
    var index = skipSpace(bytes, array.lowerBound + 1)
    var current = 0
    while index < array.upperBound, bytes[index] != UInt8(ascii: "]") {
      let end = JSONLexer.endOfValidatedValue(bytes, from: index)
      if current == position { return index..<end }
      current += 1
      index = skipSpace(bytes, end)
      guard index < array.upperBound, bytes[index] == UInt8(ascii: ",") else { return nil }
      index = skipSpace(bytes, index + 1)
    }
    return nil
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
