extension JSONPointer {
  /// The array index a reference token designates, or `nil` when the token
  /// is not one.
  ///
  /// An index is `0` or a run of decimal digits without a leading zero
  /// (RFC 6901 §4): `01`, `1e0`, `+1` and `-` are not indices (`-`, "past
  /// the end", is handled by the operations that allow it).
  ///
  /// - Parameter token: a decoded reference token.
  /// - Returns: the index, or `nil` (also for an index beyond `Int.max`).
  /// - Complexity: O(n) in the token's length.
  public static func arrayIndex(_ token: [UInt8]) -> Int? {
    guard let first = token.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      return nil
    }
    if first == UInt8(ascii: "0") { return token.count == 1 ? 0 : nil }
    var index = 0
    for byte in token {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflowTimes) = index.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflowTimes, !overflowSum else { return nil }
      index = sum
    }
    return index
  }

  /// The value this pointer designates inside `value`, or `nil` when there
  /// is none (a missing member, an index out of bounds or not an index,
  /// `-`, or a step into a scalar).
  ///
  /// Member lookups see the last member of a name, as ``JSONObject`` does.
  ///
  /// - Parameter value: the document to look into.
  /// - Returns: the designated value, or `nil`.
  /// - Complexity: O(d·m) for d tokens and at most m members per object
  ///   on the way.
  public func resolve(in value: JSONValue) -> JSONValue? {
    var current = value
    for token in tokens {
      switch current {
      case .object(let object):
        guard let member = object[token] else { return nil }
        current = member
      case .array(let elements):
        guard let index = JSONPointer.arrayIndex(token), index < elements.count else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }
}
