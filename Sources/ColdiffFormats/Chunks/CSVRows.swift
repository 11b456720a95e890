/// The rows one scan of part of a CSV file found
/// (``CSVIndex/scanRows(_:from:startingBefore:delimiter:classes:into:)``),
/// before they join the index.
struct CSVRows {
  /// The start offset of each row.
  var lineStarts: [UInt32] = []
  /// The text line on which each row starts, counted from 1 at the
  /// scan's start.
  var lineNumbers: [UInt32] = []
  /// For each row, when the scan took the rows of another file whole
  /// (`CSVKnownRows`): that file's line (0 its header) with the same
  /// bytes, or -1; empty when the scan had no other file.
  var knownPartners: [Int32] = []
  /// The key column's canonical bytes, each row's back to back, and
  /// where each row's key ends (when the scan makes keys;
  /// `CSVCapturedKeys`).
  var keys: CSVKeyBytes?
  /// The number of fields of the first row, -1 when there is none.
  var columnCount = -1
  /// Whether the first row is an empty line.
  var firstRowBlank = false
  /// Whether every field read is quoted.
  var everyFieldQuoted = true
  /// Where the scan stopped: the start of the next row.
  var end = 0
  /// The number of line feeds from the scan's start to `end`.
  var lineFeeds = 0
  /// The first error in the rows, when the scan stopped at one.
  var error: InputError?
}
