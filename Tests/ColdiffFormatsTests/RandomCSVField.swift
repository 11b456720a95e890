import Foundation
import TestSupport

/// Random CSV fields for the seeded table tests: a few pieces of text
/// (some that make a field quote: quotes, delimiters, line ends), quoted
/// when they must be and at random otherwise.
enum RandomCSVField {
  /// A field of up to `maximumPieces` of `pieces`, in a table of
  /// `columns` columns (a table of one column quotes an empty field, or
  /// its row would be blank).
  static func make(
    from pieces: [String], maximumPieces: Int, columns: Int, using random: inout SeededGenerator
  ) -> String {
    let value = (0..<Int.random(in: 0...maximumPieces, using: &random)).map { _ in
      pieces.randomElement(using: &random)!
    }.joined()
    let mustQuote =
      value.unicodeScalars.contains { "\",\n\r".unicodeScalars.contains($0) }
      || (value.isEmpty && columns == 1)
    guard mustQuote || Bool.random(using: &random) else { return value }
    return quoted(value)
  }

  /// `text` in double quotes, its quotes doubled.
  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
