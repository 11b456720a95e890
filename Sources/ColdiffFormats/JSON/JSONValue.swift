/// A JSON value that keeps the original text of its numbers and strings.
///
/// Equality is JSON equality: object member order does not matter, numbers
/// compare as exact decimals (`1.0 == 1 == 1e0`), strings by their decoded
/// characters. Hashing agrees with that equality, so values can serve as
/// whole-value identities.
///
/// Records are kept as byte ranges of their input on the hot paths; a
/// `JSONValue` tree is built only for records that must be compared
/// structurally, changed or written anew.
public enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, with its original text.
  case number(JSONNumber)
  /// A string, with its original (escaped) text.
  case string(JSONString)
  /// An array.
  case array([JSONValue])
  /// An object, with its members in their original order.
  case object(JSONObject)
}

extension JSONValue: Hashable {
  /// JSON equality: see the type's documentation.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a == b
    default: return false
    }
  }

  /// Hashes the value consistently with JSON equality.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0 as UInt8)
    case .bool(let value):
      hasher.combine(1 as UInt8)
      hasher.combine(value)
    case .number(let number):
      hasher.combine(2 as UInt8)
      hasher.combine(number)
    case .string(let string):
      hasher.combine(3 as UInt8)
      hasher.combine(string)
    case .array(let elements):
      hasher.combine(4 as UInt8)
      hasher.combine(elements)
    case .object(let object):
      hasher.combine(5 as UInt8)
      hasher.combine(object)
    }
  }
}

extension JSONValue {
  /// The members of an object value, or `nil` for any other kind.
  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The elements of an array value, or `nil` for any other kind.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}
