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
}
