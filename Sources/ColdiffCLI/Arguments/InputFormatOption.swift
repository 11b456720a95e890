/// The input form named by `--input`, overriding detection.
public enum InputFormatOption: String, Sendable, Equatable, CaseIterable {
  /// A JSON array or object.
  case json
  /// JSON Lines: one value per line.
  case jsonl
  /// Comma-separated values with a header row.
  case csv
  /// Tab-separated values with a header row.
  case tsv
}
