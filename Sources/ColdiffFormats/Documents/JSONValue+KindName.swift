extension JSONValue {
  /// The kind of the value with its article, for messages: `an object`,
  /// `an array`, `a string`, `a number`, `a boolean` or `null`.
  package var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The kind, as ``kindName`` words it, of the validated JSON value whose
  /// text starts with `first`.
  package static func kindName(ofTextStartingWith first: UInt8?) -> String {
    switch first {
    case UInt8(ascii: "{"): "an object"
    case UInt8(ascii: "["): "an array"
    case UInt8(ascii: "\""): "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
    case UInt8(ascii: "n"): "null"
    default: "a number"
    }
  }
}
