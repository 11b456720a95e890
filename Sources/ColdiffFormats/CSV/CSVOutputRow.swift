/// One row of a table being written by ``CSVTable/write(header:rows:)``.
public enum CSVOutputRow: Sendable {
  /// Record `i` of the table that writes, copied byte for byte (field by
  /// field, each as written, when the header changed).
  case original(Int)
  /// A new or changed record: its values by column name. A column the
  /// object has no member for is an empty field.
  case values(JSONObject)
}
