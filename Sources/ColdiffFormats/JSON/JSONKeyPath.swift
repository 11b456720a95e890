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
    guard !record.isEmpty else { return nil }
    let text = ValidatedJSON(bytes)
    var value = record
    for segment in segments {
      let start = text.skipSpace(value.lowerBound)
      guard start < value.upperBound else { return nil }
      let step: Range<Int>?
      switch bytes[start] {
      case UInt8(ascii: "{"): step = text.member(named: segment, object: start)
      case UInt8(ascii: "["): step = Self.index(segment).flatMap { text.element($0, array: start) }
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
}
