extension JSONText {
  /// The bytes of the value of the member named `name` of a validated
  /// object, found without building the object: names are compared as
  /// they are written (decoded when they hold escapes), values skipped by
  /// counting brackets.
  ///
  /// - Parameters:
  ///   - name: the member's decoded name (UTF-8).
  ///   - bytes: the buffer.
  ///   - range: the object's bytes (validated JSON, no whitespace around).
  /// - Returns: the range of the value of the last member of that name (as
  ///   `JSONReader` lookups see the last one), or `nil` when the value is
  ///   not an object or has no such member.
  /// - Complexity: O(range.count).
  public static func memberValue(
    named name: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, object range: Range<Int>
  ) -> Range<Int>? {
    guard !range.isEmpty, bytes[range.lowerBound] == UInt8(ascii: "{") else { return nil }
    return ValidatedJSON(bytes).member(named: name, object: range.lowerBound)
  }

  /// The members of a validated object, as the byte ranges of each name
  /// (between its quotes, as written) and value, in order.
  ///
  /// - Parameters:
  ///   - bytes: the buffer.
  ///   - range: the object's bytes (validated JSON, no whitespace around).
  /// - Returns: the members, or `nil` when the value is not an object.
  /// - Complexity: O(range.count).
  public static func members(
    in bytes: UnsafeBufferPointer<UInt8>, object range: Range<Int>
  ) -> [(name: Range<Int>, value: Range<Int>)]? {
    var members: [(name: Range<Int>, value: Range<Int>)] = []
    // Room for a record's members at once: grown from empty, an array of
    // twelve was made five times.
    members.reserveCapacity(JSONText.membersReserved)
    let isObject = forEachMember(in: bytes, object: range) { members.append(($0, $1)) }
    return isObject ? members : nil
  }

  /// How many members ``members(in:object:)`` makes room for at once.
  static let membersReserved = 16

  /// Calls `body` with the name (between its quotes, as written) and the
  /// value of each member of a validated object, in order.
  ///
  /// - Parameters:
  ///   - bytes: the buffer.
  ///   - range: the object's bytes (validated JSON, no whitespace around).
  ///   - body: takes a member's name and value ranges.
  /// - Returns: whether the value is an object (`body` is not called
  ///   otherwise).
  /// - Complexity: O(range.count).
  @discardableResult
  static func forEachMember(
    in bytes: UnsafeBufferPointer<UInt8>, object range: Range<Int>,
    _ body: (_ name: Range<Int>, _ value: Range<Int>) -> Void
  ) -> Bool {
    guard !range.isEmpty, bytes[range.lowerBound] == UInt8(ascii: "{") else { return false }
    ValidatedJSON(bytes).forEachMember(object: range.lowerBound) { name, value, _ in
      body(name, value)
      return true
    }
    return true
  }
}
