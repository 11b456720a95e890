/// Writes JSON Lines: each value compact on its own line.
///
/// To write records back into an existing file, keeping its bytes where
/// records are unchanged, use `JSONCollectionLayout`.
public enum JSONLinesWriter {
  /// Appends values, one a line.
  ///
  /// - Parameters:
  ///   - values: the records.
  ///   - style: `colon` and `comma` for the values (they are always
  ///     compact), `lineEnding` between lines, and `finalNewline` for
  ///     whether the last line ends with one.
  ///   - out: where to append.
  /// - Complexity: O(n) in the written size.
  public static func write(
    _ values: some Sequence<JSONValue>, style: JSONStyle = .compact, to out: inout [UInt8]
  ) {
    var compact = style
    compact.indent = .none
    var first = true
    for value in values {
      if !first { out += style.lineEnding }
      first = false
      JSONWriter.write(value, style: compact, to: &out)
    }
    if !first && style.finalNewline { out += style.lineEnding }
  }
}
