/// How a CSV or TSV file is written: what the writer copies from the file
/// it read so that new rows look like the old ones and an unchanged file
/// is written back byte for byte.
public struct CSVStyle: Hashable, Sendable {
  /// The bytes that end a line.
  public enum LineEnding: Hashable, Sendable {
    /// LF, as on Unix.
    case lf
    /// CR LF, as RFC 4180 and Windows write it.
    case crlf

    /// The line ending's bytes.
    public var bytes: [UInt8] {
      switch self {
      case .lf: return [0x0A]
      case .crlf: return [0x0D, 0x0A]
      }
    }
  }

  /// Which fields are written between quotes.
  public enum Quoting: Hashable, Sendable {
    /// Only fields that need quotes: those holding the delimiter, `"`, CR
    /// or LF, and an empty field in a one-column table (which would
    /// otherwise be a blank line). Leading and trailing spaces are kept
    /// unquoted: they are part of a field (RFC 4180 §2.4).
    case minimal
    /// Every field, as some tools write.
    case all
  }

  /// The field separator: `,` or a tab.
  public var delimiter: UInt8
  /// The line ending of new lines.
  public var lineEnding: LineEnding
  /// Whether the file starts with a UTF-8 byte order mark.
  public var byteOrderMark: Bool
  /// Whether the last line ends with a line ending.
  public var finalNewline: Bool
  /// Which fields are quoted.
  public var quoting: Quoting

  /// Creates a style; the defaults are those of a new file.
  ///
  /// - Parameters:
  ///   - delimiter: the field separator.
  ///   - lineEnding: the line ending of new lines.
  ///   - byteOrderMark: whether to start with a byte order mark.
  ///   - finalNewline: whether the last line has a line ending.
  ///   - quoting: which fields are quoted.
  public init(
    delimiter: UInt8 = UInt8(ascii: ","), lineEnding: LineEnding = .lf,
    byteOrderMark: Bool = false, finalNewline: Bool = true, quoting: Quoting = .minimal
  ) {
    self.delimiter = delimiter
    self.lineEnding = lineEnding
    self.byteOrderMark = byteOrderMark
    self.finalNewline = finalNewline
    self.quoting = quoting
  }
}

extension CSVTable {
  /// The style the file was written in.
  ///
  /// The line ending is the header's (LF when the file is one line); the
  /// final newline is whether the last line has one (true for a zero-byte
  /// file); quoting is ``CSVStyle/Quoting/all`` when every field of the
  /// file is quoted.
  ///
  /// - Complexity: O(1).
  public var style: CSVStyle {
    guard columnCount > 0 else {
      return CSVStyle(delimiter: delimiter, byteOrderMark: hasByteOrderMark)
    }
    let headerEnding = lineEnding(after: contentEnd(ofLine: 0))
    let lastEnding = lineEnding(after: contentEnd(ofLine: lineStarts.count - 1))
    return CSVStyle(
      delimiter: delimiter, lineEnding: headerEnding ?? .lf,
      byteOrderMark: hasByteOrderMark, finalNewline: lastEnding != nil,
      quoting: quotesEveryField ? .all : .minimal)
  }
}
