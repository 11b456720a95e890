/// How an input's records are to be read, decided by
/// ``detect(fileName:override:bytes:)`` (SPEC §2, §7.11, §7.15); the JSON
/// scanner takes it as what is known before the scan and gives back the
/// form it found (`.jsonArray`, `.jsonObject` or `.jsonLines`) in
/// `JSONCollectionIndex.form`. With `InputFormat` (what the user names),
/// the only enums of the input form.
public enum InputForm: Hashable, Sendable {
  /// A JSON array: each element is a record (ordered).
  case jsonArray
  /// A JSON object: each member is a record named by its member name
  /// (unordered).
  case jsonObject
  /// JSON Lines: each non-blank line is a record (ordered).
  case jsonLines
  /// CSV with a header: each row after it is a record.
  case csv
  /// TSV with a header: each row after it is a record.
  case tsv
  /// Standard input or an unknown extension whose first value starts with
  /// `{`: JSON Lines when another value follows the first, else one JSON
  /// object (SPEC §7.15). Telling them apart needs the whole first value,
  /// so the JSON scanner decides, not detection (given this form it takes
  /// any first value: one array or object, else JSON Lines).
  case jsonObjectOrLines
}
