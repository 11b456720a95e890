/// How the records of a JSON collection are laid out.
public enum JSONCollectionForm: Sendable, Equatable {
  /// A top-level array: each element is a record (ordered).
  case array
  /// A top-level object: each member is a record, its name the record's
  /// identity (unordered).
  case object
  /// JSON Lines: each non-blank line holds one record (ordered).
  case lines
}

/// What the caller knows about a collection's form before scanning it.
public enum JSONFormHint: Sendable, Equatable {
  /// Must be a top-level array (`--input json` with a `[`, or a caller
  /// that knows).
  case array
  /// Must be a top-level object.
  case object
  /// JSON Lines (`.jsonl`, `.ndjson`, `--input jsonl`): an empty input is
  /// an empty collection.
  case lines
  /// A JSON document (`.json`, `--input json`): an array or an object by
  /// its first byte; an empty document or a top-level scalar is "not a
  /// collection" (SPEC §7.11).
  case document
  /// Unknown (standard input, other extensions), SPEC §7.15: a document
  /// starting with `{` or `[` is JSON Lines when another value follows the
  /// first, else an object or array; a scalar followed by more values is
  /// JSON Lines. An empty input or a lone scalar is "not a collection".
  case unknown
}
