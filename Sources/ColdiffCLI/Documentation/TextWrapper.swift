/// Fills plain text into lines of a given width, breaking at spaces.
enum TextWrapper {
  /// The lines of `text` filled to at most `width` columns, the first
  /// prefixed by `firstIndent` and the others by `indent`.
  ///
  /// A word longer than a line stays whole on a line of its own.
  ///
  /// - Parameters:
  ///   - text: The text; runs of spaces and newlines separate words.
  ///   - width: The largest line length, indentation included.
  ///   - firstIndent: The prefix of the first line.
  ///   - indent: The prefix of the following lines.
  /// - Returns: The lines, without newlines.
  static func wrap(_ text: String, width: Int, firstIndent: String, indent: String) -> [String] {
    var lines: [String] = []
    var line = firstIndent
    var lineHasWord = false
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if lineHasWord && line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }
}
