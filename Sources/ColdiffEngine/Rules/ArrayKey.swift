import ColdiffFormats

/// One `--array-key FIELD=KEYFIELD` (SPEC §8.2): the array at FIELD inside
/// each record is a keyed collection, its elements matched by the value
/// of KEYFIELD and compared element by element.
package struct ArrayKey: Hashable, Sendable {
  /// The array's field in a record (a field or a pattern).
  package let field: FieldPattern
  /// The key field inside each element.
  package let key: JSONPointer

  /// Creates a keyed array rule.
  package init(field: FieldPattern, key: JSONPointer) {
    self.field = field
    self.key = key
  }

  /// Parses the value of one `--array-key`: FIELD, `=`, KEYFIELD, each in
  /// the FIELD syntax. The last `=` separates them.
  ///
  /// - Throws: `InputError` for a missing `=` or a bad field.
  package static func parse(_ argument: String) throws(InputError) -> ArrayKey {
    guard let equals = argument.lastIndex(of: "=") else {
      throw InputError("bad array key '\(argument)': expected FIELD=KEYFIELD")
    }
    let field = try JSONPointer(field: String(argument[..<equals]))
    let key = try JSONPointer(field: String(argument[argument.index(after: equals)...]))
    return ArrayKey(field: FieldPattern(field), key: key)
  }
}

/// An element of a keyed array without its key field, or a key twice in
/// one array: the message names the element; the comparison names the
/// record.
package struct ArrayKeyError: Error {
  /// What is wrong, naming the array and the element.
  package let message: String
  /// Whether it is in NEW (else in OLD).
  package let inNew: Bool
}
