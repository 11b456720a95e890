extension JSONPointer {
  /// Parses one FIELD of the command line (SPEC §3, §7.7).
  ///
  /// A FIELD that starts with `/` is a JSON Pointer (`/user/id`,
  /// `/a~1b`); otherwise `.` separates member names (`user.id`, `id`).
  /// A member whose name holds a `.` (or starts with `/`) is named with a
  /// pointer.
  ///
  /// - Parameter field: the FIELD as typed, in UTF-8.
  /// - Returns: the pointer the FIELD designates.
  /// - Throws: `InputError` for an empty FIELD, an empty member name in
  ///   dotted form (`user..id`, `.id`, `id.`) or bad pointer syntax.
  /// - Complexity: O(n) in the FIELD's length.
  public init(field: [UInt8]) throws(InputError) {
    if field.first == UInt8(ascii: "/") {
      try self.init(parsing: field)
      return
    }
    guard !field.isEmpty else { throw InputError("empty field name") }
    let names = field.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard names.allSatisfy({ !$0.isEmpty }) else {
      throw InputError(
        "bad field \(JSONPointer.quoted(field)): empty member name between dots"
          + " (name a member that contains a dot with a JSON Pointer)")
    }
    self.init(tokens: names.map { Array($0) })
  }

  /// Parses one FIELD of the command line from a Swift string.
  ///
  /// - Parameter field: the FIELD as typed.
  /// - Throws: `InputError`, as ``init(field:)-([UInt8])``.
  public init(field: String) throws(InputError) {
    try self.init(field: Array(field.utf8))
  }

  /// Parses a comma-separated list of FIELDs (`--key a,b`, `--key
  /// /user/id,name`) into one pointer per FIELD.
  ///
  /// A comma that is part of a name is written twice, in either FIELD
  /// form: `--key '/a,,b,c'` is the two fields `/a,b` and `c`. Commas
  /// pair from the left, so `a,,,b` is `a,` and `b`. A list with an empty
  /// FIELD (`a,`, `,b`) is an error.
  ///
  /// - Parameter list: the list as typed, in UTF-8.
  /// - Returns: the pointers, in the list's order.
  /// - Throws: `InputError` for an empty FIELD or a FIELD that
  ///   ``init(field:)-([UInt8])`` rejects.
  /// - Complexity: O(n) in the list's length.
  public static func fieldList(_ list: [UInt8]) throws(InputError) -> [JSONPointer] {
    var fields: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    while index < list.count {
      let byte = list[index]
      if byte == UInt8(ascii: ",") {
        if index + 1 < list.count, list[index + 1] == UInt8(ascii: ",") {
          current.append(byte)
          index += 2
          continue
        }
        fields.append(current)
        current = []
      } else {
        current.append(byte)
      }
      index += 1
    }
    fields.append(current)
    var pointers: [JSONPointer] = []
    for field in fields {
      guard !field.isEmpty else {
        throw InputError("bad field list \(quoted(list)): empty field name")
      }
      pointers.append(try JSONPointer(field: field))
    }
    return pointers
  }

  /// Parses a comma-separated list of FIELDs from a Swift string.
  ///
  /// - Parameter list: the list as typed.
  /// - Returns: the pointers, in the list's order.
  /// - Throws: `InputError`, as ``fieldList(_:)-([UInt8])``.
  public static func fieldList(_ list: String) throws(InputError) -> [JSONPointer] {
    try fieldList(Array(list.utf8))
  }
}
