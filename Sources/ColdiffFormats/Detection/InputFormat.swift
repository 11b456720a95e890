/// A format the user can name: the values of `--input` and what a file
/// name's extension says (SPEC §2).
public enum InputFormat: String, CaseIterable, Hashable, Sendable {
  /// One JSON value, an array or an object (`.json`, `--input json`).
  case json
  /// JSON Lines, one value per non-blank line (`.jsonl`, `.ndjson`,
  /// `--input jsonl`).
  case jsonLines = "jsonl"
  /// Comma-separated values with a header (`.csv`, `--input csv`).
  case csv
  /// Tab-separated values with a header, quoted as CSV (`.tsv`,
  /// `--input tsv`).
  case tsv

  /// The format an `--input` argument names: `json`, `jsonl`, `csv` or
  /// `tsv`, exactly (``rawValue``), or `nil`.
  ///
  /// - Parameter argument: the option's value as typed.
  public init?(argument: String) {
    self.init(rawValue: argument)
  }

  /// The format a file name's extension names, or `nil` for standard
  /// input (`-`), a name without extension or an unknown extension.
  ///
  /// The extension is what follows the last `.` of the name's last path
  /// component, compared without regard to ASCII case (`.JSON` is JSON); a
  /// name that only starts with a dot (`.csv`) has none.
  ///
  /// - Parameter fileName: the path as the user gave it.
  /// - Complexity: O(length of the name).
  public init?(fileName: String) {
    let base =
      fileName.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .last ?? []
    guard let dot = base.lastIndex(of: UInt8(ascii: ".")), dot != base.startIndex else {
      return nil
    }
    let lowered = base[base.index(after: dot)...].map { byte -> UInt8 in
      byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
    switch String(decoding: lowered, as: UTF8.self) {
    case "json": self = .json
    case "jsonl", "ndjson": self = .jsonLines
    case "csv": self = .csv
    case "tsv": self = .tsv
    default: return nil
    }
  }
}
