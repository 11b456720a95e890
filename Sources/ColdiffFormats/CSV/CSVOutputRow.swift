/// One row of a table being written by ``CSVTable/write(header:rows:)``.
public enum CSVOutputRow: Sendable {
  /// Record `i` of the table that writes, copied byte for byte (field by
  /// field, each as written, when the header changed).
  case original(Int)
  /// A new or changed record: its values by column name. A column the
  /// object has no member for is an empty field.
  case values(JSONObject)
  /// A new record given as the text of an object, written as `.values`
  /// writes its value.
  indirect case text(CSVTextRow)
  /// Record `i` of the table that writes with some of its fields given
  /// new text (`fields`, by the table's column, at most one each): written
  /// as the row of values of all its fields would be, the others its own.
  case edited(Int, fields: [(column: Int, text: [UInt8])])
}
